/**
 * Calibration of the IQ test: fit the item parameters to each person's first complete attempt that
 * is a measurement (at least MIN_CALIBRATION_PEOPLE; psychometrics.firstMeasuredAnswerSets) and store them; results completed afterwards are scored
 * on that scale ("compared with the N people who have taken this test here"). Run by the coach
 * (admin.tests.calibrate) or by the scheduled worker below. The test's row is locked (SKIP LOCKED)
 * for the run, so two server instances never calibrate the same test at once.
 */
import { z } from "zod";
import { asc, eq, schema, type Database } from "@coach/db";
import { type IqCalibration, MIN_CALIBRATION_PEOPLE, calibrateIq } from "@coach/assessments";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { startPeriodicJob } from "../shared/periodic";
import { TEST_NOT_FOUND_MESSAGE } from "./shapes";
import { activeCalibration, firstMeasuredAnswerSets, forgetMethodology, peopleMeasured, scorableQuestions } from "./psychometrics";

export const NOT_CALIBRATABLE_MESSAGE =
  "Only the cognitive (IQ) test can be calibrated: its items are scored right or wrong. The other tests use the reliability of their own scales, which updates by itself.";
export const CALIBRATION_BUSY_MESSAGE = "This test is being calibrated right now. Please try again in a minute.";

export function tooFewPeopleMessage(n: number): string {
  const needed = MIN_CALIBRATION_PEOPLE - n;
  const have = n === 1 ? "1 has" : `${n} have`;
  return `Calibration needs at least ${MIN_CALIBRATION_PEOPLE} people; ${have} taken this test, ${needed} more ${needed === 1 ? "is" : "are"} needed.`;
}

export const calibrationView = z.object({
  testId: z.number(),
  title: z.string(),
  /** people with at least one completed attempt now */
  people: z.number(),
  minimum: z.number(),
  calibration: z
    .object({
      n: z.number(),
      date: z.string(),
      converged: z.boolean(),
      items: z.array(
        z.object({ questionId: z.number(), order: z.number(), text: z.string(), a: z.number(), b: z.number(), c: z.number() }),
      ),
      information: z.array(z.object({ iq: z.number(), information: z.number(), se: z.number() })),
    })
    .nullable(),
});
export type CalibrationView = z.infer<typeof calibrationView>;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

async function iqTest(db: Database, testId: number) {
  const [test] = await db
    .select({ id: schema.tests.id, title: schema.tests.title, type: schema.tests.type })
    .from(schema.tests)
    .where(eq(schema.tests.id, testId));
  if (!test) throw new DomainError("NOT_FOUND", TEST_NOT_FOUND_MESSAGE);
  if (test.type !== "iq") throw new DomainError("UNPROCESSABLE_CONTENT", NOT_CALIBRATABLE_MESSAGE);
  return test;
}

function view(
  test: { id: number; title: string },
  people: number,
  calibration: IqCalibration | null,
  questions: { id: number; order: number; text: string }[],
): CalibrationView {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  return {
    testId: test.id,
    title: test.title,
    people,
    minimum: MIN_CALIBRATION_PEOPLE,
    calibration: calibration && {
      n: calibration.n,
      date: calibration.date,
      converged: calibration.converged,
      items: calibration.items
        .filter((it) => byId.has(it.id))
        .map((it) => ({
          questionId: Number(it.id),
          order: byId.get(it.id)!.order,
          text: byId.get(it.id)!.text,
          a: round3(it.a),
          b: round3(it.b),
          c: round3(it.c),
        }))
        .sort((x, y) => x.order - y.order),
      information: calibration.information.map((p) => ({ iq: p.iq, information: round3(p.information), se: Math.round(p.se * 10) / 10 })),
    },
  };
}

/** What the coach sees of a test's calibration: N, date, item parameters and the information curve. */
export async function calibrationOf(db: Database, testId: number): Promise<CalibrationView> {
  const test = await iqTest(db, testId);
  const [people, calibration, questions] = await Promise.all([
    peopleMeasured(db, test.id),
    activeCalibration(db, test.id),
    scorableQuestions(db, test.id),
  ]);
  return view(test, people, calibration, questions);
}

