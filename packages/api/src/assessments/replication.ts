/**
 * Live replication for the methodology page (docs/decisions/0043): among people who took a test
 * again within RETAKE_WINDOW_DAYS of their first complete, measured attempt, the share whose named
 * verdict came back, with the same definition as the simulation (docs/decisions/0039): a named
 * style or domain "comes back" when the retake shows it as the most probable top (named or not); a
 * firm personality letter when the retake leans to the same letter. IQ names no verdict. As in the
 * simulation, both attempts are read on one scale: an attempt scored before the test's current
 * calibration is rescored on it first (rescore.ts), so a recalibration between the two attempts is
 * not counted as a verdict that failed to come back.
 */
import { and, asc, eq, isNotNull, schema, type Database } from "@coach/db";
import { invalidatingFlags, readResultData } from "@coach/assessments/results";
import type { TestType } from "@coach/db/enums";
import { onCurrentCalibration } from "./rescore";
import type { Replication } from "./shapes";

export const RETAKE_WINDOW_DAYS = 60;
/** Below this many named verdicts the share is not published ("not enough retakers yet"). */
export const MIN_REPLICATION_N = 20;
const Z90 = 1.6448536269514722;

/** Wilson score interval for k of n at 90%: honest near 0 and 1, where retake shares live. */
export function wilson(k: number, n: number): { low: number; high: number } {
  const p = k / n;
  const d = 1 + (Z90 * Z90) / n;
  const centre = (p + (Z90 * Z90) / (2 * n)) / d;
  const half = (Z90 * Math.sqrt((p * (1 - p)) / n + (Z90 * Z90) / (4 * n * n))) / d;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** [named on the first attempt, came back on the retake] per counted unit. */
function verdictsOf(type: TestType, first: unknown, retake: unknown): boolean[] {
  const a = readResultData(type, first);
  const b = readResultData(type, retake);
  if (a.type === "leadership" && b.type === "leadership" && a.data && b.data) {
    return a.data.primary ? [b.data.highest === a.data.primary] : [];
  }
  if (a.type === "eq" && b.type === "eq" && a.data && b.data && a.data.strongest) {
    const p = b.data.probabilities;
    const top = (Object.keys(p) as (keyof typeof p)[]).reduce((x, y) => (p[y] > p[x] ? y : x));
    return [top === a.data.strongest];
  }
  if (a.type === "personality" && b.type === "personality" && a.data && b.data) {
    const second = b.data;
    return (Object.keys(a.data.axes) as (keyof typeof a.data.axes)[])
      .filter((k) => !a.data!.axes[k].tentative)
      .map((k) => second.axes[k].letter === a.data!.axes[k].letter);
  }
  return [];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The replication of one test's verdicts, or null for a test that names none (IQ). */
export async function replication(db: Database, test: { id: number; type: TestType }): Promise<Replication | null> {
  if (test.type === "iq") return null;
  const { testAttempts: attempts } = schema;
  const rows = await db
    .select({
      id: attempts.id,
      testId: attempts.testId,
      userId: attempts.userId,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultData: attempts.resultData,
    })
    .from(attempts)
    .where(and(eq(attempts.testId, test.id), isNotNull(attempts.completedAt)))
    .orderBy(asc(attempts.userId), asc(attempts.completedAt), asc(attempts.id));
  type Row = (typeof rows)[number] & { completedAt: Date; test: { type: TestType } };
  const byUser = new Map<number, Row[]>();
  for (const r of rows) {
    // Only measured attempts: a flagged one is neither a first attempt nor a retake.
    if (invalidatingFlags(r.resultData).length > 0) continue;
    const list = byUser.get(r.userId) ?? [];
    list.push({ ...r, completedAt: r.completedAt!, test: { type: test.type } });
    byUser.set(r.userId, list);
  }
  const pairs: [Row, Row][] = [];
  for (const [first, retake] of byUser.values()) {
    if (!first || !retake) continue;
    const days = (retake.completedAt.getTime() - first.completedAt.getTime()) / 86_400_000;
    if (days <= RETAKE_WINDOW_DAYS) pairs.push([first, retake]);
  }
  const onOneScale = new Map((await onCurrentCalibration(db, pairs.flat())).map((r) => [r.id, r.resultData]));
  const outcomes = pairs.flatMap(([first, retake]) => verdictsOf(test.type, onOneScale.get(first.id), onOneScale.get(retake.id)));
  const n = outcomes.length;
  const cameBack = outcomes.filter(Boolean).length;
  const enough = n >= MIN_REPLICATION_N;
  const ci = enough ? wilson(cameBack, n) : null;
  return {
    unit: test.type === "personality" ? "letters" : "people",
    n,
    cameBack,
    share: enough ? round3(cameBack / n) : null,
    low: ci ? round3(ci.low) : null,
    high: ci ? round3(ci.high) : null,
    level: 0.9,
    minimumN: MIN_REPLICATION_N,
    windowDays: RETAKE_WINDOW_DAYS,
  };
}
