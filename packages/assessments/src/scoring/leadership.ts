/**
 * Leadership style scoring by IRT (graded-response EAP per style, docs/decisions/0037). A primary
 * style is named only when the posterior probability that it is the person's true most-used style
 * clears VERDICT_PROBABILITY; otherwise the styles with a real chance of being the top are listed
 * together. The least-used style is named by the same rule.
 */
import { LEADERSHIP_STYLES, LEADERSHIP_STYLE_DESCRIPTIONS, LEADERSHIP_STYLE_LABELS, type LeadershipStyle } from "../labels";
import { type AnswerMap, type Quality, type ScorableQuestion, type ScoreResult, joinWords, lowerFirst, summary } from "./common";
import type { Interval } from "./measurement";
import { CARELESS_WORDS, chanceWords, scoreProfile } from "./profile";
import type { Latencies } from "./slider";

export interface LeadershipResultData {
  /** shown score 0–100 (50 + 15 θ: 50 is the population average) */
  styles: Record<LeadershipStyle, number>;
  /** 90% range for the person's score */
  intervals: Record<LeadershipStyle, Interval>;
  /** posterior SD in shown points, one decimal */
  standardErrors: Record<LeadershipStyle, number>;
  /** named only when its probability of being the true top reaches VERDICT_PROBABILITY */
  primary: LeadershipStyle | null;
  /** the most probable top style, named or not (charts order by it) */
  highest: LeadershipStyle;
  /** other styles with a real (≥ 5%) chance of being the top */
  blends: LeadershipStyle[];
  quality: Quality;
  /** P(style is the person's true most-used style) */
  probabilities: Record<LeadershipStyle, number>;
  /** P(style is the true least-used style) */
  lowProbabilities: Record<LeadershipStyle, number>;
  /** named least-used style (same rule as primary) */
  leastUsed: LeadershipStyle | null;
  theta: Record<LeadershipStyle, number>;
  se: Record<LeadershipStyle, number>;
  /** person fit (lz) over all answers; strongly negative = careless */
  personFit: number | null;
  answered: number;
  /** people the items' calibration rests on, when the scores are relative to them (decision 57); absent on the provisional norm */
  calibratedOn?: number;
}

export const NO_DOMINANT_STYLE = "No single dominant style";

export function scoreLeadership(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  latencies?: Latencies,
): ScoreResult<LeadershipResultData> {
  const p = scoreProfile("leadership", questions, answers, LEADERSHIP_STYLES, latencies);
  const flags = p.quality.flags;
  const label = (s: LeadershipStyle) =>
    `${LEADERSHIP_STYLE_LABELS[s]} (${p.scores[s]}, likely ${p.intervals[s].low}–${p.intervals[s].high})`;
  const lines: string[] = [];
  if (flags.includes("straight-lining")) {
    lines.push(
      "Almost all of your answers were the same point on the scale, so the result cannot tell the styles apart and no primary style is named. Retaking it with answers that reflect each statement will give a usable profile.",
    );
  } else if (flags.includes("careless")) {
    lines.push(CARELESS_WORDS);
  } else {
    if (p.topNamed) {
      const s = p.topNamed;
      lines.push(
        `Your primary leadership style is ${label(s)}: ${lowerFirst(LEADERSHIP_STYLE_DESCRIPTIONS[s])}`,
        `Your answers make it ${chanceWords(p.probabilities[s])} that this is the style you use most. Lean on it deliberately, and notice when a situation calls for another.`,
      );
    } else {
      lines.push(
        `No single dominant style: your answers do not settle whether ${joinWords(
          [p.top, ...p.contenders].map((s) => LEADERSHIP_STYLE_LABELS[s]),
          "or",
        )} is the style you use most. ${LEADERSHIP_STYLE_LABELS[p.top]} is the most likely (${chanceWords(p.probabilities[p.top])}), which is not sure enough to name it.`,
      );
    }
    if (p.bottomNamed) {
      lines.push(
        `Your least-used style is ${label(p.bottomNamed)} (${chanceWords(p.lowProbabilities[p.bottomNamed])} that it is your least-used). Consider the situations in which it would serve your team.`,
      );
    }
  }
  lines.push(`Each style score is an estimate from your answers to its statements; the ranges show where your score plausibly lies (90%).`);
  return {
    score: p.scores[p.top],
    resultType: p.topNamed ? LEADERSHIP_STYLE_LABELS[p.topNamed] : NO_DOMINANT_STYLE,
    resultSummary: summary(lines),
    resultData: {
      styles: p.scores,
      intervals: p.intervals,
      standardErrors: p.standardErrors,
      primary: p.topNamed,
      highest: p.top,
      blends: p.contenders,
      quality: p.quality,
      probabilities: p.probabilities,
      lowProbabilities: p.lowProbabilities,
      leastUsed: p.bottomNamed,
      theta: p.theta,
      se: p.se,
      personFit: p.fit,
      answered: p.answered,
      ...(p.calibratedOn === null ? {} : { calibratedOn: p.calibratedOn }),
    },
  };
}
