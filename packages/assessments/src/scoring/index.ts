/** Entry points the API calls: validate each saved answer, then score the completed attempt. */
import type { InstrumentType } from "../types";
import type { IqCalibration } from "../irt/calibrate";
import { nextQuestion } from "../adaptive/next-question";
import type { AnswerMap, Quality, QualityFlag, ScorableQuestion, ScoreResult } from "./common";
import type { Latencies } from "./slider";
import { scoreEq } from "./eq";
import { scoreIq } from "./iq";
import { scoreLeadership } from "./leadership";
import type { ScaleNorms } from "./norms";
import { scorePersonality } from "./personality";

export type { AnswerMap, Quality, QualityFlag, ScorableQuestion, ScoreResult } from "./common";
export { FLAT_PATTERN_SHARE } from "./common";
export { type EqResultData, scoreEq } from "./eq";
export {
  CHANCE_P,
  IQ_BANDS,
  type IqBand,
  type IqEstimate,
  type IqNormKind,
  type IqResultData,
  PROVISIONAL_NORM_DOUBT,
  calibrateIq,
  iqBand,
  keyedIqItems,
  scoreIq,
} from "./iq";
export { type LeadershipResultData, NO_DOMINANT_STYLE, scoreLeadership } from "./leadership";
export { type PersonalityAxisResult, type PersonalityResultData, scorePersonality } from "./personality";
export {
  type ChangeError,
  FIRM_AGREEMENT,
  INTERVAL_LEVEL,
  type Interval,
  RELIABLE_CHANGE_Z,
  type ReliableChange,
  type ScaleNorm,
  VERDICT_ALPHA,
  reliableChange,
  retestAgreement,
  scoreInterval,
  standardError,
  verdictZ,
} from "./measurement";
export { PROVISIONAL_NORMS, type ScaleNorms } from "./norms";
export { FIRM_PROBABILITY, VERDICT_PROBABILITY } from "./thresholds";
export { CARELESS_LZ, FAST_ANSWER_MS, FAST_SHARE, type Latencies } from "./slider";

export interface ScoreOptions {
  /** iq: the test's latest calibration; without it the provisional norm is used */
  calibration?: IqCalibration | null;
  /**
   * slider tests: accepted for callers of the classical scorer; the IRT scorer takes its error from
   * each person's posterior and no longer reads scale norms (docs/decisions/0037).
   */
  norms?: ScaleNorms;
  /** questionId → milliseconds the answer took; answers read faster than FAST_ANSWER_MS count toward "careless" */
  latencies?: Latencies;
}

/** Scores a completed attempt with the scorer for its test type. Throws on an unknown type. */
export function scoreAttempt(
  testType: InstrumentType | (string & {}),
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  options: ScoreOptions = {},
): ScoreResult {
  const result = scoreByType(testType, questions, answers, options);
  // "incomplete" means the administration was not finished: an adaptive attempt that stopped because
  // its verdict was settled left questions unanswered on purpose.
  const quality = (result.resultData as { quality?: Quality }).quality;
  if (quality) {
    const unfinished = nextQuestion(testType, questions, answers).questionId !== null;
    const flags: QualityFlag[] = quality.flags.filter((f) => f !== "incomplete");
    if (unfinished) flags.push("incomplete");
    quality.flags = flags;
  }
  return result;
}

function scoreByType(testType: string, questions: readonly ScorableQuestion[], answers: AnswerMap, options: ScoreOptions): ScoreResult {
  switch (testType) {
    case "personality":
      return scorePersonality(questions, answers, options.latencies);
    case "iq":
      return scoreIq(questions, answers, options.calibration);
    case "eq":
      return scoreEq(questions, answers, options.latencies);
    case "leadership":
      return scoreLeadership(questions, answers, options.latencies);
    default:
      throw new Error(`Unknown test type: ${testType}`);
  }
}

export const SLIDER_ANSWER_MESSAGE = "Slider answers must be a whole number from 1 to 5.";
export const CHOICE_ANSWER_MESSAGE = "Please choose one of the listed options.";

/** null when `answer` is acceptable for `question`, otherwise a message the UI can show. */
export function validateAnswer(question: Pick<ScorableQuestion, "type" | "options">, answer: string): string | null {
  // Answers arrive from the network, so the declared string type is not trusted.
  if (typeof answer !== "string") return "An answer is required.";
  switch (question.type) {
    case "slider":
      return /^[1-5]$/.test(answer) ? null : SLIDER_ANSWER_MESSAGE;
    case "multiple-choice":
      if (!question.options || question.options.length === 0) return "This question has no options to choose from.";
      return question.options.includes(answer) ? null : CHOICE_ANSWER_MESSAGE;
    default:
      return `Unsupported question type: ${question.type}`;
  }
}
