"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import Image from "next/image";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Button, buttonClasses } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { isDatabaseConnectionError } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { ResultDisplay, ResultPrintStyles } from "./result-display";
import { DatabaseIssue, TestNotFound, TypeBadge } from "./status-panels";
import type { AssessmentCopy, Attempt, TakerQuestion, TestWithQuestions } from "./types";

export const SLIDER_LABELS = ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"] as const;
const SLIDER_DEFAULT = "3";

type Phase = "intro" | "questions" | "results";
interface FlowState {
  phase: Phase;
  attempt: Attempt | null;
  /** saved answers by question id */
  answers: Record<number, string>;
  index: number;
}

function answersOf(attempt: Attempt): Record<number, string> {
  return Object.fromEntries(attempt.answers.map((a) => [a.questionId, a.answer]));
}

/** The first unanswered question, or the last one when all are answered (the attempt was not completed). */
function resumeIndex(questions: TakerQuestion[], answers: Record<number, string>): number {
  const i = questions.findIndex((q) => answers[q.id] === undefined);
  return i === -1 ? Math.max(0, questions.length - 1) : i;
}

function fromAttempt(attempt: Attempt, questions: TakerQuestion[]): FlowState {
  const answers = answersOf(attempt);
  return attempt.completedAt
    ? { phase: "results", attempt, answers, index: 0 }
    : { phase: "questions", attempt, answers, index: resumeIndex(questions, answers) };
}

function Loading() {
  return (
    <p role="status" className="mx-auto max-w-3xl px-6 py-20 text-center text-slate-700">
      Loading assessment…
    </p>
  );
}

/**
 * /tests/{id}: intro → questions → results. An attempt in progress is resumed at its first
 * unanswered question; `viewAttemptId` shows one of the user's own attempts (its results once completed).
 */
