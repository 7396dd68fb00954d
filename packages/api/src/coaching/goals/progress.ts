/**
 * A goal's progress, read from the client's results and never stored: the scale's readings of each
 * completed attempt since the goal was set, and the reliable-change test between baseline and latest.
 */
import { and, asc, inArray, isNotNull, eq, schema, type Database } from "@coach/db";
import type { TestType } from "@coach/db/enums";
import { invalidatingFlags } from "@coach/assessments/results";
import { changeWords, goalScalesOf, scaleChange, scaleReadings } from "./scales";
import type { GoalView } from "../shapes";

const { testAttempts: attempts } = schema;

export type GoalRow = typeof schema.goals.$inferSelect & { testTitle: string | null; testType: TestType | null };

/** Completed attempts of one client for the given tests, oldest first. */
export async function completedAttempts(db: Database, userId: number, testIds: number[]) {
  if (testIds.length === 0) return [];
  return db
    .select({
      id: attempts.id,
      testId: attempts.testId,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultData: attempts.resultData,
      test: { type: schema.tests.type },
    })
    .from(attempts)
    .innerJoin(schema.tests, eq(schema.tests.id, attempts.testId))
    .where(and(eq(attempts.userId, userId), inArray(attempts.testId, testIds), isNotNull(attempts.completedAt)))
    .orderBy(asc(attempts.completedAt), asc(attempts.id));
}

type AttemptRow = Awaited<ReturnType<typeof completedAttempts>>[number];

/**
 * A goal's progress: the baseline is the client's latest measured result at or before the goal was
 * set (else the first one after it); the points are the baseline and every result after it; the change is the
 * history's reliable-change test between the baseline and the latest result. `onOneScale` holds the
 * results rescored on the test's current calibration (assessments/rescore.ts): the change is tested
 * on them, as the history does, so a calibration between the two is not read as a change.
 */
export function goalView(goal: GoalRow, attemptsOfClient: readonly AttemptRow[], onOneScale?: readonly AttemptRow[]): GoalView {
  const base = {
    id: goal.id,
    title: goal.title,
    why: goal.why,
    measure: goal.measure,
    targetDate: goal.targetDate,
    status: goal.status,
    createdBy: goal.createdBy,
    createdAt: goal.createdAt,
  };
  if (goal.scaleTestId === null || goal.scaleKey === null || goal.scaleTarget === null || !goal.testType) return { ...base, scale: null };
  const type = goal.testType;
  const key = goal.scaleKey;
  const label = goalScalesOf(type).find((s) => s.key === key)?.label ?? key;
  // A result flagged "Not a measurement" (straight-lining, careless, chance-level) is no reading of
  // the scale: it is neither a point, nor the baseline, nor the latest result.
  const ofTest = attemptsOfClient.filter(
    (a) => a.testId === goal.scaleTestId && a.completedAt && invalidatingFlags(a.resultData).length === 0,
  );
  const setAt = goal.createdAt.getTime();
  const before = ofTest.filter((a) => a.completedAt!.getTime() <= setAt).at(-1);
  const after = ofTest.filter((a) => a.completedAt!.getTime() > setAt);
  const baselineAttempt = before ?? after[0];
  const series = before ? [before, ...after] : after;
  const points = series.flatMap((a) => {
    const reading = scaleReadings(type, a).find((r) => r.key === key);
    return reading ? [{ attemptId: a.id, completedAt: a.completedAt!, score: reading.score, low: reading.low, high: reading.high }] : [];
  });
  const baseline = baselineAttempt ? (points.find((p) => p.attemptId === baselineAttempt.id)?.score ?? null) : null;
  const latestAttempt = after.at(-1);
  const latestPoint = latestAttempt ? points.find((p) => p.attemptId === latestAttempt.id) : undefined;
  let change: NonNullable<GoalView["scale"]>["progress"]["change"] = null;
  if (baselineAttempt && latestAttempt && latestAttempt.id !== baselineAttempt.id) {
    const comparable = (a: AttemptRow) => onOneScale?.find((r) => r.id === a.id) ?? a;
    const c = scaleChange(type, key, comparable(baselineAttempt), comparable(latestAttempt));
    if (c)
      change = { delta: Math.round(c.delta * 10) / 10, reliable: c.reliable === true, words: changeWords(c, before ? "goal" : "baseline") };
  }
  return {
    ...base,
    scale: {
      testId: goal.scaleTestId,
      testTitle: goal.testTitle ?? "",
      scaleKey: key,
      scaleLabel: label,
      baseline,
      target: goal.scaleTarget,
      progress: { points, latest: latestPoint?.score ?? null, change },
    },
  };
}
