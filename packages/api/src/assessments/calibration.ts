/**
 * Calibration of the reasoning test and of the EQ and leadership tests: fit the item parameters to
 * each person's first complete attempt that is a measurement (psychometrics.firstMeasuredAnswerSets)
 * and store them; results completed afterwards are scored on that scale ("compared with the N people
 * who have taken this test here"; the slider tests also choose their questions with it). Run by the coach
 * (admin.tests.calibrate) or by the scheduled worker below. The test's row is locked (SKIP LOCKED)
 * for the run, so two server instances never calibrate the same test at once.
 */
import { asc, eq, inArray, schema, type Database } from "@coach/db";
import {
  CALIBRATED_SLIDER_TYPES,
  type IqCalibration,
  MIN_CALIBRATION_PEOPLE,
  MIN_SLIDER_CALIBRATION_PEOPLE,
  type SliderCalibration,
  calibrateIq,
  calibrateSliderTest,
} from "@coach/assessments";
import type { TestType } from "@coach/db/enums";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import type { Transaction } from "../shared/db";
import { startPeriodicJob } from "../shared/periodic";
import { type CalibrationView, calibrationViewOf } from "./calibration-view";
import { TEST_NOT_FOUND_MESSAGE } from "./shapes";
import { firstMeasuredAnswerSets, forgetMethodology, peopleMeasured, scorableQuestions } from "./psychometrics";
import { latestCalibration } from "./stored-calibration";

export { calibrationView, type CalibrationView } from "./calibration-view";

/** The tests the app calibrates: the reasoning test and the slider tests whose scores may be set on the takers (decision 58). */
export const CALIBRATED_TYPES: readonly TestType[] = ["iq", ...CALIBRATED_SLIDER_TYPES];

export const NOT_CALIBRATABLE_MESSAGE =
  "The personality test is not calibrated: its letters divide at the balance point its statements were written around, and a calibration would move that point to the average of the people who took it here.";
export const CALIBRATION_BUSY_MESSAGE = "This test is being calibrated right now. Please try again in a minute.";

type Calibration = IqCalibration | SliderCalibration;

/** People a calibration of this type of test needs: 200 for the reasoning items, 2,000 for the slider items (decision 58). */
export const minimumPeople = (type: TestType) => (type === "iq" ? MIN_CALIBRATION_PEOPLE : MIN_SLIDER_CALIBRATION_PEOPLE);

export function tooFewPeopleMessage(n: number, minimum = MIN_CALIBRATION_PEOPLE): string {
  const needed = minimum - n;
  const have = n === 1 ? "1 has" : `${n} have`;
  return `Calibration needs at least ${minimum} people; ${have} taken this test, ${needed} more ${needed === 1 ? "is" : "are"} needed.`;
}

async function calibratableTest(db: Database, testId: number) {
  const [test] = await db
    .select({ id: schema.tests.id, title: schema.tests.title, type: schema.tests.type })
    .from(schema.tests)
    .where(eq(schema.tests.id, testId));
  if (!test) throw new DomainError("NOT_FOUND", TEST_NOT_FOUND_MESSAGE);
  if (!CALIBRATED_TYPES.includes(test.type)) throw new DomainError("UNPROCESSABLE_CONTENT", NOT_CALIBRATABLE_MESSAGE);
  return test;
}

/** What the coach sees of a test's calibration: N, date, item parameters and (reasoning test) the information curve. */
export async function calibrationOf(db: Database, testId: number): Promise<CalibrationView> {
  const test = await calibratableTest(db, testId);
  const [people, calibration, questions] = await Promise.all([
    peopleMeasured(db, test.id),
    latestCalibration(db, test.id),
    scorableQuestions(db, test.id),
  ]);
  return calibrationViewOf(test, people, minimumPeople(test.type), calibration, questions);
}

/** Fits the items of a test of this type to one answer set per person. */
function fit(type: TestType, ...args: Parameters<typeof calibrateSliderTest>) {
  const outcome = type === "iq" ? calibrateIq(args[0], args[1], args[2]) : calibrateSliderTest(...args);
  return outcome.ok ? { ok: true as const, calibration: outcome.calibration as Calibration } : { ok: false as const, n: outcome.n };
}

/**
 * Holds the test's row for one calibration run; false when another instance holds it. NO KEY UPDATE,
 * not UPDATE: a new attempt's foreign key takes a KEY SHARE lock on the same row, which UPDATE would
 * make wait for the whole fit (seconds with thousands of people), and NO KEY UPDATE does not.
 */
