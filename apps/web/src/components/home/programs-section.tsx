import { Container, ProgramCard, SectionHeading } from "~/components/marketing/ui";
import { PROGRAMS } from "~/content/programs";

/** The specialised coaching programs, one card each (on the home page and on /services, each with its own background). */
export function ProgramsSection({ className }: { className: string }) {
  return (
    <section aria-labelledby="programs-title" className={className}>
      <Container>
        <SectionHeading
          id="programs-title"
          eyebrow="Coaching programs"
          title="Specialized Coaching Programs"
          intro="Focused programs for the challenges senior leaders raise most often."
        />
        <div className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {PROGRAMS.map((program) => (
            <ProgramCard key={program.slug} program={program} />
          ))}
        </div>
      </Container>
    </section>
  );
}
