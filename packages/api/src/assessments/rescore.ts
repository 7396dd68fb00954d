/**
 * Results compared on one scale (issue 29, decision 58). A slider result stores the scores of the
 * calibration it was completed under; once the EQ or leadership test is calibrated (again), an older
 * result sits on another scale, and comparing the two would report a change nobody made. Before the
 * history compares them, every completed result of a calibrated slider test that was not scored on
 * the current calibration is rescored from its stored answers on it. The stored result, what the
 * client was shown, is left as it was; only the comparison uses the rescored one.
 */
import { and, eq, inArray, isNotNull, schema, type Database } from "@coach/db";
import { CALIBRATED_SLIDER_TYPES, type SliderCalibration, scoreAttempt, withSliderCalibration } from "@coach/assessments";
import { activeSliderCalibration } from "./stored-calibration";

interface Comparable {
  id: number;
  testId: number;
  completedAt: Date | null;
  score: number | null;
  resultData: unknown;
  test: { type: string };
}

const calibratedOn = (data: unknown) => (data as { calibratedOn?: unknown } | null)?.calibratedOn;

/** The people each scale of the calibration rests on: a result scored on it carries the smallest. */
const restsOn = (calibration: SliderCalibration) => Math.min(...calibration.scales.map((s) => s.n));

/** The rows with each stale slider result's score and scores replaced by its rescoring on the test's current calibration. */
export async function onCurrentCalibration<R extends Comparable>(db: Database, rows: readonly R[]): Promise<R[]> {
  const candidates = rows.filter((r) => r.completedAt && (CALIBRATED_SLIDER_TYPES as readonly string[]).includes(r.test.type));
  const testIds = [...new Set(candidates.map((r) => r.testId))];
  // Nothing to compare unless a test has two results.
  const compared = testIds.filter((id) => candidates.filter((r) => r.testId === id).length > 1);
  if (compared.length === 0) return [...rows];
  const replaced = new Map<number, R>();
  for (const testId of compared) {
    const calibration = await activeSliderCalibration(db, testId);
    if (!calibration) continue;
    const stale = candidates.filter((r) => r.testId === testId && calibratedOn(r.resultData) !== restsOn(calibration));
    if (stale.length === 0) continue;
    const [items, answers] = await Promise.all([
      // Retired questions too: an older attempt may have answered them.
      db
        .select({
          id: schema.questions.id,
          type: schema.questions.type,
          options: schema.questions.options,
          scoring: schema.questions.scoring,
        })
        .from(schema.questions)
        .where(and(eq(schema.questions.testId, testId), isNotNull(schema.questions.scoring))),
      db
        .select({ attemptId: schema.responses.attemptId, questionId: schema.responses.questionId, answer: schema.responses.answer })
        .from(schema.responses)
        .where(
          inArray(
            schema.responses.attemptId,
            stale.map((r) => r.id),
          ),
        ),
    ]);
    const questions = withSliderCalibration(items, calibration);
    for (const row of stale) {
      const given = new Map(answers.filter((a) => a.attemptId === row.id).map((a) => [a.questionId, a.answer]));
      const rescored = scoreAttempt(row.test.type, questions, given);
      // The quality flags stay those decided when the attempt was completed (they also read answer times).
      const quality = (row.resultData as { quality?: unknown } | null)?.quality;
      replaced.set(row.id, { ...row, score: rescored.score, resultData: { ...(rescored.resultData as object), quality } });
    }
  }
  return rows.map((r) => replaced.get(r.id) ?? r);
}
