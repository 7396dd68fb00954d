import { format } from "date-fns";
import Link from "next/link";
import type { ReactNode, Ref } from "react";
import { Button, buttonClasses } from "@coach/ui/button";
import { ResultDisplay, ResultPrintStyles } from "./result-display";
import type { AssessmentCopy, Attempt, TestWithQuestions } from "./types";

/** The results phase: Your Results, the result display, Back to Tests and Print Results. */
export function ResultsScreen({
  header,
  test,
  attempt,
  copy,
  headingRef,
}: {
  header: ReactNode;
  test: TestWithQuestions["test"];
  attempt: Attempt;
  copy: AssessmentCopy;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const completedAt = attempt.completedAt;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 print:max-w-none print:p-0" aria-labelledby="results-title">
      <ResultPrintStyles />
      {header}
      <h1 id="results-title" ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-bold text-brand-900 focus:outline-none">
        Your Results
      </h1>
      <p className="mt-2 text-lg text-slate-700">
        {test.title}
        {completedAt ? <> · completed {format(completedAt, "MMMM d, yyyy")}</> : null}
      </p>
      <div className="mt-8">
        <ResultDisplay
          copy={copy}
          result={{
            testType: test.type,
            score: attempt.score,
            resultType: attempt.resultType,
            resultSummary: attempt.resultSummary,
            resultData: attempt.resultData,
          }}
        />
      </div>
      <div className="no-print mt-10 flex flex-wrap gap-3">
        <Link href="/tests" className={buttonClasses({ variant: "outline" })}>
          Back to Tests
        </Link>
        <Button onClick={() => window.print()}>Print Results</Button>
        <a href={`/test-history/${attempt.id}/pdf`} download className={buttonClasses({ variant: "outline" })}>
          Download PDF
        </a>
        <Link href="/test-history" className={buttonClasses({ variant: "ghost" })}>
          View your history
        </Link>
      </div>
    </section>
  );
}
