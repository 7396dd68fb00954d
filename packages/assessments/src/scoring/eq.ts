/**
 * Emotional intelligence scoring: each domain is the mean of its items (reverse-keyed items as
 * 6 − r) mapped onto 0-100; the overall score is the mean of the five rounded domain scores.
 */
import { EQ_CATEGORIES, EQ_CATEGORY_DESCRIPTIONS, EQ_CATEGORY_LABELS, type EqCategory } from "../labels";
import { type AnswerMap, type ScorableQuestion, type ScoreResult, lowerFirst, rankByScore, scaleScores, summary } from "./common";

export interface EqResultData {
  categories: Record<EqCategory, number>;
}

/** A spread this small between strongest and weakest domain is described as a balanced profile. */
const BALANCED_SPREAD = 10;

export function scoreEq(questions: readonly ScorableQuestion[], answers: AnswerMap): ScoreResult<EqResultData> {
  const categories = scaleScores(questions, answers, EQ_CATEGORIES);
  const score = Math.round(EQ_CATEGORIES.reduce((s, c) => s + categories[c], 0) / EQ_CATEGORIES.length);
  // Ties for strongest/weakest resolve by the fixed domain order, so the result is deterministic.
  const ranked = rankByScore(categories, EQ_CATEGORIES);
  const strongest = ranked[0]!;
  const weakest = ranked.at(-1)!;

  const lines = [`Your overall emotional intelligence score is ${score} out of 100.`];
  if (categories[strongest] - categories[weakest] <= BALANCED_SPREAD) {
    lines.push(
      `Your profile is evenly balanced: all five domains fall within ${categories[strongest] - categories[weakest]} points of each other, with ${EQ_CATEGORY_LABELS[strongest]} marginally highest (${categories[strongest]}).`,
    );
  } else {
    lines.push(
      `Your strongest domain is ${EQ_CATEGORY_LABELS[strongest]} (${categories[strongest]}) — ${lowerFirst(EQ_CATEGORY_DESCRIPTIONS[strongest])}`,
      `The domain with the most room to grow is ${EQ_CATEGORY_LABELS[weakest]} (${categories[weakest]}); focused practice here is likely to have the greatest effect on how others experience your leadership.`,
    );
  }
  return {
    score,
    resultType: EQ_CATEGORY_LABELS[strongest],
    resultSummary: summary(lines),
    resultData: { categories },
  };
}
