/** Entry points the API calls: validate each saved answer, then score the completed attempt. */
import type { InstrumentType } from "../types";
import type { AnswerMap, ScorableQuestion, ScoreResult } from "./common";
import { scoreEq } from "./eq";
import { scoreIq } from "./iq";
import { scoreLeadership } from "./leadership";
import { scorePersonality } from "./personality";

export type { AnswerMap, ScorableQuestion, ScoreResult } from "./common";
export { type EqResultData, scoreEq } from "./eq";
export { IQ_BANDS, IQ_NORM, type IqBand, type IqResultData, iqBand, scoreIq } from "./iq";
export { BLEND_MARGIN, type LeadershipResultData, scoreLeadership } from "./leadership";
export { type PersonalityResultData, TENTATIVE_CLARITY, scorePersonality } from "./personality";

/** Scores a completed attempt with the scorer for its test type. Throws on an unknown type. */
export function scoreAttempt(
  testType: InstrumentType | (string & {}),
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
): ScoreResult {
  switch (testType) {
    case "personality":
      return scorePersonality(questions, answers);
    case "iq":
      return scoreIq(questions, answers);
    case "eq":
      return scoreEq(questions, answers);
    case "leadership":
      return scoreLeadership(questions, answers);
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
