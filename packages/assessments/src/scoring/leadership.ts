/**
 * Leadership style scoring: each style is the mean of its frequency items (reverse-keyed items as
 * 6 − r) mapped onto 0-100, exactly as for the EQ domains. A primary style is named only when it
 * stands clear of every other style by more than measurement error; otherwise the styles within
 * error of the highest are listed together.
 */
import { LEADERSHIP_STYLES, LEADERSHIP_STYLE_DESCRIPTIONS, LEADERSHIP_STYLE_LABELS, type LeadershipStyle } from "../labels";
import {
  type AnswerMap,
  type Quality,
  type ScorableQuestion,
  type ScoreResult,
  joinWords,
  lowerFirst,
  rawScaleScores,
  sliderQuality,
  summary,
} from "./common";
import { type Interval, clearExtreme, scoreInterval, standardError } from "./measurement";
import { type ScaleNorms, normFor } from "./norms";

export interface LeadershipResultData {
  styles: Record<LeadershipStyle, number>;
  intervals: Record<LeadershipStyle, Interval>;
  standardErrors: Record<LeadershipStyle, number>;
  /** named only when clear of every other style by more than measurement error */
  primary: LeadershipStyle | null;
  /** the highest observed style, named or not (charts order by it) */
  highest: LeadershipStyle;
  /** other styles within measurement error of the highest, highest first */
  blends: LeadershipStyle[];
  quality: Quality;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
export const NO_DOMINANT_STYLE = "No single dominant style";

export function scoreLeadership(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  norms?: ScaleNorms,
): ScoreResult<LeadershipResultData> {
  const raw = rawScaleScores(questions, answers, LEADERSHIP_STYLES);
  const styles = {} as Record<LeadershipStyle, number>;
  const intervals = {} as Record<LeadershipStyle, Interval>;
  const standardErrors = {} as Record<LeadershipStyle, number>;
  for (const s of LEADERSHIP_STYLES) {
    styles[s] = Number.isNaN(raw[s]) ? 0 : Math.round(raw[s]);
    const sem = standardError(normFor("leadership", s, norms));
    standardErrors[s] = round1(sem);
    intervals[s] = scoreInterval(styles[s], sem, 0, 100);
  }
  const quality = sliderQuality(questions, answers);
  const noVerdict = quality.flags.includes("straight-lining");
  const high = clearExtreme(styles, standardErrors, LEADERSHIP_STYLES, "highest");
  const low = clearExtreme(styles, standardErrors, LEADERSHIP_STYLES, "lowest");
  const primary = noVerdict ? null : high.clear;

  const label = (s: LeadershipStyle) => `${LEADERSHIP_STYLE_LABELS[s]} (${styles[s]}, likely ${intervals[s].low}–${intervals[s].high})`;
  const lines: string[] = [];
  if (noVerdict) {
    lines.push(
      "Almost all of your answers were the same point on the scale, so the result cannot tell the styles apart and no primary style is named. Retaking it with answers that reflect each statement will give a usable profile.",
    );
  } else if (primary) {
    lines.push(`Your primary leadership style is ${label(primary)}: ${lowerFirst(LEADERSHIP_STYLE_DESCRIPTIONS[primary])}`);
  } else {
    lines.push(
      `No single dominant style: ${joinWords([high.top, ...high.withinError].map((s) => LEADERSHIP_STYLE_LABELS[s]))} are within measurement error of each other, so treat them as equally natural to you.`,
    );
  }
  if (!noVerdict && low.clear) {
    lines.push(`Your least-used style is ${label(low.clear)}. Consider the situations in which it would serve your team.`);
  }
  lines.push("Each style score is an estimate from six statements; the ranges show where a retake would plausibly fall (90%).");
  return {
    score: styles[high.top],
    resultType: primary ? LEADERSHIP_STYLE_LABELS[primary] : NO_DOMINANT_STYLE,
    resultSummary: summary(lines),
    resultData: {
      styles,
      intervals,
      standardErrors,
      primary,
      highest: high.top,
      blends: high.withinError,
      quality,
    },
  };
}
