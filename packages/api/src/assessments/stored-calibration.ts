/**
 * The stored calibrations of a test: the newest of either kind, and the one its results are scored
 * with (the reasoning test's or a slider test's).
 */
import { desc, eq, schema, type Database } from "@coach/db";
import { type IqCalibration, type SliderCalibration, isSliderCalibration } from "@coach/assessments";

/** The test's newest stored calibration, of either kind, or null before the first. */
export async function latestCalibration(db: Database, testId: number): Promise<IqCalibration | SliderCalibration | null> {
  const [row] = await db
    .select({ calibration: schema.testCalibrations.calibration })
    .from(schema.testCalibrations)
    .where(eq(schema.testCalibrations.testId, testId))
    .orderBy(desc(schema.testCalibrations.createdAt), desc(schema.testCalibrations.id))
    .limit(1);
  return row ? (row.calibration as unknown as IqCalibration | SliderCalibration) : null;
}

/** The calibration results of this IQ test are scored with: its newest, or null before the first. */
export async function activeCalibration(db: Database, testId: number): Promise<IqCalibration | null> {
  const latest = await latestCalibration(db, testId);
  return latest && !isSliderCalibration(latest) ? latest : null;
}

/** The calibration a slider test's questions are chosen and scored with (decision 57): its newest, or null before the first. */
export async function activeSliderCalibration(db: Database, testId: number): Promise<SliderCalibration | null> {
  const latest = await latestCalibration(db, testId);
  return isSliderCalibration(latest) ? latest : null;
}
