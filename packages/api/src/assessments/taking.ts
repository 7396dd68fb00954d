/**
 * Taking an assessment: starting (or resuming) an attempt, saving answers and completing it. After
 * `start` and after every saved answer the server says which question to show next, from the stored
 * answers alone (`nextQuestion`, stateless: any instance can answer; docs/decisions/0040). Scoring
 * happens only in `complete`, from the stored answers: a client can never submit a score. Another
 * user's attempt is answered as "not found", never as "forbidden", so ids cannot be probed.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, schema, type Database } from "@coach/db";
import { nextQuestion, scoreAttempt, validateAnswer, withSliderCalibration } from "@coach/assessments";
import type { Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { isMeasurement } from "./measured-attempts";
import { scaleNormsFor } from "./psychometrics";
import { activeCalibration, activeSliderCalibration } from "./stored-calibration";
import { testSummary } from "./service";
import { ATTEMPT_COMPLETED_MESSAGE, ATTEMPT_NOT_FOUND_MESSAGE, attemptColumns, publicQuestionColumns, type Progress } from "./shapes";

const { tests, questions, testAttempts: attempts, responses } = schema;

export const NOT_IN_TEST_MESSAGE = "That question is not part of this test.";
export const RETIRED_QUESTION_MESSAGE = "That question is no longer part of this test. Reload the test to get its current questions.";
/**
 * A reasoning answer is final once saved: the next question is chosen from it, so trying another
 * option and watching which question comes next would tell which option is right (decision 0062).
 */
export const REASONING_ANSWER_FINAL_MESSAGE =
  "Reasoning answers cannot be changed once given: the questions that follow were chosen from it. Go on to the next question.";
/** Latency a client reports is clamped to [0, 30 min]: a longer pause is not time spent answering. */
export const MAX_LATENCY_MS = 30 * 60_000;

type Reader = Database | Transaction;

/**
 * The questions of a test that are in use (not retired), in order, as the scorers and the taker need
 * them; a calibrated slider test's items carry their fitted parameters, so the adaptive choice and the
 * score both use them (decision 58).
 */
async function inUseQuestions(db: Reader, testId: number) {
  const [rows, calibration] = await Promise.all([
    db
      .select({ ...publicQuestionColumns, correctAnswer: questions.correctAnswer, scoring: questions.scoring })
      .from(questions)
      .where(and(eq(questions.testId, testId), isNull(questions.retiredAt)))
      .orderBy(asc(questions.order)),
    activeSliderCalibration(db, testId),
  ]);
  return withSliderCalibration(rows, calibration);
}
type InUse = Awaited<ReturnType<typeof inUseQuestions>>[number];

/** The attempt's answers in the order first given (re-answering keeps a row's place), so a resumed adaptive flow goes back over them as they were asked. */
async function answersOf(db: Reader, attemptId: number) {
  return db
    .select({ questionId: responses.questionId, answer: responses.answer })
    .from(responses)
    .where(eq(responses.attemptId, attemptId))
    .orderBy(asc(responses.id));
}

/**
 * A retake: the person had completed a measured attempt of this test before this one started. The
 * slider tests then ask up to their budget, so the change since then can be judged (decision 45).
 */
async function isRetake(db: Reader, attempt: { id: number; userId: number; testId: number; startedAt: Date }) {
  const [earlier] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, attempt.userId),
        eq(attempts.testId, attempt.testId),
        ne(attempts.id, attempt.id),
        isNotNull(attempts.completedAt),
        lte(attempts.completedAt, attempt.startedAt),
        isMeasurement(),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/** What to show next, from the test's questions in use and the attempt's stored answers in the order first given. */