export async function holdTestForCalibration(tx: Transaction, testId: number): Promise<boolean> {
  const [held] = await tx
    .select({ id: schema.tests.id })
    .from(schema.tests)
    .where(eq(schema.tests.id, testId))
    .for("no key update", { skipLocked: true });
  return held !== undefined;
}

/**
 * Fits and stores a new calibration inside a transaction that holds the test's row. `when` decides,
 * with the row held, whether this run should go ahead (the worker's "is it due?"); returning a
 * message refuses with 422. null when another instance holds the row.
 */
async function runCalibration(
  db: Database,
  test: { id: number; type: TestType },
  when: (people: number, current: Calibration | null) => string | null,
  now: Date,
) {
  return db.transaction(async (tx) => {
    if (!(await holdTestForCalibration(tx, test.id))) return null;
    const current = await latestCalibration(tx, test.id);
    const people = await peopleMeasured(tx, test.id);
    const refusal = when(people, current);
    if (refusal) throw new DomainError("UNPROCESSABLE_CONTENT", refusal);
    const [questions, answerSets] = await Promise.all([scorableQuestions(tx, test.id), firstMeasuredAnswerSets(tx, test.id)]);
    const outcome = fit(test.type, questions, answerSets, now, minimumPeople(test.type));
    if (!outcome.ok) throw new DomainError("UNPROCESSABLE_CONTENT", tooFewPeopleMessage(outcome.n, minimumPeople(test.type)));
    await tx.insert(schema.testCalibrations).values({
      testId: test.id,
      calibration: outcome.calibration as unknown as Record<string, unknown>,
      n: outcome.calibration.n,
      createdAt: now,
    });
    return { calibration: outcome.calibration, questions, people };
  });
}

/** The coach's calibration run: 422 with the number still needed below the minimum, or for the personality test. */
export async function calibrateTest(db: Database, actor: AuditActor, testId: number, now = new Date()): Promise<CalibrationView> {
  const test = await calibratableTest(db, testId);
  const minimum = minimumPeople(test.type);
  const done = await runCalibration(db, test, (people) => (people < minimum ? tooFewPeopleMessage(people, minimum) : null), now);
  if (!done) throw new DomainError("CONFLICT", CALIBRATION_BUSY_MESSAGE);
  forgetMethodology(db);
  const view = calibrationViewOf(test, done.people, minimum, done.calibration, done.questions);
  await recordAudit(db, actor, "test.calibrate", {
    type: "test",
    id: test.id,
    details: { n: done.calibration.n, converged: view.calibration!.converged },
  });
  return view;
}

// ---- schedule

/** A scheduled run recalibrates when the last calibration is at least this old … */
export const RECALIBRATE_AFTER_MS = 24 * 3_600_000;
/** … and the number of people grew by at least this share since (or there is none yet). */
export const RECALIBRATE_GROWTH = 0.1;

export interface CalibrationReport {
  calibrated: { testId: number; n: number }[];
}

/** Calibrates every calibrated test that is due: its minimum of people, a day since the last run, and 10% more people. */
export async function recalibrateDueTests(db: Database, now = new Date()): Promise<CalibrationReport> {
  const tests = await db
    .select({ id: schema.tests.id, type: schema.tests.type })
    .from(schema.tests)
    .where(inArray(schema.tests.type, [...CALIBRATED_TYPES]))
    .orderBy(asc(schema.tests.id));
  const calibrated: CalibrationReport["calibrated"] = [];
  for (const test of tests) {
    const notDue = (people: number, current: Calibration | null) => {
      if (people < minimumPeople(test.type)) return "not enough people";
      if (!current) return null;
      if (now.getTime() - new Date(current.date).getTime() < RECALIBRATE_AFTER_MS) return "calibrated recently";
      return people >= current.n * (1 + RECALIBRATE_GROWTH) ? null : "not enough new people";
    };
    try {
      const done = await runCalibration(db, test, notDue, now);
      if (done) calibrated.push({ testId: test.id, n: done.calibration.n });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  if (calibrated.length > 0) {
    forgetMethodology(db);
    log("info", "tests recalibrated", { calibrated });
  }
  return { calibrated };
}

/** Checks every `intervalMs` (default hourly) whether a calibration is due, until the returned function is called. */
export function startCalibrationWorker(getDb: () => Database | Promise<Database>, { intervalMs = 3_600_000 } = {}): () => Promise<void> {
  return startPeriodicJob("calibration", getDb, (db) => recalibrateDueTests(db), { intervalMs, firstDelayMs: 60_000 });
}
