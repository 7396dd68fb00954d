import Link from "~/components/site-link";
import { CheckList, Container, SectionHeading } from "~/components/marketing/ui";
import { SERVICES } from "~/content/services";

/** The three services, each with its benefits and a link to its part of /services. */
export function ServicesOverview() {
  return (
    <section aria-labelledby="services-title" className="py-20">
      <Container>
        <SectionHeading
          id="services-title"
          eyebrow="What we do"
          title="Services Built on Science"
          intro="Three ways to work with us, each beginning with a structured assessment and ending with measurable change."
        />
        <div className="mt-12 grid gap-8 lg:grid-cols-3">
          {SERVICES.map((service) => (
            <article key={service.id} className="flex flex-col rounded-xl border border-slate-200 p-8 shadow-sm">
              <h3 className="text-xl font-semibold text-brand-900">{service.homeTitle}</h3>
              <p className="mt-3 text-slate-600">{service.summary}</p>
              <div className="mt-6 flex-1">
                <CheckList items={service.benefits} />
              </div>
              <Link href={`/services#${service.id}`} className="mt-8 font-semibold text-brand-700 underline-offset-4 hover:underline">
                {`Learn more about ${service.homeTitle}`}
              </Link>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}
