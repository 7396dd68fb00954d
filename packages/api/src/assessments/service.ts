/**
 * Taking an assessment: the catalogue, starting (or resuming) an attempt, saving answers, completing
 * it, and the history of results. Scoring happens only in `complete`, from the answers stored in the
 * database, with the test's calibration and the scale norms from the items' own data: a client can
 * never submit a score. Another user's attempt is answered as "not found", never as "forbidden", so
 * ids cannot be probed.
 */
import { and, asc, count, desc, eq, inArray, isNull, schema, type Database } from "@coach/db";
import { resultChange, scoreAttempt, validateAnswer } from "@coach/assessments";
import type { Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { activeCalibration, scaleNormsFor, scorableQuestions } from "./psychometrics";
import {
  ATTEMPT_COMPLETED_MESSAGE,
  ATTEMPT_NOT_FOUND_MESSAGE,
  RESULT_NOT_FOUND_MESSAGE,
  TEST_NOT_FOUND_MESSAGE,
  attemptColumns,
  publicQuestionColumns,
  testSummaryColumns,
  type HistoryItem,
  type ResultChangeOutput,
} from "./shapes";

const { tests, questions, testAttempts: attempts, responses } = schema;

// ---- catalogue

export async function listTests(db: Database) {
  return db.select(testSummaryColumns).from(tests).orderBy(asc(tests.id));
}

export async function testSummary(db: Database, id: number) {
  const [test] = await db.select(testSummaryColumns).from(tests).where(eq(tests.id, id)).limit(1);
  if (!test) throw new DomainError("NOT_FOUND", TEST_NOT_FOUND_MESSAGE);
  return test;
}

/** One test and its questions, in order. Keys and scoring never leave the server. */
export async function testWithQuestions(db: Database, id: number) {
  const test = await testSummary(db, id);
  const list = await db.select(publicQuestionColumns).from(questions).where(eq(questions.testId, test.id)).orderBy(asc(questions.order));
  return { test, questions: list };
}

// ---- taking a test

async function answersOf(db: Database, attemptId: number) {
  return db
    .select({ questionId: responses.questionId, answer: responses.answer })
    .from(responses)
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .where(eq(responses.attemptId, attemptId))
    .orderBy(asc(questions.order));
}

async function openAttempt(db: Database, userId: number, testId: number) {
  const [open] = await db
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId), isNull(attempts.completedAt)))
    .orderBy(desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  return open ? { ...open, answers: await answersOf(db, open.id) } : null;
}

/** Starts an attempt, or returns the caller's attempt of this test that is still in progress. */
export async function startAttempt(db: Database, userId: number, testId: number) {
  const test = await testSummary(db, testId);
  const open = await openAttempt(db, userId, test.id);
  if (open) return open;
  const [created] = await db.insert(attempts).values({ userId, testId: test.id }).returning(attemptColumns);
  if (!created) throw new DomainError("INTERNAL_SERVER_ERROR", "Could not start the test.");
  return { ...created, answers: [] };
}

/** The caller's latest in-progress attempt of a test with its saved answers, so the flow resumes where it stopped. */
export const currentAttempt = openAttempt;

/** One of the caller's own attempts (its results once completed). */
export async function ownAttempt(db: Database, userId: number, attemptId: number) {
  const [attempt] = await db
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .limit(1);
  if (!attempt) throw new DomainError("NOT_FOUND", ATTEMPT_NOT_FOUND_MESSAGE);
  return { ...attempt, answers: await answersOf(db, attempt.id) };
}

/** The caller's own attempt, locked for the rest of the transaction; 404 for anyone else's. */
async function lockOwnAttempt(tx: Transaction, attemptId: number, userId: number) {
  const [attempt] = await tx
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .for("update")
    .limit(1);
  if (!attempt) throw new DomainError("NOT_FOUND", ATTEMPT_NOT_FOUND_MESSAGE);
  return attempt;
}

/** Saves (or replaces) the answer to one question of the attempt's own test. */
export async function saveAnswer(db: Database, userId: number, input: { attemptId: number; questionId: number; answer: string }) {
  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, input.attemptId, userId);
    if (attempt.completedAt) throw new DomainError("CONFLICT", ATTEMPT_COMPLETED_MESSAGE);
    const [question] = await tx
      .select({ id: questions.id, testId: questions.testId, type: questions.type, options: questions.options })
      .from(questions)
      .where(eq(questions.id, input.questionId))
      .limit(1);
    if (!question || question.testId !== attempt.testId) throw new DomainError("BAD_REQUEST", "That question is not part of this test.");
    const problem = validateAnswer(question, input.answer);
    if (problem) throw new DomainError("BAD_REQUEST", problem);
    const [saved] = await tx
      .insert(responses)
      .values({ attemptId: attempt.id, questionId: question.id, answer: input.answer })
      .onConflictDoUpdate({ target: [responses.attemptId, responses.questionId], set: { answer: input.answer, updatedAt: new Date() } })
      .returning({ id: responses.id, attemptId: responses.attemptId, questionId: responses.questionId, answer: responses.answer });
    if (!saved) throw new DomainError("INTERNAL_SERVER_ERROR", "Could not save the answer.");
    return saved;
  });
}

