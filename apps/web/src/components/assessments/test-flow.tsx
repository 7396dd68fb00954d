"use client";

import { useEffect, useRef } from "react";
import { isDatabaseConnectionError } from "~/lib/errors";
import { positionOf } from "./flow-state";
import { IntroScreen } from "./intro-screen";
import { QuestionScreen } from "./question-screen";
import { ResultsScreen } from "./results-screen";
import { DatabaseIssue, TestNotFound, TypeBadge } from "./status-panels";
import type { AssessmentCopy } from "./types";
import { useTestFlow } from "./use-test-flow";

function Loading() {
  return (
    <p role="status" className="mx-auto max-w-3xl px-6 py-20 text-center text-slate-700">
      Loading assessment…
    </p>
  );
}

/**
 * /tests/{id}: intro → questions → results (the state is flow-state.ts, the calls use-test-flow.ts).
 * An attempt in progress resumes at the question the server names; `viewAttemptId` shows one of the
 * user's own attempts (its results once completed).
 */
export function TestFlow({ testId, viewAttemptId, copy }: { testId: number; viewAttemptId: number | null; copy: AssessmentCopy }) {
  const flow = useTestFlow(testId, viewAttemptId);
  const { state, testQuery, attemptQuery } = flow;
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen-reader users land on the new question or on the results.
  const phase = state?.phase;
  const focusKey = `${phase}:${state?.index ?? 0}`;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (phase === "questions") questionHeading.current?.focus();
    if (phase === "results") resultsHeading.current?.focus();
  }, [focusKey, phase]);

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
  const data = testQuery.data;
  if (!data || !state) return <Loading />;
  const { test, questions } = data;
  const header = (
    <div className="flex flex-wrap items-center gap-3">
      <TypeBadge type={test.type} label={copy.typeLabels[test.type]} />
      <span className="text-sm text-slate-600">{test.timeEstimate} mins</span>
    </div>
  );

  if (state.phase === "intro") {
    return (
      <IntroScreen header={header} test={test} questionCount={questions.length} copy={copy} starting={flow.starting} onBegin={flow.begin} />
    );
  }
  if (state.phase === "results" && state.attempt?.completedAt) {
    return <ResultsScreen header={header} test={test} attempt={state.attempt} copy={copy} headingRef={resultsHeading} />;
  }
  const question = questions.find((q) => q.id === state.shown[state.index]);
  if (!question || !state.attempt) return <TestNotFound />;
  return (
    <QuestionScreen
      header={header}
      test={test}
      question={question}
      saved={state.answers[question.id]}
      position={positionOf(state, questions.length)}
      saving={flow.saving}
      canGoBack={state.index > 0}
      headingRef={questionHeading}
      onSubmit={flow.submit}
      onBack={flow.back}
    />
  );
}
