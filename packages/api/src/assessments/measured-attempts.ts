/**
 * Which attempts count as measurements, in SQL: the psychometrics, the taking flow's reference
 * counts and the pace figures read the same population.
 */
import { and, asc, eq, isNotNull, schema, sql, type Database } from "@coach/db";
import { INVALIDATING_FLAGS } from "@coach/assessments/results";

/**
 * SQL: the attempt's stored result carries no invalidating flag (straight-lining, careless,
 * chance-level), i.e. it is a measurement. Random or unread answers are not a person's scores: they
 * enter no norm, reliability, calibration, analytics distribution or percentile reference.
 */
export function isMeasurement() {
  const flags = sql.raw(`array[${INVALIDATING_FLAGS.map((f) => `'${f}'`).join(", ")}]`);
  return sql`not coalesce(${schema.testAttempts.resultData} -> 'quality' -> 'flags' ?| ${flags}, false)`;
}

/**
 * The population a calibration rests on: each person's FIRST complete attempt that is a measurement
 * (no straight-lining, careless or chance-level flag). Practised retakes and random clicking would
 * otherwise shift the items' difficulties (issue 29: with 5% clickers and 20% practised retakers,
 * coverage fell to 76-83% when calibrating on latest attempts; 87-89% on first measured ones).
 */
export function firstMeasuredAttempts(db: Database, testId: number) {
  const { testAttempts: attempts } = schema;
  return db
    .selectDistinctOn([attempts.userId], { id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), isNotNull(attempts.completedAt), isMeasurement()))
    .orderBy(attempts.userId, asc(attempts.completedAt), asc(attempts.id))
    .as("chosen");
}
