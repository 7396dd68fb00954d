/**
 * How long people here take (issue 29's time budgets). Each test's length rests on an assumed time
 * per question (SECONDS_PER_ITEM: 7 s a statement, 50 s a reasoning item) inside its budget
 * (MINUTES); the methodology page sets what real takers did beside it, so the assumption is checked
 * rather than repeated. Read from each person's first measured attempt (as a calibration is): a
 * practised retake or a random clicker would make the test look quicker than it is.
 */
import { count, countDistinct, eq, isNotNull, schema, sql, type Database } from "@coach/db";
import { MINUTES, SECONDS_PER_ITEM } from "@coach/assessments";
import type { TestType } from "@coach/db/enums";
import { firstMeasuredAttempts } from "./measured-attempts";
import type { Pace } from "./shapes";

/** Below this many people the medians are not published. */
export const MIN_PACE_PEOPLE = 20;

const median = (column: unknown) => sql<string | number | null>`percentile_cont(0.5) within group (order by ${column})`;
const round1 = (x: number) => Math.round(x * 10) / 10;

export async function pace(db: Database, test: { id: number; type: TestType }): Promise<Pace> {
  const { responses, testAttempts: attempts } = schema;
  const timed = firstMeasuredAttempts(db, test.id);
  const whole = firstMeasuredAttempts(db, test.id);
  const [[perAnswer], [perAttempt]] = await Promise.all([
    db
      .select({ answers: count(), timedPeople: countDistinct(responses.attemptId), median: median(responses.latencyMs) })
      .from(responses)
      .innerJoin(timed, eq(responses.attemptId, timed.id))
      .where(isNotNull(responses.latencyMs)),
    db
      .select({ people: count(), median: median(sql`extract(epoch from ${attempts.completedAt} - ${attempts.startedAt})`) })
      .from(attempts)
      .innerJoin(whole, eq(attempts.id, whole.id)),
  ]);
  const people = Number(perAttempt?.people ?? 0);
  // Answers carry a time only when the client sent one, so the time per question has its own count of people.
  const timedPeople = Number(perAnswer?.timedPeople ?? 0);
  const timedEnough = timedPeople >= MIN_PACE_PEOPLE;
  const enough = people >= MIN_PACE_PEOPLE;
  const secondsPerQuestion = perAnswer?.median == null ? null : Number(perAnswer.median) / 1000;
  const minutesPerAttempt = perAttempt?.median == null ? null : Number(perAttempt.median) / 60;
  return {
    people,
    timedPeople,
    answers: Number(perAnswer?.answers ?? 0),
    medianSecondsPerQuestion: timedEnough && secondsPerQuestion !== null ? round1(secondsPerQuestion) : null,
    medianMinutesPerAttempt: enough && minutesPerAttempt !== null ? round1(minutesPerAttempt) : null,
    assumedSecondsPerQuestion: SECONDS_PER_ITEM[test.type],
    budgetMinutes: MINUTES[test.type],
    minimumN: MIN_PACE_PEOPLE,
  };
}
