/**
 * The assessment catalogue and the history of results (taking a test is taking.ts). A result is
 * only ever another user's "not found", never "forbidden", so ids cannot be probed.
 */
import { and, asc, count, eq, inArray, isNull, schema, type Database } from "@coach/db";
import { resultChange } from "@coach/assessments";
import { invalidatingFlags } from "@coach/assessments/results";
import { resultReference } from "@coach/assessments/reference";
import { DomainError } from "../shared/domain-error";
import { firstMeasuredResults } from "./psychometrics";
import { onCurrentCalibration } from "./rescore";
import {
  RESULT_NOT_FOUND_MESSAGE,
  TEST_NOT_FOUND_MESSAGE,
  attemptColumns,
  publicQuestionColumns,
  testSummaryColumns,
  type HistoryItem,
  type ResultChangeOutput,
  type ResultItem,
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

/** One test and its questions in use (retired ones are kept only for old answers), in order. Keys and scoring never leave the server. */
export async function testWithQuestions(db: Database, id: number) {
  const test = await testSummary(db, id);
  const list = await db
    .select(publicQuestionColumns)
    .from(questions)
    .where(and(eq(questions.testId, test.id), isNull(questions.retiredAt)))
    .orderBy(asc(questions.order));
  return { test, questions: list };
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
    // Leadership has no headline level either: its "score" was only the highest style.
    const delta =
      type === "personality" || type === "leadership" || previous.score === null || current.score === null
        ? null
        : current.score - previous.score;
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

/**
 * Completed rows oldest first, each with its change from the previous measured result of its type.
 * A result flagged as not a measurement (straight-lining, careless, chance-level) has no change and
 * is never the baseline of one (docs/decisions/0043).
 */
function changesOf(rows: readonly HistoryRow[]): Map<number, ResultChangeOutput | null> {
  const completed = rows.filter((r) => r.completedAt).sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime() || a.id - b.id);
  const changes = new Map<number, ResultChangeOutput | null>();
  const last = new Map<string, HistoryRow>();
  for (const r of completed) {
    if (invalidatingFlags(r.resultData).length > 0) {
      changes.set(r.id, null);
      continue;
    }
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
    .where(and(inArray(questions.testId, [...new Set(rows.map((r) => r.testId))]), isNull(questions.retiredAt)))
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
  const items = await withCounts(db, rows, changesOf(await onCurrentCalibration(db, rows)));
  const when = (r: HistoryItem) => (r.completedAt ?? r.startedAt).getTime();
  return items.sort((a, b) => when(b) - when(a) || b.id - a.id);
}

/**
 * One completed result of the caller's, in the shape of a history item with its reference point
 * (percentiles among the people who took it here); "Result not found" for anything else.
 */
export async function historyItem(db: Database, userId: number, attemptId: number): Promise<ResultItem> {
  const rows = await historyRows(db, userId);
  const row = rows.find((r) => r.id === attemptId && r.completedAt);
  if (!row) throw new DomainError("NOT_FOUND", RESULT_NOT_FOUND_MESSAGE);
  const [[item], reference] = await Promise.all([
    withCounts(db, [row], changesOf(await onCurrentCalibration(db, rows))),
    row.test.type === "personality" ? null : firstMeasuredResults(db, row.testId).then((all) => resultReference(row.test.type, row, all)),
  ]);
  return { ...item!, reference };
}
