/**
 * The coach's review of assessment attempts: list, detail (each response against its question and
 * correct answer), delete one, delete all, and a CSV export. Every change writes the audit trail.
 */
import { TRPCError } from "@trpc/server";
import Papa from "papaparse";
import { z } from "zod";
import { QUESTION_TYPES, TEST_TYPES } from "@coach/db/enums";
import { asc, desc, eq, isNotNull, schema } from "@coach/db";
import { recordAudit } from "../audit/record";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { dateTime, idParam, noInput, nullableDateTime } from "../shared/schemas";
import { resultData } from "./attempts-router";

const attemptUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
const attemptTest = z.object({ id: z.number(), title: z.string(), type: z.enum(TEST_TYPES) });

const listItem = z.object({
  id: z.number(),
  startedAt: dateTime,
  completedAt: nullableDateTime,
  score: z.number().nullable(),
  resultType: z.string().nullable(),
  user: attemptUser,
  test: attemptTest,
});

const detail = z.object({
  attempt: z.object({
    id: z.number(),
    startedAt: dateTime,
    completedAt: nullableDateTime,
    score: z.number().nullable(),
    resultType: z.string().nullable(),
    resultSummary: z.string().nullable(),
    resultData,
  }),
  user: attemptUser,
  test: attemptTest,
  responses: z.array(
    z.object({
      id: z.number(),
      answer: z.string(),
      question: z.object({
        id: z.number(),
        text: z.string(),
        order: z.number(),
        type: z.enum(QUESTION_TYPES),
        options: z.array(z.string()).nullable(),
        correctAnswer: z.string().nullable(),
      }),
    }),
  ),
});

const userColumns = {
  id: schema.users.id,
  username: schema.users.username,
  email: schema.users.email,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
};
const testColumns = { id: schema.tests.id, title: schema.tests.title, type: schema.tests.type };

const NOT_FOUND = "That test attempt was not found.";