/**
 * Fits and stores a new calibration inside a transaction that holds the test's row. `when` decides,
 * with the row held, whether this run should go ahead (the worker's "is it due?"); returning a
 * message refuses with 422. null when another instance holds the row.
 */
async function runCalibration(
  db: Database,
  testId: number,
  when: (people: number, current: IqCalibration | null) => string | null,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: schema.tests.id })
      .from(schema.tests)
      .where(eq(schema.tests.id, testId))
      .for("update", { skipLocked: true });
    if (!held) return null;
    const current = await activeCalibration(tx, testId);
    const people = await peopleMeasured(tx, testId);
    const refusal = when(people, current);
    if (refusal) throw new DomainError("UNPROCESSABLE_CONTENT", refusal);
    const [questions, answerSets] = await Promise.all([scorableQuestions(tx, testId), firstMeasuredAnswerSets(tx, testId)]);
    const outcome = calibrateIq(questions, answerSets, now);
    if (!outcome.ok) throw new DomainError("UNPROCESSABLE_CONTENT", tooFewPeopleMessage(outcome.n));
    await tx.insert(schema.testCalibrations).values({
      testId,
      calibration: outcome.calibration as unknown as Record<string, unknown>,
      n: outcome.calibration.n,
      createdAt: now,
    });
    return { calibration: outcome.calibration, questions, people };
  });
}

/** The coach's calibration run: 422 with the number still needed below the minimum, or for a non-IQ test. */
export async function calibrateTest(db: Database, actor: AuditActor, testId: number, now = new Date()): Promise<CalibrationView> {
  const test = await iqTest(db, testId);
  const done = await runCalibration(db, test.id, (people) => (people < MIN_CALIBRATION_PEOPLE ? tooFewPeopleMessage(people) : null), now);
  if (!done) throw new DomainError("CONFLICT", CALIBRATION_BUSY_MESSAGE);
  forgetMethodology(db);
  await recordAudit(db, actor, "test.calibrate", {
    type: "test",
    id: test.id,
    details: { n: done.calibration.n, converged: done.calibration.converged },
  });
  return view(test, done.people, done.calibration, done.questions);
}

// ---- schedule

/** A scheduled run recalibrates when the last calibration is at least this old … */
export const RECALIBRATE_AFTER_MS = 24 * 3_600_000;
/** … and the number of people grew by at least this share since (or there is none yet). */
export const RECALIBRATE_GROWTH = 0.1;

export interface CalibrationReport {
  calibrated: { testId: number; n: number }[];
}

/** Calibrates every IQ test that is due: at least 200 people, a day since the last run, and 10% more people. */
export async function recalibrateDueTests(db: Database, now = new Date()): Promise<CalibrationReport> {
  const tests = await db
    .select({ id: schema.tests.id })
    .from(schema.tests)
    .where(eq(schema.tests.type, "iq"))
    .orderBy(asc(schema.tests.id));
  const calibrated: CalibrationReport["calibrated"] = [];
  for (const test of tests) {
    const notDue = (people: number, current: IqCalibration | null) => {
      if (people < MIN_CALIBRATION_PEOPLE) return "not enough people";
      if (!current) return null;
      if (now.getTime() - new Date(current.date).getTime() < RECALIBRATE_AFTER_MS) return "calibrated recently";
      return people >= current.n * (1 + RECALIBRATE_GROWTH) ? null : "not enough new people";
    };
    try {
      const done = await runCalibration(db, test.id, notDue, now);
      if (done) calibrated.push({ testId: test.id, n: done.calibration.n });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  if (calibrated.length > 0) {
    forgetMethodology(db);
    log("info", "IQ test recalibrated", { calibrated });
  }
  return { calibrated };
}

/** Checks every `intervalMs` (default hourly) whether a calibration is due, until the returned function is called. */
export function startCalibrationWorker(getDb: () => Database | Promise<Database>, { intervalMs = 3_600_000 } = {}): () => Promise<void> {
  return startPeriodicJob("calibration", getDb, (db) => recalibrateDueTests(db), { intervalMs, firstDelayMs: 60_000 });
}
