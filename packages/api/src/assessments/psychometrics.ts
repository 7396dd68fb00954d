/**
 * What the scorers and the methodology learn from the answers people have given: each person's
 * latest completed attempt of a test, the scale norms and reliability computed from them (cached per
 * database and test for a few minutes, so a burst of completions does not recompute them each time),
 * and the stored IQ calibration.
 */
import { z } from "zod";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, schema, type Database } from "@coach/db";
import type { TestType } from "@coach/db/enums";
import {
  type AnswerMap,
  MIN_RESPONDENTS_FOR_RELIABILITY,
  type ScaleNorms,
  type ScaleStatistics,
  instrumentStatistics,
  scaleNormsFromData,
} from "@coach/assessments";
import { firstMeasuredAttempts, isMeasurement } from "./measured-attempts";
import { pace } from "./pace";
import { replication } from "./replication";
import { type methodologyOutput, type reliabilityOutput } from "./shapes";
import { latestCalibration } from "./stored-calibration";

export const CACHE_TTL_MS = 5 * 60_000;

export interface ScorableTest {
  id: number;
  type: TestType;
}

/** The questions of a test in use (not retired) as the scorers and calibration read them, in order. */
export async function scorableQuestions(db: Database, testId: number) {
  return db
    .select({
      id: schema.questions.id,
      order: schema.questions.order,
      text: schema.questions.text,
      type: schema.questions.type,
      options: schema.questions.options,
      correctAnswer: schema.questions.correctAnswer,
      scoring: schema.questions.scoring,
    })
    .from(schema.questions)
    .where(and(eq(schema.questions.testId, testId), isNull(schema.questions.retiredAt)))
    .orderBy(asc(schema.questions.order));
}

/** How many people have completed the test at least once. */
export async function peopleWhoCompleted(db: Database, testId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(
    db
      .selectDistinct({ userId: schema.testAttempts.userId })
      .from(schema.testAttempts)
      .where(and(eq(schema.testAttempts.testId, testId), isNotNull(schema.testAttempts.completedAt)))
      .as("people"),
  );
  return Number(row?.n ?? 0);
}

/**
 * One answer set per person: the answers of their latest completed attempt of the test that is a
 * measurement, so a retake never counts a person twice and random clicking lowers no reliability.
 * `completedWithin` ([from, to)) keeps attempts completed in a period.
 */
export async function latestAnswerSets(db: Database, testId: number, completedWithin?: { from: Date; to: Date }): Promise<AnswerMap[]> {
  const { testAttempts: attempts } = schema;
  const period = completedWithin
    ? and(gte(attempts.completedAt, completedWithin.from), lt(attempts.completedAt, completedWithin.to))
    : undefined;
  const latest = db
    .selectDistinctOn([attempts.userId], { id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), isNotNull(attempts.completedAt), isMeasurement(), period))
    .orderBy(attempts.userId, desc(attempts.completedAt), desc(attempts.id))
    .as("chosen");
  return answerSetsOf(db, latest);
}

/** The answers of each attempt a subquery selects (its `id` column), one map per attempt. */
async function answerSetsOf(db: Database, selected: ReturnType<typeof firstMeasuredAttempts>): Promise<AnswerMap[]> {
  const { responses } = schema;
  const rows = await db
    .select({ attemptId: responses.attemptId, questionId: responses.questionId, answer: responses.answer })
    .from(responses)
    .innerJoin(selected, eq(selected.id, responses.attemptId));
  const byAttempt = new Map<number, Map<number, string>>();
  for (const r of rows) {
    let answers = byAttempt.get(r.attemptId);
    if (!answers) byAttempt.set(r.attemptId, (answers = new Map()));
    answers.set(r.questionId, r.answer);
  }
  return [...byAttempt.values()];
}

/** How many people a calibration of the test would rest on (firstMeasuredAttempts). */
export async function peopleMeasured(db: Database, testId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(firstMeasuredAttempts(db, testId));
  return Number(row?.n ?? 0);
}

