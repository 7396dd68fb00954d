/**
 * The output shapes of the assessments domain, shared by its routers and services: one list of
 * fields per shape, with the column maps derived from it.
 */
import { z } from "zod";
import { eqResultData, iqResultData, leadershipResultData, personalityResultData } from "@coach/assessments/results";
import { QUESTION_TYPES, TEST_TYPES } from "@coach/db/enums";
import { schema } from "@coach/db";
import { columnsOf } from "../shared/db";
import { dateTime, nullableDateTime } from "../shared/schemas";

export const TEST_NOT_FOUND_MESSAGE = "The requested test could not be loaded or doesn't exist.";
export const ATTEMPT_NOT_FOUND_MESSAGE = "That assessment attempt was not found.";
export const ATTEMPT_COMPLETED_MESSAGE = "This assessment has already been completed; start a new attempt to take it again.";
export const RESULT_NOT_FOUND_MESSAGE = "Result not found";

export const testSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  type: z.enum(TEST_TYPES),
  timeEstimate: z.number(),
  createdAt: dateTime,
});
export const testSummaryColumns = columnsOf(schema.tests, testSummary);

/** A question as the taker sees it: never the correct answer nor the scoring key. */
export const publicQuestion = z.object({
  id: z.number(),
  testId: z.number(),
  text: z.string(),
  order: z.number(),
  imageUrl: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()).nullable(),
});
export const publicQuestionColumns = columnsOf(schema.questions, publicQuestion);

/**
 * A result's data: the package's ResultData of its test type (docs/decisions/0043), or, for a
 * result an earlier scorer stored, the stored object as it is (the views show those by headline).
 */
export const resultData = z
  .union([leadershipResultData, eqResultData, personalityResultData, iqResultData, z.record(z.string(), z.unknown())])
  .nullable();

/** What a result is: the scored fields of an attempt. */
export const resultFields = z.object({
  id: z.number(),
  startedAt: dateTime,
  completedAt: nullableDateTime,
  score: z.number().nullable(),
  resultType: z.string().nullable(),
  resultSummary: z.string().nullable(),
  resultData,
});

export const attemptOutput = resultFields.extend({ userId: z.number(), testId: z.number() });
export const attemptColumns = columnsOf(schema.testAttempts, attemptOutput);

export const savedAnswer = z.object({ questionId: z.number(), answer: z.string() });

/**
 * Where an attempt stands (docs/decisions/0040): `next` is the question to show (as GET /tests/{id}
 * gives it), null when the attempt may be completed; `estimatedTotal` is how many questions it is
 * expected to take in all, never fewer than `answered`.
 */
export const progress = z.object({ next: publicQuestion.nullable(), answered: z.number(), estimatedTotal: z.number() });
export type Progress = z.infer<typeof progress>;

export const attemptWithAnswers = attemptOutput.extend({ answers: z.array(savedAnswer) }).extend(progress.shape);

/** A saved answer (the spec's fields) and what to show next. */
export const answerOutput = z
  .object({ id: z.number(), attemptId: z.number(), questionId: z.number(), answer: z.string() })
  .extend(progress.shape);

const changeOfScale = z.object({ delta: z.number(), rci: z.number().nullable(), reliable: z.boolean() });

/**
 * The change from the previous completed result of the same test type. `reliable` says whether it
 * exceeds measurement error (Jacobson & Truax reliable-change index, |RCI| > 1.96); null when either
 * result predates the error model. `delta` is null for personality, whose score is not a level.
 */
export const resultChangeOutput = z.object({
  delta: z.number().nullable(),
  rci: z.number().nullable(),
  reliable: z.boolean().nullable(),
  /** per scale (eq categories, leadership styles, personality axes); empty for iq */
  scales: z.record(z.string(), changeOfScale),
});
export type ResultChangeOutput = z.infer<typeof resultChangeOutput>;

export const historyItem = attemptOutput.extend({
  test: z.object({ title: z.string(), type: z.enum(TEST_TYPES) }),
  answeredCount: z.number(),
  questionCount: z.number(),
  /** null for the first completed result of its type and for attempts in progress */
  change: resultChangeOutput.nullable(),
});
export type HistoryItem = z.infer<typeof historyItem>;

/**
 * One result as its page shows it: a history item with its reference point, the percentile of each
 * level scale among the people who took the test here (their first measured attempts), with N;
 * null for personality, a flagged result, or fewer than MIN_REFERENCE_PEOPLE people (decision 44).
 */
export const resultItem = historyItem.extend({
  reference: z.object({ n: z.number(), percentiles: z.record(z.string(), z.number()) }).nullable(),
});
export type ResultItem = z.infer<typeof resultItem>;

// The methodology page's live figures (psychometrics.ts, replication.ts, pace.ts).

export const replicationOutput = z.object({
  /** what is counted: people with a named style/domain, or firm letters */
  unit: z.enum(["people", "letters"]),
  n: z.number(),
  cameBack: z.number(),
  /** null below MIN_REPLICATION_N */
  share: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  level: z.number(),
  minimumN: z.number(),
  windowDays: z.number(),
});
export type Replication = z.infer<typeof replicationOutput>;

export const paceOutput = z.object({
  /** people whose first measured attempt is counted; those of them who sent answer times, and those answers */
  people: z.number(),
  timedPeople: z.number(),
  answers: z.number(),
  /** null below MIN_PACE_PEOPLE (for the time per question: people with timed answers) */
  medianSecondsPerQuestion: z.number().nullable(),
  medianMinutesPerAttempt: z.number().nullable(),
  assumedSecondsPerQuestion: z.number(),
  budgetMinutes: z.number(),
  minimumN: z.number(),
});
export type Pace = z.infer<typeof paceOutput>;

export const reliabilityOutput = z.object({
  coefficient: z.enum(["alpha", "kr20"]),
  value: z.number(),
  low: z.number(),
  high: z.number(),
  level: z.number(),
});

export const methodologyOutput = z.array(
  z.object({
    testId: z.number(),
    type: z.enum(TEST_TYPES),
    name: z.string(),
    items: z.number(),
    scales: z.array(
      z.object({
        scale: z.string(),
        items: z.number(),
        n: z.number(),
        reliability: reliabilityOutput.nullable(),
        minimumN: z.number(),
      }),
    ),
    norm: z.object({ kind: z.enum(["provisional", "calibrated"]), n: z.number().nullable(), date: z.string().nullable() }).nullable(),
    /** live retake replication of the named verdicts; null for IQ, which names none */
    replication: replicationOutput.nullable(),
    /** how long people here took, beside the time the test's length assumes */
    pace: paceOutput,
  }),
);
