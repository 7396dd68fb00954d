/**
 * The coach's review of assessment attempts: list (filtered), detail (the scale scores, and each
 * response against its question and correct answer), delete one, delete all, and a CSV export. Every change writes the audit trail.
 */
import { and, asc, desc, eq, gte, ilike, isNotNull, lte, or, schema, sql, type Database } from "@coach/db";
import { invalidatingFlags } from "@coach/assessments/results";
import type { AttemptFilters } from "@coach/validators/client-list";
import { scaleReadings } from "../coaching/goals/scales";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { resultFields } from "./shapes";
import { columnsOf, likePattern } from "../shared/db";
import { toCsv } from "../shared/csv";

const { testAttempts: attempts, users, tests, responses, questions } = schema;

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
const testColumns = { id: tests.id, title: tests.title, type: tests.type };
const resultColumns = columnsOf(attempts, resultFields);

export const ADMIN_ATTEMPT_NOT_FOUND = "That test attempt was not found.";

/** The stored result's quality flags (jsonb), read without loading the whole result. */
const storedFlags = sql<unknown>`${attempts.resultData} -> 'quality' -> 'flags'`;
/** The flags that make a result "Not a measurement", so no list shows it as a band or verdict. */
const validityOf = (flags: unknown) => invalidatingFlags({ quality: { flags } });

/** Completed attempts of every user, newest first; narrowed by test type, person (name, username, e-mail) and period. */
export async function listCompletedAttempts(db: Database, filters: AttemptFilters = {}) {
  const person = filters.q ? likePattern(filters.q) : undefined;
  const { resultSummary: _summary, resultData: _data, ...listColumns } = resultColumns;
  const rows = await db
    .select({ ...listColumns, flags: storedFlags, user: userColumns, test: testColumns })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(
      and(
        isNotNull(attempts.completedAt),
        filters.testType ? eq(tests.type, filters.testType) : undefined,
        person
          ? or(
              ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, person),
              ilike(users.username, person),
              ilike(users.email, person),
            )
          : undefined,
        filters.from ? gte(attempts.completedAt, filters.from) : undefined,
        filters.to ? lte(attempts.completedAt, filters.to) : undefined,
      ),
    )
    .orderBy(desc(attempts.completedAt), desc(attempts.id));
  return rows.map(({ flags, ...row }) => ({ ...row, invalidFlags: validityOf(flags) }));
}

/** Deletes every attempt (with their responses). */
export async function deleteAllAttempts(db: Database, actor: AuditActor) {
  const deleted = await db.delete(attempts).returning({ id: attempts.id });
  await recordAudit(db, actor, "test_attempts.delete_all", { type: "test_attempt", details: { count: deleted.length } });
  return { stats: { success: deleted.length } };
}

/** One attempt with each response against its question and correct answer. */
export async function attemptDetail(db: Database, id: number) {
  const [row] = await db
    .select({ attempt: resultColumns, user: userColumns, test: testColumns })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(eq(attempts.id, id))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", ADMIN_ATTEMPT_NOT_FOUND);
  const list = await db
    .select({
      id: responses.id,
      answer: responses.answer,
      question: {
        id: questions.id,
        text: questions.text,
        order: questions.order,
        type: questions.type,
        options: questions.options,
        correctAnswer: questions.correctAnswer,
      },
    })
    .from(responses)
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .where(eq(responses.attemptId, id))
    .orderBy(asc(questions.order));
  // The scale scores the scorer stored, read as the client record reads them, beside the raw answers.
  return { ...row, responses: list, scales: scaleReadings(row.test.type, row.attempt) };
}

export async function deleteAttempt(db: Database, actor: AuditActor, id: number) {
  const [deleted] = await db
    .delete(attempts)
    .where(eq(attempts.id, id))
    .returning({ id: attempts.id, userId: attempts.userId, testId: attempts.testId });
  if (!deleted) throw new DomainError("NOT_FOUND", ADMIN_ATTEMPT_NOT_FOUND);
  await recordAudit(db, actor, "test_attempt.delete", {
    type: "test_attempt",
    id: deleted.id,
    details: { userId: deleted.userId, testId: deleted.testId },
  });
  return { success: true };
}

/**
 * Every attempt with its responses as CSV, one row per response (an attempt without answers gets one row).
 * Cells that a spreadsheet would run as a formula are escaped. Audited.
 */
export async function exportAttemptsCsv(db: Database, actor: AuditActor) {
  const rows = await db
    .select({
      id: attempts.id,
      startedAt: attempts.startedAt,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultType: attempts.resultType,
      flags: storedFlags,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      testTitle: tests.title,
      testType: tests.type,
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .orderBy(asc(attempts.id));
  const answers = await db
    .select({
      attemptId: responses.attemptId,
      answer: responses.answer,
      order: questions.order,
      text: questions.text,
      correctAnswer: questions.correctAnswer,
    })
    .from(responses)
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .orderBy(asc(responses.attemptId), asc(questions.order));
  const byAttempt = new Map<number, typeof answers>();
  for (const a of answers) byAttempt.set(a.attemptId, [...(byAttempt.get(a.attemptId) ?? []), a]);

  const lines = rows.flatMap((a): Record<string, string | number>[] => {
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
      // Stored scores are kept for review; this column says which results are "Not a measurement".
      not_a_measurement: validityOf(a.flags).join(" "),
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
    "not_a_measurement",
    "question_order",
    "question",
    "answer",
    "correct_answer",
    "correct",
  ];
  const csv = toCsv(fields, lines);
  await recordAudit(db, actor, "test_attempts.export", { type: "test_attempt", details: { count: rows.length } });
  return { filename: `test-attempts-${new Date().toISOString().slice(0, 10)}.csv`, csv, attempts: rows.length };
}
