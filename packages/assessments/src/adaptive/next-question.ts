/**
 * Which question the taking flow shows next. The API calls this after `start` and after every saved
 * answer and returns `{ next, answered, estimatedTotal }`; `null` means the client may complete.
 * Pure: the answers so far are all it needs, so any instance can answer it from the stored responses.
 *
 * Adaptive (docs/decisions/0038): the next item is the one that best settles what the person will be
 * shown (slider-session.ts, iq-session.ts), every scale first gets a minimum, and the attempt stops
 * when the verdict is settled or the time budget's items are spent. The contract holds:
 * `estimatedTotal` never promises fewer than the questions already answered, answered/estimatedTotal
 * never decreases within an attempt, and a client that answers every question in order still completes
 * (scoreAttempt scores whatever was answered).
 */
import { answerFor, type AnswerMap, parseSlider, type ScorableQuestion } from "../scoring/common";
import type { InstrumentType } from "../types";
import { itemBudget, typicalLength } from "./budget";
import { IqSession } from "./iq-session";
import { SliderSession } from "./slider-session";

export interface NextQuestion {
  /** id of the question to show next, or null when the attempt may be completed */
  questionId: number | string | null;
  /** questions of this attempt answered so far */
  answered: number;
  /** how many questions the attempt is expected to take in all (at least `answered`) */
  estimatedTotal: number;
}

const KNOWN: readonly string[] = ["personality", "eq", "leadership", "iq"];

/** A session replaying the answers so far, or null for a test the engine cannot administer adaptively. */
export function sessionFor(testType: string, questions: readonly ScorableQuestion[]) {
  if (!KNOWN.includes(testType)) return null;
  if (testType === "iq") return new IqSession(questions);
  return new SliderSession(testType as "personality" | "eq" | "leadership", questions);
}

/**
 * "Question N of about M": M is the typical adaptive length until an attempt nears it unsettled; from
 * then on M is N plus half of what the budget still allows, so the bar slows down instead of sitting at
 * 100% while questions keep coming. Both n / T and n / (n + (B − n) / 2) = 2n / (n + B) grow with n,
 * so n / M never decreases and the progress bar never moves back.
 */
export function estimatedTotal(typical: number, answered: number, done: boolean, budget = typical): number {
  if (done) return answered;
  return Math.max(typical, answered + Math.ceil((budget - answered) / 2), answered + 1);
}

/** Items an attempt may take: the time budget's, or the whole bank when it is smaller. */
export function budgetFor(type: InstrumentType, administrable: number): number {
  return Math.min(itemBudget(type), administrable);
}

export interface NextOptions {
  /**
   * The person has an earlier measured attempt of this test: the slider tests then ask up to the
   * budget instead of stopping at a settled verdict, so the change since then can be judged
   * (docs/decisions/0045). The reasoning test already asks its whole budget.
   */
  retake?: boolean;
  /**
   * The ids of the answered questions in the order they were first answered (the API passes it).
   * The reasoning test then checks that each answer was to the question it offered at that point; an
   * attempt that answered a question it was not offered continues as the fixed form (decision 0062).
   */
  order?: readonly (number | string)[];
}

/**
 * The reasoning test's next step when the answers were given in `order`. Each is checked against the
 * question the engine offered at that point: a client that answered questions of its own choosing
 * (say the easiest 22, whose difficulties the item bank publishes) would otherwise reach the budget
 * and complete with an inflated score. Such an attempt, and a client that answers the whole list in
 * order as the spec's flow does, continues as the fixed form: every question, in order.
 */
function iqStep(
  session: IqSession,
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  order: readonly (number | string)[],
  budget: number,
) {
  const inTest = new Set(questions.map((q) => String(q.id)));
  let onPath = true;
  for (const id of order) {
    const value = answerFor(answers, id);
    if (value === undefined || !inTest.has(String(id))) continue;
    if (onPath && String(session.next(budget)) !== String(id)) onPath = false;
    session.answer(id, value);
  }
  return onPath ? session.next(budget) : undefined;
}

export function nextQuestion(
  testType: InstrumentType | (string & {}),
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  options: NextOptions = {},
): NextQuestion {
  const answeredIds = questions.filter((q) => answerFor(answers, q.id) !== undefined);
  const answered = answeredIds.length;
  const session = sessionFor(testType, questions);
  const administrable = questions.filter((q) =>
    testType === "iq" ? q.type === "multiple-choice" : q.type === "slider" && q.scoring?.scale,
  );
  // Fixed form: every question, in order.
  const fixedForm = (): NextQuestion => {
    const next = questions.find((q) => answerFor(answers, q.id) === undefined);
    return { questionId: next?.id ?? null, answered, estimatedTotal: Math.max(questions.length, answered) };
  };
  if (!session || administrable.length === 0) return fixedForm();
  const budget = budgetFor(testType as InstrumentType, administrable.length);
  if (session instanceof IqSession && options.order) {
    const questionId = iqStep(session, questions, answers, options.order, budget);
    if (questionId === undefined) return fixedForm();
    const typical = typicalLength("iq", administrable.length);
    return { questionId, answered, estimatedTotal: estimatedTotal(typical, answered, questionId === null, budget) };
  }
  for (const q of answeredIds) {
    const value = answerFor(answers, q.id)!;
    if (session instanceof IqSession) session.answer(q.id, value);
    else {
      const r = parseSlider(value);
      if (r !== null) session.answer(q.id, r);
    }
  }
  const retake = options.retake === true;
  const questionId = session instanceof IqSession ? session.next(budget) : session.next(budget, retake);
  const typical = retake ? budget : typicalLength(testType as InstrumentType, administrable.length);
  return { questionId, answered, estimatedTotal: estimatedTotal(typical, answered, questionId === null, budget) };
}