function progressFrom(type: string, items: readonly InUse[], answers: ReadonlyMap<number, string>, retake: boolean): Progress {
  const step = nextQuestion(type, items, answers, { retake, order: [...answers.keys()] });
  const found = step.questionId === null ? undefined : items.find((q) => String(q.id) === String(step.questionId));
  const next = found
    ? {
        id: found.id,
        testId: found.testId,
        text: found.text,
        order: found.order,
        imageUrl: found.imageUrl,
        type: found.type,
        options: found.options,
      }
    : null;
  return { next, answered: step.answered, estimatedTotal: step.estimatedTotal };
}

type AttemptKey = { id: number; userId: number; testId: number; startedAt: Date };

async function progressOf(db: Reader, attempt: AttemptKey, answers: readonly { questionId: number; answer: string }[]) {
  const [[test], items, retake] = await Promise.all([
    db.select({ type: tests.type }).from(tests).where(eq(tests.id, attempt.testId)).limit(1),
    inUseQuestions(db, attempt.testId),
    isRetake(db, attempt),
  ]);
  return progressFrom(test?.type ?? "", items, new Map(answers.map((a) => [a.questionId, a.answer])), retake);
}

async function withProgress<A extends AttemptKey>(db: Reader, attempt: A) {
  const answers = await answersOf(db, attempt.id);
  return { ...attempt, answers, ...(await progressOf(db, attempt, answers)) };
}

async function openAttempt(db: Reader, userId: number, testId: number) {
  const [open] = await db
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId), isNull(attempts.completedAt)))
    .orderBy(desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  return open ? withProgress(db, open) : null;
}

/**
 * Starts an attempt, or returns the caller's attempt of this test that is still in progress, with the
 * question to show. The caller's user row is locked while deciding, so a double-clicked "Begin" (two
 * requests at once, on two instances) starts one attempt, not two.
 */
export async function startAttempt(db: Database, userId: number, testId: number) {
  const test = await testSummary(db, testId);
  return db.transaction(async (tx) => {
    await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId)).for("update");
    const open = await openAttempt(tx, userId, test.id);
    if (open) return open;
    const [created] = await tx.insert(attempts).values({ userId, testId: test.id }).returning(attemptColumns);
    if (!created) throw new DomainError("INTERNAL_SERVER_ERROR", "Could not start the test.");
    return withProgress(tx, created);
  });
}

/** The caller's latest in-progress attempt of a test with its saved answers, so the flow resumes where it stopped. */
export const currentAttempt = openAttempt;

/** One of the caller's own attempts (its results once completed). */
export async function ownAttempt(db: Database, userId: number, attemptId: number) {
  const [attempt] = await db
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .limit(1);
  if (!attempt) throw new DomainError("NOT_FOUND", ATTEMPT_NOT_FOUND_MESSAGE);
  return withProgress(db, attempt);
}

/** The caller's own attempt, locked for the rest of the transaction; 404 for anyone else's. */
async function lockOwnAttempt(tx: Transaction, attemptId: number, userId: number) {
  const [attempt] = await tx
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .for("update")
    .limit(1);
  if (!attempt) throw new DomainError("NOT_FOUND", ATTEMPT_NOT_FOUND_MESSAGE);
  return attempt;
}

const clampLatency = (ms: number | undefined) => (ms === undefined ? null : Math.round(Math.min(MAX_LATENCY_MS, Math.max(0, ms))));