/** Scores the attempt from its stored answers and closes it. Every question must be answered; a second call is refused. */
export async function completeAttempt(db: Database, userId: number, attemptId: number) {
  // Norms and calibration are read before the transaction: they come from other people's data.
  const [target] = await db
    .select({ testId: attempts.testId, type: tests.type })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .limit(1);
  if (!target) throw new DomainError("NOT_FOUND", ATTEMPT_NOT_FOUND_MESSAGE);
  const test = { id: target.testId, type: target.type };
  const [norms, calibration] = await Promise.all([
    scaleNormsFor(db, test),
    test.type === "iq" ? activeCalibration(db, test.id) : Promise.resolve(null),
  ]);

  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, attemptId, userId);
    if (attempt.completedAt) throw new DomainError("CONFLICT", "This assessment has already been completed.");
    const items = await scorableQuestions(tx, attempt.testId);
    const stored = await tx
      .select({ questionId: responses.questionId, answer: responses.answer })
      .from(responses)
      .where(eq(responses.attemptId, attempt.id));
    const answers = new Map(stored.map((r) => [r.questionId, r.answer]));
    const missing = items.filter((q) => !answers.has(q.id)).length;
    if (items.length === 0 || missing > 0) {
      throw new DomainError("UNPROCESSABLE_CONTENT", `Please answer every question before finishing (${missing} still unanswered).`);
    }
    const result = scoreAttempt(test.type, items, answers, { norms, calibration });
    const [done] = await tx
      .update(attempts)
      .set({
        completedAt: new Date(),
        score: result.score,
        resultType: result.resultType,
        resultSummary: result.resultSummary,
        resultData: result.resultData as Record<string, unknown>,
      })
      .where(and(eq(attempts.id, attempt.id), isNull(attempts.completedAt)))
      .returning(attemptColumns);
    if (!done) throw new DomainError("CONFLICT", "This assessment has already been completed.");
    return done;
  });
}

// ---- history

const round1 = (x: number) => Math.round(x * 10) / 10;
const finite = (x: number) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : null);

/** The change between two results of one type, tested against measurement error where the results allow. */
function changeBetween(
  type: string,
  previous: { score: number | null; resultData: unknown },
  current: { score: number | null; resultData: unknown },
): ResultChangeOutput {
  const change = resultChange(type, previous, current);
  if (!change) {
    // A result from before the error model: the plain difference, without a claim about it.
    const delta = type === "personality" || previous.score === null || current.score === null ? null : current.score - previous.score;
    return { delta, rci: null, reliable: null, scales: {} };
  }
  const scales = Object.fromEntries(
    Object.entries(change.scales).map(([scale, c]) => [scale, { delta: round1(c.delta), rci: finite(c.rci), reliable: c.reliable }]),
  );
  if (!change.headline) {
    // Personality: no headline level; the change is reliable when any axis changed reliably.
    return { delta: null, rci: null, reliable: Object.values(change.scales).some((c) => c.reliable), scales };
  }
  return { delta: round1(change.headline.delta), rci: finite(change.headline.rci), reliable: change.headline.reliable, scales };
}

type HistoryRow = Omit<HistoryItem, "answeredCount" | "questionCount" | "change">;

async function historyRows(db: Database, userId: number): Promise<HistoryRow[]> {
  return db
    .select({ ...attemptColumns, test: { title: tests.title, type: tests.type } })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(eq(attempts.userId, userId))
    .orderBy(asc(attempts.startedAt), asc(attempts.id));
}

/** Completed rows oldest first, each with its change from the previous completed result of its type. */
function changesOf(rows: readonly HistoryRow[]): Map<number, ResultChangeOutput | null> {
  const completed = rows.filter((r) => r.completedAt).sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime() || a.id - b.id);
  const changes = new Map<number, ResultChangeOutput | null>();
  const last = new Map<string, HistoryRow>();
  for (const r of completed) {
    const previous = last.get(r.test.type);
    changes.set(r.id, previous ? changeBetween(r.test.type, previous, r) : null);
    last.set(r.test.type, r);
  }
  return changes;
}

async function withCounts(
  db: Database,
  rows: readonly HistoryRow[],
  changes: Map<number, ResultChangeOutput | null>,
): Promise<HistoryItem[]> {
  if (rows.length === 0) return [];
  const answered = await db
    .select({ attemptId: responses.attemptId, n: count() })
    .from(responses)
    .where(
      inArray(
        responses.attemptId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(responses.attemptId);
  const answeredBy = new Map(answered.map((a) => [a.attemptId, Number(a.n)]));
  const totals = await db
    .select({ testId: questions.testId, n: count() })
    .from(questions)
    .where(inArray(questions.testId, [...new Set(rows.map((r) => r.testId))]))
    .groupBy(questions.testId);
  const totalBy = new Map(totals.map((t) => [t.testId, Number(t.n)]));
  return rows.map((r) => ({
    ...r,
    answeredCount: answeredBy.get(r.id) ?? 0,
    questionCount: totalBy.get(r.testId) ?? 0,
    change: changes.get(r.id) ?? null,
  }));
}

/** The caller's attempts, newest first; each completed one after the first of its type carries its change. */
export async function history(db: Database, userId: number): Promise<HistoryItem[]> {
  const rows = await historyRows(db, userId);
  const items = await withCounts(db, rows, changesOf(rows));
  const when = (r: HistoryItem) => (r.completedAt ?? r.startedAt).getTime();
  return items.sort((a, b) => when(b) - when(a) || b.id - a.id);
}

/** One completed result of the caller's, in the shape of a history item; "Result not found" for anything else. */
export async function historyItem(db: Database, userId: number, attemptId: number): Promise<HistoryItem> {
  const rows = await historyRows(db, userId);
  const row = rows.find((r) => r.id === attemptId && r.completedAt);
  if (!row) throw new DomainError("NOT_FOUND", RESULT_NOT_FOUND_MESSAGE);
  const [item] = await withCounts(db, [row], changesOf(rows));
  return item!;
}
