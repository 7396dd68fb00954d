/**
 * Taking an assessment: start (or resume) an attempt, save answers, complete it, read the history.
 * Scoring happens only here, inside `complete`, from the answers stored in the database: a client
 * can never submit a score. Another user's attempt is answered as "not found", never as "forbidden",
 * so ids cannot be probed.
 */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { TEST_TYPES } from "@coach/db/enums";
import { scoreAttempt, validateAnswer } from "@coach/assessments";
import { and, asc, count, desc, eq, inArray, isNull, schema, type Database } from "@coach/db";
import type { Transaction } from "../shared/db";
import { createTRPCRouter, protectedProcedure } from "../transport/trpc";
import { dateTime, idParam, nullableDateTime } from "../shared/schemas";
import { TEST_NOT_FOUND_MESSAGE } from "./tests-router";

export const ATTEMPT_NOT_FOUND_MESSAGE = "That assessment attempt was not found.";
export const ATTEMPT_COMPLETED_MESSAGE = "This assessment has already been completed; start a new attempt to take it again.";

export const resultData = z.record(z.string(), z.unknown()).nullable();

export const attemptOutput = z.object({
  id: z.number(),
  userId: z.number(),
  testId: z.number(),
  startedAt: dateTime,
  completedAt: nullableDateTime,
  score: z.number().nullable(),
  resultType: z.string().nullable(),
  resultSummary: z.string().nullable(),
  resultData,
});

const savedAnswer = z.object({ questionId: z.number(), answer: z.string() });

const attemptWithAnswers = attemptOutput.extend({ answers: z.array(savedAnswer) });

const historyItem = attemptOutput.extend({
  test: z.object({ title: z.string(), type: z.enum(TEST_TYPES) }),
  answeredCount: z.number(),
  questionCount: z.number(),
  /** score minus the previous completed result of the same test type; null for the first one or in progress */
  change: z.number().nullable(),
});

const attemptColumns = {
  id: schema.testAttempts.id,
  userId: schema.testAttempts.userId,
  testId: schema.testAttempts.testId,
  startedAt: schema.testAttempts.startedAt,
  completedAt: schema.testAttempts.completedAt,
  score: schema.testAttempts.score,
  resultType: schema.testAttempts.resultType,
  resultSummary: schema.testAttempts.resultSummary,
  resultData: schema.testAttempts.resultData,
};


/** The caller's own attempt, locked for the rest of the transaction; 404 for anyone else's. */
async function lockOwnAttempt(tx: Transaction, attemptId: number, userId: number) {
  const [attempt] = await tx
    .select(attemptColumns)
    .from(schema.testAttempts)
    .where(and(eq(schema.testAttempts.id, attemptId), eq(schema.testAttempts.userId, userId)))
    .for("update")
    .limit(1);
  if (!attempt) throw new TRPCError({ code: "NOT_FOUND", message: ATTEMPT_NOT_FOUND_MESSAGE });
  return attempt;
}

async function answersOf(db: Database, attemptId: number) {
  return db
    .select({ questionId: schema.responses.questionId, answer: schema.responses.answer })
    .from(schema.responses)
    .innerJoin(schema.questions, eq(schema.questions.id, schema.responses.questionId))
    .where(eq(schema.responses.attemptId, attemptId))
    .orderBy(asc(schema.questions.order));
}

