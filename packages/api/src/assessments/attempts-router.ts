import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "../trpc/init";
import { numberFromText } from "@coach/validators/text-or-json";
import { idParam } from "../shared/schemas";
import { history, historyItem } from "./service";
import { completeAttempt, currentAttempt, MAX_LATENCY_MS, ownAttempt, saveAnswer, startAttempt } from "./taking";
import { answerOutput, attemptOutput, attemptWithAnswers, historyItem as historyItemShape, resultItem } from "./shapes";

export const attemptsRouter = createTRPCRouter({
  /** Starts an attempt, or returns the caller's attempt of this test that is still in progress, with `next`, the question to show. */
  start: protectedProcedure
    .meta({ openapi: { method: "POST", path: "/tests/{id}/start", tags: ["tests"], summary: "Start an assessment", protect: true } })
    .input(z.object({ id: idParam }))
    .output(attemptWithAnswers)
    .mutation(({ ctx, input }) => startAttempt(ctx.db, ctx.user.id, input.id)),

  /** The caller's latest in-progress attempt of a test with its saved answers, so the flow resumes where it stopped. */
  current: protectedProcedure
    .input(z.object({ testId: idParam }))
    .output(attemptWithAnswers.nullable())
    .query(({ ctx, input }) => currentAttempt(ctx.db, ctx.user.id, input.testId)),

  /** One of the caller's own attempts (its results once completed). */
  get: protectedProcedure
    .input(z.object({ attemptId: idParam }))
    .output(attemptWithAnswers)
    .query(({ ctx, input }) => ownAttempt(ctx.db, ctx.user.id, input.attemptId)),

  /** Saves (or replaces) the answer to one question in use of the attempt's own test; answers `{ next, answered, estimatedTotal }` too. */
  answer: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/tests/attempts/{attemptId}/responses",
        tags: ["tests"],
        summary: "Save an answer",
        description:
          "A slider answer may be replaced; a reasoning answer is final (409 for a different one). Answering reasoning questions other than `next` turns the attempt into the fixed form: every question before it completes.",
        protect: true,
      },
    })
    .input(
      z.object({
        attemptId: idParam,
        questionId: idParam,
        answer: z.string({ message: "An answer is required." }).min(1, "An answer is required.").max(500, "That answer is too long."),
        /** ms from showing the question to the answer, as the client measured it; clamped to [0, MAX_LATENCY_MS] */
        latencyMs: numberFromText(z.number({ message: "latencyMs must be a number of milliseconds." }))
          .optional()
          .meta({ description: `milliseconds from showing the question to the answer; clamped to 0–${MAX_LATENCY_MS}` }),
      }),
    )
    .output(answerOutput)
    .mutation(({ ctx, input }) => saveAnswer(ctx.db, ctx.user.id, input)),

  /** Scores the attempt from its stored answers and closes it once `next` is null (or every question is answered); a second call is refused. */
  complete: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/tests/attempts/{attemptId}/complete",
        tags: ["tests"],
        summary: "Complete and score",
        protect: true,
      },
    })
    .input(z.object({ attemptId: idParam }))
    .output(attemptOutput)
    .mutation(({ ctx, input }) => completeAttempt(ctx.db, ctx.user.id, input.attemptId)),

  /** The caller's attempts, newest first; completed ones after the first of their type carry the change, tested against measurement error. */
  history: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/user/test-history", tags: ["tests"], summary: "Your assessment history", protect: true } })
    .input(z.object({}).strict().optional())
    .output(z.array(historyItemShape))
    .query(({ ctx }) => history(ctx.db, ctx.user.id)),

  /** One of the caller's completed results, as a history item (with the test's name and type) and its percentile reference; 404 "Result not found" otherwise. */
  historyItem: protectedProcedure
    .meta({
      openapi: { method: "GET", path: "/user/test-history/{attemptId}", tags: ["tests"], summary: "One of your results", protect: true },
    })
    .input(z.object({ attemptId: idParam }))
    .output(resultItem)
    .query(({ ctx, input }) => historyItem(ctx.db, ctx.user.id, input.attemptId)),
});