export const assessmentsAdminRouter = createTRPCRouter({
  /** Completed attempts of every user, newest first. */
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/test-attempts", tags: ["admin"], summary: "All completed attempts", protect: true } })
    .input(noInput)
    .output(z.array(listItem))
    .query(async ({ ctx }) => {
      return ctx.db
        .select({
          id: schema.testAttempts.id,
          startedAt: schema.testAttempts.startedAt,
          completedAt: schema.testAttempts.completedAt,
          score: schema.testAttempts.score,
          resultType: schema.testAttempts.resultType,
          user: userColumns,
          test: testColumns,
        })
        .from(schema.testAttempts)
        .innerJoin(schema.users, eq(schema.users.id, schema.testAttempts.userId))
        .innerJoin(schema.tests, eq(schema.tests.id, schema.testAttempts.testId))
        .where(isNotNull(schema.testAttempts.completedAt))
        .orderBy(desc(schema.testAttempts.completedAt), desc(schema.testAttempts.id));
    }),

  /** Deletes every attempt (with their responses). Declared before `{id}` so the static path wins. */
  deleteAll: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/test-attempts", tags: ["admin"], summary: "Delete all attempts", protect: true } })
    .input(noInput)
    .output(z.object({ stats: z.object({ success: z.number() }) }))
    .mutation(async ({ ctx }) => {
      const deleted = await ctx.db.delete(schema.testAttempts).returning({ id: schema.testAttempts.id });
      await recordAudit(ctx.db, ctx.user, "test_attempts.delete_all", { type: "test_attempt", details: { count: deleted.length } });
      return { stats: { success: deleted.length } };
    }),

  byId: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/test-attempts/{id}", tags: ["admin"], summary: "One attempt with responses", protect: true } })
    .input(z.object({ id: idParam }))
    .output(detail)
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({
          attempt: {
            id: schema.testAttempts.id,
            startedAt: schema.testAttempts.startedAt,
            completedAt: schema.testAttempts.completedAt,
            score: schema.testAttempts.score,
            resultType: schema.testAttempts.resultType,
            resultSummary: schema.testAttempts.resultSummary,
            resultData: schema.testAttempts.resultData,
          },
          user: userColumns,
          test: testColumns,
        })
        .from(schema.testAttempts)
        .innerJoin(schema.users, eq(schema.users.id, schema.testAttempts.userId))
        .innerJoin(schema.tests, eq(schema.tests.id, schema.testAttempts.testId))
        .where(eq(schema.testAttempts.id, input.id))
        .limit(1);
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: NOT_FOUND });
      const responses = await ctx.db
        .select({
          id: schema.responses.id,
          answer: schema.responses.answer,
          question: {
            id: schema.questions.id,
            text: schema.questions.text,
            order: schema.questions.order,
            type: schema.questions.type,
            options: schema.questions.options,
            correctAnswer: schema.questions.correctAnswer,
          },
        })
        .from(schema.responses)
        .innerJoin(schema.questions, eq(schema.questions.id, schema.responses.questionId))
        .where(eq(schema.responses.attemptId, input.id))
        .orderBy(asc(schema.questions.order));
      return { ...row, responses };
    }),

  delete: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/test-attempts/{id}", tags: ["admin"], summary: "Delete one attempt", protect: true } })
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const [deleted] = await ctx.db
        .delete(schema.testAttempts)
        .where(eq(schema.testAttempts.id, input.id))
        .returning({ id: schema.testAttempts.id, userId: schema.testAttempts.userId, testId: schema.testAttempts.testId });
      if (!deleted) throw new TRPCError({ code: "NOT_FOUND", message: NOT_FOUND });
      await recordAudit(ctx.db, ctx.user, "test_attempt.delete", {
        type: "test_attempt",
        id: deleted.id,
        details: { userId: deleted.userId, testId: deleted.testId },
      });
      return { success: true };
    }),

  /**
   * Every attempt with its responses as CSV, one row per response (an attempt without answers gets one row).
   * Cells that a spreadsheet would run as a formula are escaped. A mutation because it is audited.
   */
  exportCsv: adminProcedure
    .input(noInput)
    .output(z.object({ filename: z.string(), csv: z.string(), attempts: z.number() }))
    .mutation(async ({ ctx }) => {
      const attempts = await ctx.db
        .select({
          id: schema.testAttempts.id,
          startedAt: schema.testAttempts.startedAt,
          completedAt: schema.testAttempts.completedAt,
          score: schema.testAttempts.score,
          resultType: schema.testAttempts.resultType,
          username: schema.users.username,
          email: schema.users.email,
          firstName: schema.users.firstName,
          lastName: schema.users.lastName,
          testTitle: schema.tests.title,
          testType: schema.tests.type,
        })
        .from(schema.testAttempts)
        .innerJoin(schema.users, eq(schema.users.id, schema.testAttempts.userId))
        .innerJoin(schema.tests, eq(schema.tests.id, schema.testAttempts.testId))
        .orderBy(asc(schema.testAttempts.id));
      const answers = await ctx.db
        .select({
          attemptId: schema.responses.attemptId,
          answer: schema.responses.answer,
          order: schema.questions.order,
          text: schema.questions.text,
          correctAnswer: schema.questions.correctAnswer,
        })
        .from(schema.responses)
        .innerJoin(schema.questions, eq(schema.questions.id, schema.responses.questionId))
        .orderBy(asc(schema.responses.attemptId), asc(schema.questions.order));
      const byAttempt = new Map<number, typeof answers>();
      for (const a of answers) byAttempt.set(a.attemptId, [...(byAttempt.get(a.attemptId) ?? []), a]);

      const rows = attempts.flatMap((a): Record<string, string | number>[] => {
        const base = {
          attempt_id: a.id,
          username: a.username,
          email: a.email,
          name: [a.firstName, a.lastName].filter(Boolean).join(" "),
          test: a.testTitle,
          type: a.testType,
          started_at: a.startedAt.toISOString(),
          completed_at: a.completedAt?.toISOString() ?? "",
          score: a.score ?? "",
          result_type: a.resultType ?? "",
        };
        const list = byAttempt.get(a.id) ?? [];
        if (list.length === 0) return [{ ...base, question_order: "", question: "", answer: "", correct_answer: "", correct: "" }];
        return list.map((r) => ({
          ...base,
          question_order: r.order,
          question: r.text,
          answer: r.answer,
          correct_answer: r.correctAnswer ?? "",
          correct: r.correctAnswer === null ? "" : r.answer === r.correctAnswer ? "yes" : "no",
        }));
      });
      const fields = [
        "attempt_id",
        "username",
        "email",
        "name",
        "test",
        "type",
        "started_at",
        "completed_at",
        "score",
        "result_type",
        "question_order",
        "question",
        "answer",
        "correct_answer",
        "correct",
      ];
      const csv = Papa.unparse({ fields, data: rows.map((r) => fields.map((f) => r[f] ?? "")) }, { escapeFormulae: true });
      await recordAudit(ctx.db, ctx.user, "test_attempts.export", { type: "test_attempt", details: { count: attempts.length } });
      return { filename: `test-attempts-${new Date().toISOString().slice(0, 10)}.csv`, csv, attempts: attempts.length };
    }),
});