export function TestFlow({ testId, viewAttemptId, copy }: { testId: number; viewAttemptId: number | null; copy: AssessmentCopy }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const testQuery = useQuery(trpc.tests.byId.queryOptions({ id: testId }));
  const currentQuery = useQuery(trpc.attempts.current.queryOptions({ testId }, { enabled: viewAttemptId === null }));
  const viewQuery = useQuery(trpc.attempts.get.queryOptions({ attemptId: viewAttemptId ?? 0 }, { enabled: viewAttemptId !== null }));
  const attemptQuery = viewAttemptId === null ? currentQuery : viewQuery;

  const [local, setLocal] = useState<FlowState | null>(null);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const inFlight = useRef(false);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const start = useMutation(trpc.attempts.start.mutationOptions());
  const answer = useMutation(trpc.attempts.answer.mutationOptions());
  const complete = useMutation(trpc.attempts.complete.mutationOptions());
  const saving = answer.isPending || complete.isPending;

  const data: TestWithQuestions | undefined = testQuery.data;
  const questions = data?.questions ?? [];
  const initial: FlowState | null =
    data && attemptQuery.isSuccess
      ? attemptQuery.data && (viewAttemptId !== null || !attemptQuery.data.completedAt)
        ? fromAttempt(attemptQuery.data, questions)
        : { phase: "intro", attempt: null, answers: {}, index: 0 }
      : null;
  const state = local ?? initial;
  const phase = state?.phase;
  const index = state?.index ?? 0;

  // Keyboard and screen-reader users land on the new question or on the results.
  const focusKey = `${phase}:${index}`;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (phase === "questions") questionHeading.current?.focus();
    if (phase === "results") resultsHeading.current?.focus();
  }, [focusKey, phase]);

  const refreshHistory = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.attempts.history.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.attempts.current.queryKey({ testId }) });
  };

  if (testQuery.isError || attemptQuery.isError) {
    const error = testQuery.error ?? attemptQuery.error;
    return isDatabaseConnectionError(error) ? (
      <div className="px-6 py-16">
        <DatabaseIssue />
      </div>
    ) : (
      <TestNotFound />
    );
  }
  if (!data || !state) return <Loading />;
  const { test } = data;

  const begin = () => {
    start.mutate(
      { id: test.id },
      {
        onSuccess: (attempt) => {
          setLocal(fromAttempt(attempt, questions));
          refreshHistory();
        },
        onError: () => toast({ description: "Failed to start the test. Please try again.", variant: "destructive" }),
      },
    );
  };

  const finish = (attempt: Attempt, answers: Record<number, string>) => {
    complete.mutate(
      { attemptId: attempt.id },
      {
        onSuccess: (result) => {
          inFlight.current = false;
          setLocal({ phase: "results", attempt: { ...attempt, ...result }, answers, index: state.index });
          refreshHistory();
        },
        onError: () => {
          inFlight.current = false;
          toast({ description: "Failed to process your results. Please try again.", variant: "destructive" });
        },
      },
    );
  };

  /** Saves the answer; only a successful save advances (or, after the last question, completes). */
  const submit = (question: TakerQuestion, value: string) => {
    const attempt = state.attempt;
    if (!attempt || inFlight.current) return;
    inFlight.current = true;
    answer.mutate(
      { attemptId: attempt.id, questionId: question.id, answer: value },
      {
        onSuccess: () => {
          const answers = { ...state.answers, [question.id]: value };
          if (state.index >= questions.length - 1) {
            setLocal({ ...state, answers });
            finish(attempt, answers);
          } else {
            inFlight.current = false;
            setLocal({ ...state, answers, index: state.index + 1 });
          }
        },
        onError: () => {
          inFlight.current = false;
          toast({ description: "Failed to save your answer. Please try again.", variant: "destructive" });
        },
      },
    );
  };

  const header = (
    <div className="flex flex-wrap items-center gap-3">
      <TypeBadge type={test.type} label={copy.typeLabels[test.type]} />
      <span className="text-sm text-slate-600">{test.timeEstimate} mins</span>
    </div>
  );

  if (state.phase === "intro") {
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
            <dd className="text-2xl font-semibold text-slate-900">{questions.length}</dd>
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
          <Button onClick={begin} loading={start.isPending}>
            {start.isPending ? "Starting..." : "Begin Assessment"}
          </Button>
        </div>
      </section>
    );
  }

  if (state.phase === "results" && state.attempt?.completedAt) {
    const attempt = state.attempt;
    const completedAt = attempt.completedAt;
    return (
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 print:max-w-none print:p-0" aria-labelledby="results-title">
        <ResultPrintStyles />
        {header}
        <h1 id="results-title" ref={resultsHeading} tabIndex={-1} className="mt-4 text-3xl font-bold text-brand-900 focus:outline-none">
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

  const question = questions[index];
  if (!question || !state.attempt) return <TestNotFound />;
  const n = index + 1;
  const total = questions.length;
  const percent = Math.round((n / total) * 100);
  const saved = state.answers[question.id];
  const isLast = index === total - 1;
  const isSlider = question.type === "slider";
  const current = drafts[question.id] ?? saved ?? (isSlider ? SLIDER_DEFAULT : undefined);
  const setDraft = (value: string) => setDrafts((d) => ({ ...d, [question.id]: value }));
  const sliderIndex = Math.min(4, Math.max(0, Number(current ?? SLIDER_DEFAULT) - 1));

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6" aria-labelledby="test-title">
      {header}
      <h1 id="test-title" className="mt-4 text-2xl font-bold text-brand-900">
        {test.title}
      </h1>
      <div className="mt-6">
        <div className="flex justify-between text-sm text-slate-700">
          <span>
            Question {n} of {total}
          </span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-700 transition-[width] motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <h2 id={`q-${question.id}`} ref={questionHeading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {question.text}
        </h2>
        {question.imageUrl ? (
          <Image
            src={question.imageUrl}
            alt={`Figure for question ${n}`}
            width={480}
            height={416}
            unoptimized
            className="mt-4 h-auto w-full max-w-md rounded-md border border-slate-200 bg-white"
          />
        ) : null}

        {isSlider ? (
          <div className="mt-8">
            <input
              type="range"
              min={1}
              max={5}
              step={1}
              value={current ?? SLIDER_DEFAULT}
              disabled={saving}
              aria-labelledby={`q-${question.id}`}
              aria-describedby={`q-${question.id}-hint`}
              aria-valuetext={SLIDER_LABELS[sliderIndex]}
              onChange={(e) => setDraft(e.currentTarget.value)}
              // Released: the answer is saved (keyboard users confirm with Next).
              onPointerUp={(e) => submit(question, e.currentTarget.value)}
              className="w-full cursor-pointer accent-brand-700"
            />
            <div className="mt-2 grid grid-cols-5 text-center text-xs text-slate-700" aria-hidden="true">
              {SLIDER_LABELS.map((label, i) => (
                <span key={label} className={i === sliderIndex ? "font-semibold text-brand-800" : undefined}>
                  {label}
                </span>
              ))}
            </div>
            <p id={`q-${question.id}-hint`} className="mt-4 text-sm text-slate-600">
              Drag the slider and release it to save your answer, or use the arrow keys and choose {isLast ? "Finish" : "Next"}.
            </p>
          </div>
        ) : (
          <fieldset className="mt-6">
            <legend className="sr-only">{question.text}</legend>
            <div className="grid gap-3">
              {(question.options ?? []).map((option) => (
                <label
                  key={option}
                  // A pointer click saves the answer at once; keyboard users pick with the arrow keys and press Enter or Next.
                  onClick={(e) => {
                    if (e.detail > 0 && !saving) {
                      setDraft(option);
                      submit(question, option);
                    }
                  }}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 hover:border-brand-600 hover:bg-brand-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                >
                  <input
                    type="radio"
                    name={`question-${question.id}`}
                    value={option}
                    checked={current === option}
                    disabled={saving}
                    onChange={() => setDraft(option)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") {
                        e.preventDefault();
                        setDraft(option);
                        submit(question, option);
                      }
                    }}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="text-slate-900">{option}</span>
                </label>
              ))}
            </div>
            <p className="mt-4 text-sm text-slate-600">
              Click an option to save your answer, or select one with the arrow keys and press Enter.
            </p>
          </fieldset>
        )}
      </div>

      <div className="mt-8 flex items-center justify-between gap-3">
        <Button variant="outline" disabled={index === 0 || saving} onClick={() => setLocal({ ...state, index: index - 1 })}>
          Previous
        </Button>
        <Button
          disabled={saving || current === undefined}
          loading={saving}
          onClick={() => current !== undefined && submit(question, current)}
        >
          {isLast ? "Finish" : "Next"}
        </Button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {saving ? "Saving your answer…" : ""}
      </p>
    </section>
  );
}
