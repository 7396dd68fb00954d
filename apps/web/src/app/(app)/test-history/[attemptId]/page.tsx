import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { format } from "date-fns";
import { buttonClasses } from "@coach/ui/button";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { PrintButton } from "~/components/assessments/print-button";
import { ResultDisplay, ResultPrintStyles } from "~/components/assessments/result-display";
import { ownResult, parseAttemptId } from "~/components/assessments/result-lookup.server";
import { TypeBadge } from "~/components/assessments/status-panels";
import { requireUser } from "~/server/guards";

export const metadata: Metadata = { title: "Your Result", robots: { index: false } };

type Props = { params: Promise<{ attemptId: string }> };

/** /test-history/{attemptId}: one of your completed results again, with its charts, print and PDF. */
export default async function ResultPage({ params }: Props) {
  const { blocked } = await requireUser();
  if (blocked) return blocked;
  const id = parseAttemptId((await params).attemptId);
  const item = id === null ? null : await ownResult(id);
  if (!item || !item.completedAt) notFound();

  const copy = assessmentCopy();
  const completed = format(item.completedAt, "MMMM d, yyyy");
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 print:max-w-none print:p-0" aria-labelledby="results-title">
      <ResultPrintStyles />
      <div className="flex flex-wrap items-center gap-3">
        <TypeBadge type={item.test.type} label={copy.typeLabels[item.test.type]} />
      </div>
      <h1 id="results-title" className="mt-4 text-3xl font-bold text-brand-900">
        Your Results
      </h1>
      <p className="mt-2 text-lg text-slate-700">
        {item.test.title} · completed {completed}
      </p>
      <div className="mt-8">
        <ResultDisplay
          copy={copy}
          result={{
            testType: item.test.type,
            score: item.score,
            resultType: item.resultType,
            resultSummary: item.resultSummary,
            resultData: item.resultData,
            reference: item.reference,
          }}
        />
      </div>
      <div className="no-print mt-10 flex flex-wrap gap-3">
        <Link href="/test-history" className={buttonClasses({ variant: "outline" })}>
          Back to your history
        </Link>
        <PrintButton />
        <a href={`/test-history/${item.id}/pdf`} download className={buttonClasses({ variant: "outline" })}>
          Download PDF
        </a>
        <Link href={`/tests/${item.testId}`} className={buttonClasses({ variant: "ghost" })}>
          Take it again
        </Link>
      </div>
    </section>
  );
}
