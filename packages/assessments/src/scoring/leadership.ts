/**
 * Leadership style scoring: each style is the mean of its frequency items mapped onto 0-100,
 * exactly as for the EQ domains. The primary style is the highest; ties go to the earlier style
 * in the fixed list so the result is deterministic.
 */
import {
  LEADERSHIP_STYLES,
  LEADERSHIP_STYLE_DESCRIPTIONS,
  LEADERSHIP_STYLE_LABELS,
  type LeadershipStyle,
} from "../labels";
import {
  type AnswerMap,
  type ScorableQuestion,
  type ScoreResult,
  joinWords,
  lowerFirst,
  rankByScore,
  scaleScores,
  summary,
} from "./common";

/**
 * Styles scoring within this many points of the primary (inclusive) are reported as blends.
 * One slider step on one item of a six-item style moves its score by about 4 points, so a gap of
 * 5 or less is within the noise of a single answer and should not be read as a real difference.
 */
export const BLEND_MARGIN = 5;

export interface LeadershipResultData {
  styles: Record<LeadershipStyle, number>;
  primary: LeadershipStyle;
  /** other styles within BLEND_MARGIN of the primary, highest first */
  blends: LeadershipStyle[];
}

export function scoreLeadership(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
): ScoreResult<LeadershipResultData> {
  const styles = scaleScores(questions, answers, LEADERSHIP_STYLES);
  const ranked = rankByScore(styles, LEADERSHIP_STYLES);
  const primary = ranked[0]!;
  const blends = ranked.slice(1).filter((s) => styles[primary] - styles[s] <= BLEND_MARGIN);
  const least = ranked.at(-1)!;

  const label = (s: LeadershipStyle) => `${LEADERSHIP_STYLE_LABELS[s]} (${styles[s]})`;
  const lines = [
    `Your primary leadership style is ${label(primary)}: ${lowerFirst(LEADERSHIP_STYLE_DESCRIPTIONS[primary])}`,
  ];
  if (blends.length > 0) {
    lines.push(
      `You blend it closely with ${joinWords(blends.map(label))} — within ${BLEND_MARGIN} points, so treat ${blends.length === 1 ? "both styles" : "these styles"} as equally natural to you.`,
    );
  }
  if (styles[primary] - styles[least] > BLEND_MARGIN) {
    lines.push(
      `Your least-used style is ${label(least)}. Consider the situations in which it would serve your team — range, not a single strength, is what distinguishes the most effective leaders.`,
    );
  } else {
    lines.push("You draw on all six styles to a similar degree, a broad repertoire that lets you adapt to what each situation demands.");
  }
  return {
    score: styles[primary],
    resultType: LEADERSHIP_STYLE_LABELS[primary],
    resultSummary: summary(lines),
    resultData: { styles, primary, blends },
  };
}