export const attemptsRouter = createTRPCRouter({
  /** Starts an attempt, or returns the caller's attempt of this test that is still in progress. */
  start: protectedProcedure
    .meta({ openapi: { method: "POST", path: "/tests/{id}/start", tags: ["tests"], summary: "Start an assessment", protect: true } })
    .input(z.object({ id: idParam }))
    .output(attemptWithAnswers)
    .mutation(async ({ ctx, input }) => {
      const [test] = await ctx.db.select({ id: schema.tests.id }).from(schema.tests).where(eq(schema.tests.id, input.id)).limit(1);
      if (!test) throw new TRPCError({ code: "NOT_FOUND", message: TEST_NOT_FOUND_MESSAGE });
      const [open] = await ctx.db
        .select(attemptColumns)
        .from(schema.testAttempts)
        .where(
          and(
            eq(schema.testAttempts.userId, ctx.user.id),
            eq(schema.testAttempts.testId, test.id),
            isNull(schema.testAttempts.completedAt),
          ),
        )
        .orderBy(desc(schema.testAttempts.startedAt), desc(schema.testAttempts.id))
        .limit(1);
      if (open) return { ...open, answers: await answersOf(ctx.db, open.id) };
      const [created] = await ctx.db
        .insert(schema.testAttempts)
        .values({ userId: ctx.user.id, testId: test.id })
        .returning(attemptColumns);
      if (!created) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Could not start the test." });
      return { ...created, answers: [] };
    }),

  /** The caller's latest in-progress attempt of a test with its saved answers, so the flow resumes where it stopped. */
  current: protectedProcedure
    .input(z.object({ testId: idParam }))
    .output(attemptWithAnswers.nullable())
    .query(async ({ ctx, input }) => {
      const [open] = await ctx.db
        .select(attemptColumns)
        .from(schema.testAttempts)
        .where(
          and(
            eq(schema.testAttempts.userId, ctx.user.id),
            eq(schema.testAttempts.testId, input.testId),
            isNull(schema.testAttempts.completedAt),
          ),
        )
        .orderBy(desc(schema.testAttempts.startedAt), desc(schema.testAttempts.id))
        .limit(1);
      return open ? { ...open, answers: await answersOf(ctx.db, open.id) } : null;
    }),

  /** One of the caller's own attempts (its results once completed). */
  get: protectedProcedure
    .input(z.object({ attemptId: idParam }))
    .output(attemptWithAnswers)
    .query(async ({ ctx, input }) => {
      const [attempt] = await ctx.db
        .select(attemptColumns)
        .from(schema.testAttempts)
        .where(and(eq(schema.testAttempts.id, input.attemptId), eq(schema.testAttempts.userId, ctx.user.id)))
        .limit(1);
      if (!attempt) throw new TRPCError({ code: "NOT_FOUND", message: ATTEMPT_NOT_FOUND_MESSAGE });
      return { ...attempt, answers: await answersOf(ctx.db, attempt.id) };
    }),

  /** Saves (or replaces) the answer to one question of the attempt's own test. */
  answer: protectedProcedure
    .meta({
      openapi: { method: "POST", path: "/tests/attempts/{attemptId}/responses", tags: ["tests"], summary: "Save an answer", protect: true },
    })
    .input(
      z.object({
        attemptId: idParam,
        questionId: idParam,
        answer: z.string({ message: "An answer is required." }).min(1, "An answer is required.").max(500, "That answer is too long."),
      }),
    )
    .output(z.object({ id: z.number(), attemptId: z.number(), questionId: z.number(), answer: z.string() }))
    .mutation(async ({ ctx, input }) => {
      return ctx.db.transaction(async (tx) => {
        const attempt = await lockOwnAttempt(tx, input.attemptId, ctx.user.id);
        if (attempt.completedAt) throw new TRPCError({ code: "CONFLICT", message: ATTEMPT_COMPLETED_MESSAGE });
        const [question] = await tx
          .select({ id: schema.questions.id, testId: schema.questions.testId, type: schema.questions.type, options: schema.questions.options })
          .from(schema.questions)
          .where(eq(schema.questions.id, input.questionId))
          .limit(1);
        if (!question || question.testId !== attempt.testId) {
          throw new TRPCError({ code: "BAD_REQUEST", message: "That question is not part of this test." });
        }
        const problem = validateAnswer(question, input.answer);
        if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
        const now = new Date();
        const [saved] = await tx
          .insert(schema.responses)
          .values({ attemptId: attempt.id, questionId: question.id, answer: input.answer })
          .onConflictDoUpdate({
            target: [schema.responses.attemptId, schema.responses.questionId],
            set: { answer: input.answer, updatedAt: now },
          })
          .returning({
            id: schema.responses.id,
            attemptId: schema.responses.attemptId,
            questionId: schema.responses.questionId,
            answer: schema.responses.answer,
          });
        if (!saved) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Could not save the answer." });
        return saved;
      });
    }),

  /** Scores the attempt from its stored answers and closes it. Every question must be answered; a second call is refused. */
  complete: protectedProcedure
    .meta({
      openapi: { method: "POST", path: "/tests/attempts/{attemptId}/complete", tags: ["tests"], summary: "Complete and score", protect: true },
    })
    .input(z.object({ attemptId: idParam }))
    .output(attemptOutput)
    .mutation(async ({ ctx, input }) => {
      return ctx.db.transaction(async (tx) => {
        const attempt = await lockOwnAttempt(tx, input.attemptId, ctx.user.id);
        if (attempt.completedAt) throw new TRPCError({ code: "CONFLICT", message: "This assessment has already been completed." });
        const [test] = await tx.select({ type: schema.tests.type }).from(schema.tests).where(eq(schema.tests.id, attempt.testId));
        if (!test) throw new TRPCError({ code: "NOT_FOUND", message: TEST_NOT_FOUND_MESSAGE });
        const questions = await tx
          .select({
            id: schema.questions.id,
            type: schema.questions.type,
            options: schema.questions.options,
            correctAnswer: schema.questions.correctAnswer,
            scoring: schema.questions.scoring,
          })
          .from(schema.questions)
          .where(eq(schema.questions.testId, attempt.testId));
        const stored = await tx
          .select({ questionId: schema.responses.questionId, answer: schema.responses.answer })
          .from(schema.responses)
          .where(eq(schema.responses.attemptId, attempt.id));
        const answers = new Map(stored.map((r) => [r.questionId, r.answer]));
        const missing = questions.filter((q) => !answers.has(q.id)).length;
        if (questions.length === 0 || missing > 0) {
          throw new TRPCError({
            code: "UNPROCESSABLE_CONTENT",
            message: `Please answer every question before finishing (${missing} still unanswered).`,
          });
        }
        const result = scoreAttempt(test.type, questions, answers);
        const [done] = await tx
          .update(schema.testAttempts)
          .set({
            completedAt: new Date(),
            score: result.score,
            resultType: result.resultType,
            resultSummary: result.resultSummary,
            resultData: result.resultData as Record<string, unknown>,
          })
          .where(and(eq(schema.testAttempts.id, attempt.id), isNull(schema.testAttempts.completedAt)))
          .returning(attemptColumns);
        if (!done) throw new TRPCError({ code: "CONFLICT", message: "This assessment has already been completed." });
        return done;
      });
    }),

  /** The caller's attempts: in progress first-class, completed newest first with the change from the previous result of that type. */
  history: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/user/test-history", tags: ["tests"], summary: "Your assessment history", protect: true } })
    .input(z.object({}).strict().optional())
    .output(z.array(historyItem))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .select({ ...attemptColumns, test: { title: schema.tests.title, type: schema.tests.type } })
        .from(schema.testAttempts)
        .innerJoin(schema.tests, eq(schema.tests.id, schema.testAttempts.testId))
        .where(eq(schema.testAttempts.userId, ctx.user.id))
        .orderBy(asc(schema.testAttempts.startedAt), asc(schema.testAttempts.id));
      if (rows.length === 0) return [];

      const ids = rows.map((r) => r.id);
      const answered = await ctx.db
        .select({ attemptId: schema.responses.attemptId, n: count() })
        .from(schema.responses)
        .where(inArray(schema.responses.attemptId, ids))
        .groupBy(schema.responses.attemptId);
      const answeredBy = new Map(answered.map((a) => [a.attemptId, Number(a.n)]));
      const testIds = [...new Set(rows.map((r) => r.testId))];
      const totals = await ctx.db
        .select({ testId: schema.questions.testId, n: count() })
        .from(schema.questions)
        .where(inArray(schema.questions.testId, testIds))
        .groupBy(schema.questions.testId);
      const totalBy = new Map(totals.map((t) => [t.testId, Number(t.n)]));

      const completed = rows
        .filter((r) => r.completedAt)
        .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime() || a.id - b.id);
      const change = new Map<number, number | null>();
      const lastScore = new Map<string, number>();
      for (const r of completed) {
        const previous = lastScore.get(r.test.type);
        change.set(r.id, previous === undefined || r.score === null ? null : r.score - previous);
        if (r.score !== null) lastScore.set(r.test.type, r.score);
      }

      const items = rows.map((r) => ({
        ...r,
        answeredCount: answeredBy.get(r.id) ?? 0,
        questionCount: totalBy.get(r.testId) ?? 0,
        change: change.get(r.id) ?? null,
      }));
      const when = (r: (typeof items)[number]) => (r.completedAt ?? r.startedAt).getTime();
      return items.sort((a, b) => when(b) - when(a) || b.id - a.id);
    }),
});
