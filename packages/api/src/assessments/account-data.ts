/**
 * A person's results with their answers in the export. In the erasure results and answers stay for
 * norms, reliability and calibration, moved to the anonymous stand-in: the answers are not personal
 * without the person, and "each person's latest attempt" still counts them once.
 */
import { z } from "zod";
import { asc, eq, schema } from "@coach/db";
import { TEST_TYPES } from "@coach/db/enums";
import type { AccountEraser, AccountExporter } from "../shared/account-data";
import { dateTime, nullableDateTime } from "../shared/schemas";

const { testAttempts: attempts, responses, questions, tests } = schema;

export const resultsExporter = {
  shape: z.array(
    z.object({
      attemptId: z.number(),
      test: z.object({ id: z.number(), title: z.string(), type: z.enum(TEST_TYPES) }),
      startedAt: dateTime,
      completedAt: nullableDateTime,
      score: z.number().nullable(),
      resultType: z.string().nullable(),
      resultSummary: z.string().nullable(),
      resultData: z.record(z.string(), z.unknown()).nullable(),
      answers: z.array(z.object({ questionId: z.number(), question: z.string(), answer: z.string(), answeredAt: dateTime })),
    }),
  ),
  async read(db, userId) {
    const [attemptRows, answerRows] = await Promise.all([
      db
        .select({ attempt: attempts, test: { id: tests.id, title: tests.title, type: tests.type } })
        .from(attempts)
        .innerJoin(tests, eq(tests.id, attempts.testId))
        .where(eq(attempts.userId, userId))
        .orderBy(asc(attempts.startedAt), asc(attempts.id)),
      db
        .select({
          attemptId: responses.attemptId,
          questionId: responses.questionId,
          question: questions.text,
          answer: responses.answer,
          answeredAt: responses.updatedAt,
        })
        .from(responses)
        .innerJoin(attempts, eq(attempts.id, responses.attemptId))
        .innerJoin(questions, eq(questions.id, responses.questionId))
        .where(eq(attempts.userId, userId))
        .orderBy(asc(responses.attemptId), asc(questions.order)),
    ]);
    return attemptRows.map(({ attempt, test }) => ({
      attemptId: attempt.id,
      test,
      startedAt: attempt.startedAt,
      completedAt: attempt.completedAt,
      score: attempt.score,
      resultType: attempt.resultType,
      resultSummary: attempt.resultSummary,
      resultData: attempt.resultData,
      answers: answerRows
        .filter((a) => a.attemptId === attempt.id)
        .map(({ questionId, question, answer, answeredAt }) => ({ questionId, question, answer, answeredAt })),
    }));
  },
} satisfies AccountExporter;

export const resultsEraser: AccountEraser = {
  name: "results",
  async erase({ tx, person, standIn }) {
    const kept = await tx.update(attempts).set({ userId: standIn.id }).where(eq(attempts.userId, person.id)).returning({ id: attempts.id });
    return { figures: { keptResults: kept.length } };
  },
};
