import { Container } from "./ui";

/** A long-form legal or reference page: heading, date and readable prose sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: Array<{ heading: string; body: React.ReactNode[] }>;
}) {
  return (
    <Container className="max-w-3xl py-16">
      <h1 className="text-4xl font-bold tracking-tight text-brand-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{`Last updated: ${updated}`}</p>
      <p className="mt-6 text-lg leading-8 text-slate-700">{intro}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-semibold text-brand-900">{section.heading}</h2>
          <div className="mt-3 grid gap-3 leading-7 text-slate-700">
            {section.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}
    </Container>
  );
}
