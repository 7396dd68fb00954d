import { Picture } from "~/components/picture";
import { Container, SectionHeading } from "~/components/marketing/ui";

const PILLARS = [
  {
    title: "Psychology-Based Methodology",
    text: "Our coaching draws on organisational psychology, behavioural science and adult-development research, not on generic motivational techniques.",
  },
  {
    title: "Scientific Assessments",
    text: "Personality, IQ, EQ and leadership assessments, each reported with its margin of error, give every engagement a shared baseline and a way to tell real change from noise.",
  },
  {
    title: "Proven Results",
    text: "Goals are agreed at the outset and measured throughout. Our clients report a 47% average improvement in leadership effectiveness.",
  },
];

/** The three pillars every engagement rests on. */
export function ApproachSection() {
  return (
    <section aria-labelledby="approach-title" className="py-20">
      <Container className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="approach-title"
            align="left"
            eyebrow="Our approach"
            title="Where Psychology Meets Performance"
            intro="Every engagement rests on three pillars."
          />
          <ol className="mt-10 grid gap-8">
            {PILLARS.map((pillar, index) => (
              <li key={pillar.title} className="flex gap-5">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-brand-900">{pillar.title}</h3>
                  <p className="mt-1 text-slate-600">{pillar.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <Picture
          src="/images/approach.svg"
          alt="Illustration of a rising performance chart"
          width={640}
          height={400}
          className="w-full rounded-2xl"
        />
      </Container>
    </section>
  );
}
