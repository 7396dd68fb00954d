/** Tests, their items, attempts, answers and the calibrations the scorer reads. */
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { QUESTION_TYPES, TEST_TYPES, type QuestionType, type TestType } from "../enums";
import { createdAt, inList } from "./columns";
import { users } from "./users";

export const tests = pgTable(
  "tests",
  {
    id: serial().primaryKey(),
    /** Stable key for the idempotent content seed. */
    slug: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull(),
    type: text().$type<TestType>().notNull(),
    timeEstimate: integer().notNull(),
    createdAt: createdAt(),
  },
  () => [check("tests_type_check", inList("type", TEST_TYPES))],
);

/** How an item feeds the scorer: which scale it loads on and in which direction. */
export type QuestionScoring = {
  /** personality dichotomy axis, eq category, leadership style; absent for iq */
  scale?: string;
  /** personality: the pole that slider value 1 points to (left); value 5 points to the other pole */
  leftPole?: string;
  rightPole?: string;
  /** eq / leadership: reverse-keyed item */
  reverse?: boolean;
  /** iq: the item family (series, verbal, deduction, matrix), for the summary */
  domain?: string;
  /** slider items: 1 when agreeing means more of the scale (personality: toward rightPole), -1 its absence */
  keying?: 1 | -1;
  /** slider items: graded-response parameters (discrimination, four ordered thresholds); calibratedOn = people they were fitted to */
  grm?: { a: number; thresholds: [number, number, number, number]; calibratedOn?: number };
  /** iq: the provisional (assumed) discrimination a, difficulty b, optional guessing c and slip d; see docs/decisions/0008 */
  irt?: { a: number; b: number; c?: number; d?: number };
};

export const questions = pgTable(
  "questions",
  {
    id: serial().primaryKey(),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    /** Stable identity of the item across bank revisions: the seed upserts by (test, key). */
    key: text().notNull(),
    text: text().notNull(),
    order: integer().notNull(),
    imageUrl: text(),
    type: text().$type<QuestionType>().notNull().default("multiple-choice"),
    options: jsonb().$type<string[]>(),
    correctAnswer: text(),
    scoring: jsonb().$type<QuestionScoring>(),
    /**
     * Set when the item bank no longer holds the question. Retired, never deleted: old answers
     * reference it (docs/decisions/0040). Null = in use.
     */
    retiredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  // Order is display order only (a retired question may keep an order a new one now uses); the key is the identity.
  (t) => [
    uniqueIndex("questions_test_key_key").on(t.testId, t.key),
    index("questions_test_order_idx").on(t.testId, t.order),
    check("questions_type_check", inList("type", QUESTION_TYPES)),
  ],
);

export const testAttempts = pgTable(
  "test_attempts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    score: integer(),
    resultType: text(),
    resultSummary: text(),
    resultData: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("test_attempts_user_idx").on(t.userId, t.completedAt), index("test_attempts_test_idx").on(t.testId)],
);

/**
 * Fitted IQ item parameters (packages/assessments `IqCalibration`). One row per calibration run;
 * the newest row of a test is the one results are scored with, older rows are its history.
 */
export const testCalibrations = pgTable(
  "test_calibrations",
  {
    id: serial().primaryKey(),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    calibration: jsonb().$type<Record<string, unknown>>().notNull(),
    /** people in the calibration sample */
    n: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("test_calibrations_test_idx").on(t.testId, t.createdAt)],
);

export const responses = pgTable(
  "responses",
  {
    id: serial().primaryKey(),
    attemptId: integer()
      .notNull()
      .references(() => testAttempts.id, { onDelete: "cascade" }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    answer: text().notNull(),
    /** ms from showing the question to the answer, as the client measured it (clamped by the API); null when not sent */
    latencyMs: integer(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One answer per question per attempt: re-answering replaces it.
  (t) => [uniqueIndex("responses_attempt_question_key").on(t.attemptId, t.questionId)],
);
