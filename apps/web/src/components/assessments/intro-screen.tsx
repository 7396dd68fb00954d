import Link from "next/link";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "@coach/ui/button";
import { typicalLength } from "@coach/assessments/results";
import type { AssessmentCopy, TestWithQuestions } from "./types";

/** The intro phase: what the test is, how long it takes, how to answer, and Begin Assessment. */
export function IntroScreen({
  header,
  test,
  questionCount,
  copy,
  starting,
  onBegin,
}: {
  header: ReactNode;
  test: TestWithQuestions["test"];
  /** the questions in the bank (the test is adaptive: an attempt asks about typicalLength of them) */
  questionCount: number;
  copy: AssessmentCopy;
  starting: boolean;
  onBegin: () => void;
}) {
  // The tests are adaptive: an attempt asks about this many of the bank's questions, not all of them.
  const asked = typicalLength(test.type, questionCount);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6" aria-labelledby="test-title">
      {header}
      <h1 id="test-title" className="mt-4 text-3xl font-bold text-brand-900">
        {test.title}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{test.description}</p>
      <dl className="mt-8 grid grid-cols-2 gap-4">
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Questions</dt>
          <dd className="text-2xl font-semibold text-slate-900">{asked < questionCount ? `about ${asked}` : questionCount}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Estimated time</dt>
          <dd className="text-2xl font-semibold text-slate-900">{test.timeEstimate} minutes</dd>
        </div>
      </dl>
      <h2 className="mt-8 text-xl font-semibold text-slate-900">Before you begin</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        <li>Answer honestly: the results are only as useful as your answers are candid.</li>
        <li>
          {test.type === "iq"
            ? "Unlike the other assessments, each question here has one correct answer."
            : "There are no right or wrong answers."}
        </li>
        <li>Your answers are saved as you go, so you can leave and continue later from your assessment history.</li>
      </ul>
      <p className="mt-4 text-slate-700">{copy.introInstructions[test.type]}</p>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link href="/tests" className={buttonClasses({ variant: "outline" })}>
          Cancel
        </Link>
        <Button onClick={onBegin} loading={starting}>
          {starting ? "Starting..." : "Begin Assessment"}
        </Button>
      </div>
    </section>
  );
}
