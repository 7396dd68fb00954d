"use client";

/**
 * The taking flow's calls: loads the test and the attempt to resume (or view), and turns start,
 * save and complete into reducer events (flow-state.ts). Only a successful save advances; after the
 * save the server calls the last one, the attempt is completed.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "@coach/ui/toast";
import { useTRPC } from "~/trpc/react";
import { flowReducer, initialFlow, type FlowEvent, type FlowState } from "./flow-state";
import type { Attempt, TakerQuestion } from "./types";

type Loaded = Extract<FlowEvent<Attempt>, { type: "loaded" }>["attempt"];

/** Answers to questions no longer in use (retired since) are not shown again. */
function inUse(attempt: Loaded, questions: readonly TakerQuestion[]): Loaded {
  const ids = new Set(questions.map((q) => q.id));
  return { ...attempt, answers: attempt.answers.filter((a) => ids.has(a.questionId)) };
}

export function useTestFlow(testId: number, viewAttemptId: number | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const testQuery = useQuery(trpc.tests.byId.queryOptions({ id: testId }));
  const currentQuery = useQuery(trpc.attempts.current.queryOptions({ testId }, { enabled: viewAttemptId === null }));
  const viewQuery = useQuery(trpc.attempts.get.queryOptions({ attemptId: viewAttemptId ?? 0 }, { enabled: viewAttemptId !== null }));
  const attemptQuery = viewAttemptId === null ? currentQuery : viewQuery;

  const [local, setLocal] = useState<FlowState<Attempt> | null>(null);
  const inFlight = useRef(false);
  const shownAt = useRef(0);

  const start = useMutation(trpc.attempts.start.mutationOptions());
  const answer = useMutation(trpc.attempts.answer.mutationOptions());
  const complete = useMutation(trpc.attempts.complete.mutationOptions());
  const saving = answer.isPending || complete.isPending;
  const questions = testQuery.data?.questions;

  // Until the first event, the state follows the loaded data: an attempt in progress resumes at the
  // question the server names, a viewed one shows its results (no intro flash on the server's HTML).
  const derived: FlowState<Attempt> | null = useMemo(() => {
    if (!questions || !attemptQuery.isSuccess) return null;
    const attempt = attemptQuery.data;
    return attempt && (viewAttemptId !== null || !attempt.completedAt)
      ? flowReducer(initialFlow<Attempt>(), { type: "loaded", attempt: inUse(attempt, questions) })
      : initialFlow<Attempt>();
  }, [attemptQuery.isSuccess, attemptQuery.data, questions, viewAttemptId]);
  const state = local ?? derived;
  const dispatch = (event: FlowEvent<Attempt>) => setLocal((prev) => flowReducer((prev ?? derived)!, event));

  // Latency runs from the moment a question is on screen to its answer.
  const questionId = state?.phase === "questions" ? state.shown[state.index] : undefined;
  useEffect(() => {
    shownAt.current = performance.now();
  }, [questionId]);

  const refreshHistory = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.attempts.history.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.attempts.current.queryKey({ testId }) });
  }, [queryClient, trpc, testId]);

  const begin = () =>
    start.mutate(
      { id: testId },
      {
        onSuccess: (attempt) => {
          dispatch({ type: "loaded", attempt: inUse(attempt, questions ?? []) });
          refreshHistory();
        },
        onError: () => toast({ description: "Failed to start the test. Please try again.", variant: "destructive" }),
      },
    );

  const attemptId = state?.attempt?.id;
  const finish = (id: number) =>
    complete.mutate(
      { attemptId: id },
      {
        onSuccess: (result) => {
          inFlight.current = false;
          dispatch({ type: "completed", attempt: result });
          refreshHistory();
        },
        onError: () => {
          inFlight.current = false;
          toast({ description: "Failed to process your results. Please try again.", variant: "destructive" });
        },
      },
    );

  /** Saves the answer; only a successful save advances (or, once the server says so, completes). */
  const submit = (question: TakerQuestion, value: string) => {
    if (!state || attemptId === undefined || inFlight.current) return;
    const atEnd = state.index >= state.shown.length - 1;
    inFlight.current = true;
    const latencyMs = Math.round(performance.now() - shownAt.current);
    answer.mutate(
      { attemptId, questionId: question.id, answer: value, latencyMs },
      {
        onSuccess: (saved) => {
          dispatch({ type: "saved", questionId: question.id, answer: value, step: saved });
          // The server says the attempt may be completed: complete it, staying busy until the result is in.
          if (atEnd && saved.next === null) finish(attemptId);
          else inFlight.current = false;
        },
        onError: () => {
          inFlight.current = false;
          toast({ description: "Failed to save your answer. Please try again.", variant: "destructive" });
        },
      },
    );
  };

  return {
    testQuery,
    attemptQuery,
    state,
    begin,
    starting: start.isPending,
    submit,
    back: () => dispatch({ type: "back" }),
    saving,
  };
}