/** Saves (or replaces) the answer to one question in use of the attempt's own test, and says what to show next. */
export async function saveAnswer(
  db: Database,
  userId: number,
  input: { attemptId: number; questionId: number; answer: string; latencyMs?: number | undefined },
) {
  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, input.attemptId, userId);
    if (attempt.completedAt) throw new DomainError("CONFLICT", ATTEMPT_COMPLETED_MESSAGE);
    const [question] = await tx
      .select({
        id: questions.id,
        testId: questions.testId,
        type: questions.type,
        options: questions.options,
        retiredAt: questions.retiredAt,
        testType: tests.type,
      })
      .from(questions)
      .innerJoin(tests, eq(tests.id, questions.testId))
      .where(eq(questions.id, input.questionId))
      .limit(1);
    if (!question || question.testId !== attempt.testId) throw new DomainError("BAD_REQUEST", NOT_IN_TEST_MESSAGE);
    if (question.retiredAt) throw new DomainError("BAD_REQUEST", RETIRED_QUESTION_MESSAGE);
    const problem = validateAnswer(question, input.answer);
    if (problem) throw new DomainError("BAD_REQUEST", problem);
    if (question.testType === "iq") {
      const [given] = await tx
        .select({ answer: responses.answer })
        .from(responses)
        .where(and(eq(responses.attemptId, attempt.id), eq(responses.questionId, question.id)));
      if (given && given.answer !== input.answer) throw new DomainError("CONFLICT", REASONING_ANSWER_FINAL_MESSAGE);
    }
    const latencyMs = clampLatency(input.latencyMs);
    const [saved] = await tx
      .insert(responses)
      .values({ attemptId: attempt.id, questionId: question.id, answer: input.answer, latencyMs })
      .onConflictDoUpdate({
        target: [responses.attemptId, responses.questionId],
        set: { answer: input.answer, latencyMs, updatedAt: new Date() },
      })
      .returning({ id: responses.id, attemptId: responses.attemptId, questionId: responses.questionId, answer: responses.answer });
    if (!saved) throw new DomainError("INTERNAL_SERVER_ERROR", "Could not save the answer.");
    return { ...saved, ...(await progressOf(tx, attempt, await answersOf(tx, attempt.id))) };
  });
}

/**
 * Scores the attempt from its stored answers and closes it. Accepted once `nextQuestion` says the
 * attempt is done (an adaptive test may ask fewer than all questions) or every question in use is
 * answered; refused with 400 before that; a second call is refused with 409.
 */
export async function completeAttempt(db: Database, userId: number, attemptId: number) {
  // Norms and calibration are read before the transaction: they come from other people's data.
  const [target] = await db
    .select({ testId: attempts.testId, type: tests.type })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .limit(1);
  if (!target) throw new DomainError("NOT_FOUND", ATTEMPT_NOT_FOUND_MESSAGE);
  const test = { id: target.testId, type: target.type };
  const [norms, calibration] = await Promise.all([
    scaleNormsFor(db, test),
    test.type === "iq" ? activeCalibration(db, test.id) : Promise.resolve(null),
  ]);

  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, attemptId, userId);
    if (attempt.completedAt) throw new DomainError("CONFLICT", "This assessment has already been completed.");
    const items = await inUseQuestions(tx, attempt.testId);
    const stored = await tx
      .select({ questionId: responses.questionId, answer: responses.answer, latencyMs: responses.latencyMs })
      .from(responses)
      .where(eq(responses.attemptId, attempt.id))
      .orderBy(asc(responses.id));
    const answers = new Map(stored.map((r) => [r.questionId, r.answer]));
    // The answer times flag answering too fast to have read the statements (decision 0037).
    const latencies = new Map(stored.flatMap((r) => (r.latencyMs === null ? [] : [[r.questionId, r.latencyMs] as const])));
    const everything = items.every((q) => answers.has(q.id));
    const step = progressFrom(test.type, items, answers, await isRetake(tx, attempt));
    if (items.length === 0 || (step.next !== null && !everything)) {
      const missing = Math.max(1, step.estimatedTotal - step.answered);
      throw new DomainError("BAD_REQUEST", `Please answer every question before finishing (${missing} still unanswered).`);
    }
    const result = scoreAttempt(test.type, items, answers, { norms, calibration, latencies });
    const [done] = await tx
      .update(attempts)
      .set({
        completedAt: new Date(),
        score: result.score,
        resultType: result.resultType,
        resultSummary: result.resultSummary,
        resultData: result.resultData as Record<string, unknown>,
      })
      .where(and(eq(attempts.id, attempt.id), isNull(attempts.completedAt)))
      .returning(attemptColumns);
    if (!done) throw new DomainError("CONFLICT", "This assessment has already been completed.");
    return done;
  });
}
