import Link from "~/components/site-link";
import { ButtonLink, Container, SectionHeading } from "~/components/marketing/ui";
import { ASSESSMENT_TEASERS } from "~/content/assessments";

/** The four assessments, each linking to its place in /tests. */
export function AssessmentsTeaser() {
  return (
    <section aria-labelledby="assessments-title" className="bg-brand-50 py-20">
      <Container>
        <SectionHeading
          id="assessments-title"
          title="Scientific Assessments"
          intro="Short questionnaires on how you think, feel and lead, each result shown with its margin of error. Take one online, and bring the results to your first conversation with us."
        />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ASSESSMENT_TEASERS.map((assessment) => (
            <article key={assessment.type} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">{assessment.badge}</span>
                <span className="text-sm text-slate-600">{`${assessment.minutes} mins`}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{assessment.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{assessment.description}</p>
              <Link
                href={`/tests?type=${assessment.type}`}
                aria-label={`Take Assessment: ${assessment.title}`}
                className="mt-6 inline-flex justify-center rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Take Assessment
              </Link>
            </article>
          ))}
        </div>
        <div className="mt-10 text-center">
          <ButtonLink href="/tests" variant="outline">
            View All Assessments
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