/** The stored result (score and data) of each person's first measured attempt: the percentile reference (0044). */
export async function firstMeasuredResults(db: Database, testId: number): Promise<{ score: number | null; resultData: unknown }[]> {
  const chosen = firstMeasuredAttempts(db, testId);
  const { testAttempts: attempts } = schema;
  return db.select({ score: attempts.score, resultData: attempts.resultData }).from(attempts).innerJoin(chosen, eq(chosen.id, attempts.id));
}

/** One answer set per person: their first complete attempt that is a measurement. */
export async function firstMeasuredAnswerSets(db: Database, testId: number): Promise<AnswerMap[]> {
  return answerSetsOf(db, firstMeasuredAttempts(db, testId));
}

/** A per-database, per-key memo that recomputes a value at most every CACHE_TTL_MS. */
function ttlCache<V>() {
  const store = new WeakMap<Database, Map<string, { at: number; value: Promise<V> }>>();
  const get = (db: Database, key: string, compute: () => Promise<V>): Promise<V> => {
    let entries = store.get(db);
    if (!entries) store.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
    const value = compute();
    entries.set(key, { at: Date.now(), value });
    // A failed computation is not remembered.
    value.catch(() => entries.delete(key));
    return value;
  };
  return { get, forget: (db: Database, key: string) => store.get(db)?.delete(key) };
}

const statisticsCache = ttlCache<{ norms: ScaleNorms; statistics: ScaleStatistics[] }>();

/**
 * Scale norms (for the scorers) and reliability with item statistics (for the methodology), from
 * each person's latest attempt. Cached: recomputed at most every few minutes per test.
 */
export function testStatistics(db: Database, test: ScorableTest) {
  return statisticsCache.get(db, String(test.id), async () => {
    const [questions, answerSets] = await Promise.all([scorableQuestions(db, test.id), latestAnswerSets(db, test.id)]);
    const norms = test.type === "iq" ? {} : scaleNormsFromData(test.type, questions, answerSets);
    return { norms, statistics: instrumentStatistics(test.type, questions, answerSets) };
  });
}

/** The norms a new slider result is scored with: the items' own data once there are enough people. */
export async function scaleNormsFor(db: Database, test: ScorableTest): Promise<ScaleNorms> {
  return test.type === "iq" ? {} : (await testStatistics(db, test)).norms;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The reliability of one scale as published: null below the minimum N or without variance. */
export function publishedReliability(type: string, stats: ScaleStatistics): z.infer<typeof reliabilityOutput> | null {
  const r = stats.reliability;
  if (r.alpha === null) return null;
  return {
    coefficient: type === "iq" ? "kr20" : "alpha",
    value: round3(r.alpha),
    low: round3(r.low),
    high: round3(r.high),
    level: r.level,
  };
}

const methodologyCache = ttlCache<z.infer<typeof methodologyOutput>>();

/** Live figures for the public methodology page: per test, its scales' reliability and its norm. */
export function methodology(db: Database) {
  return methodologyCache.get(db, "all", async () => {
    const tests = await db
      .select({ id: schema.tests.id, type: schema.tests.type, title: schema.tests.title })
      .from(schema.tests)
      .orderBy(asc(schema.tests.id));
    return Promise.all(
      tests.map(async (test) => {
        const [{ statistics }, questions, calibration, replicated, paced] = await Promise.all([
          testStatistics(db, test),
          scorableQuestions(db, test.id),
          latestCalibration(db, test.id),
          replication(db, test),
          pace(db, test),
        ]);
        return {
          testId: test.id,
          type: test.type,
          name: test.title,
          items: questions.length,
          scales: statistics.map((s) => ({
            scale: s.scale,
            items: s.items,
            n: s.n,
            reliability: publishedReliability(test.type, s),
            minimumN: MIN_RESPONDENTS_FOR_RELIABILITY,
          })),
          // The personality test has no norm of its own: its letters divide at the written balance point.
          norm:
            test.type === "personality"
              ? null
              : calibration
                ? { kind: "calibrated" as const, n: calibration.n, date: calibration.date }
                : { kind: "provisional" as const, n: null, date: null },
          replication: replicated,
          pace: paced,
        };
      }),
    );
  });
}

/** After a calibration the methodology must show it at once, not a few minutes later. */
export function forgetMethodology(db: Database) {
  methodologyCache.forget(db, "all");
}
