import { DB_ISSUE_TEXT, DB_ISSUE_TITLE } from "~/lib/errors";

/** The spec's "Database Connection Issue" panel (section 8): test pages, history, admin, and the page guards. */
export function DatabaseIssue({ extra, headingLevel = 1 }: { extra?: string; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-6 py-8 text-center">
      <Heading className="text-xl font-semibold text-amber-900">{DB_ISSUE_TITLE}</Heading>
      <p className="mt-3 text-amber-900">{DB_ISSUE_TEXT}</p>
      {extra ? <p className="mt-2 text-sm text-amber-900">{extra}</p> : null}
    </section>
  );
}
