/**
 * Reading one scale out of a stored result, and the progress of a goal tied to a scale. Everything
 * here comes from the assessments package: the scores, 90% intervals and standard errors the scorer
 * stored in resultData, and `resultChange` (the reliable-change index of the history). No second
 * formula: a goal's change is the history's change between the baseline and the latest result.
 */
import {
  EQ_CATEGORIES,
  EQ_CATEGORY_LABELS,
  IQ_SCALE,
  LEADERSHIP_STYLES,
  LEADERSHIP_STYLE_LABELS,
  PERSONALITY_AXES,
  resultChange,
  scoreInterval,
} from "@coach/assessments";
import type { TestType } from "@coach/db/enums";

/** The EQ test's overall score, as a goal scale beside its five domains. */
export const EQ_OVERALL_SCALE = "overall";

/** One scale of one result: its score and 90% interval in the scale's reporting units. */
export interface ScaleReading {
  key: string;
  label: string;
  score: number;
  low: number;
  high: number;
}

export interface StoredAttempt {
  score: number | null;
  resultData: unknown;
}

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" ? (v as Data) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function fromIntervals(data: Data, field: string, keys: readonly string[], label: (key: string) => string): ScaleReading[] {
  const scores = obj(data[field]);
  const intervals = obj(data.intervals);
  return keys.flatMap((key) => {
    const score = num(scores[key]);
    if (score === null) return [];
    const interval = obj(intervals[key]);
    return [{ key, label: label(key), score, low: num(interval.low) ?? score, high: num(interval.high) ?? score }];
  });
}

/** Every scale of a stored result, with the intervals the scorer stored (computed the scorer's way where it stored only the error). */
export function scaleReadings(type: TestType | string, attempt: StoredAttempt): ScaleReading[] {
  const data = obj(attempt.resultData);
  switch (type) {
    case "eq": {
      const readings = fromIntervals(data, "categories", EQ_CATEGORIES, (k) => EQ_CATEGORY_LABELS[k as keyof typeof EQ_CATEGORY_LABELS]);
      const se = num(data.overallStandardError);
      if (attempt.score !== null) {
        const interval = se === null ? { low: attempt.score, high: attempt.score } : scoreInterval(attempt.score, se, 0, 100);
        readings.unshift({ key: EQ_OVERALL_SCALE, label: "Overall emotional intelligence", score: attempt.score, ...interval });
      }
      return readings;
    }
    case "leadership":
      return fromIntervals(data, "styles", LEADERSHIP_STYLES, (k) => LEADERSHIP_STYLE_LABELS[k as keyof typeof LEADERSHIP_STYLE_LABELS]);
    case "iq": {
      const estimate = obj(data.estimate);
      const score = num(estimate.score) ?? attempt.score;
      if (score === null) return [];
      // At the floor or ceiling the scorer leaves that side open; the reading shows the score there.
      return [{ key: IQ_SCALE, label: "Estimated IQ", score, low: num(estimate.low) ?? score, high: num(estimate.high) ?? score }];
    }
    case "personality": {
      const balance = obj(data.balance);
      const errors = obj(data.standardErrors);
      return PERSONALITY_AXES.flatMap((axis) => {
        const score = num(balance[axis.key]);
        if (score === null) return [];
        const se = num(errors[axis.key]);
        const interval = se === null ? { low: score, high: score } : scoreInterval(score, se, -100, 100);
        // The balance is signed (+100 the first pole, −100 the second): the label says which side is which.
        const [first, second] = axis.label.split(" – ");
        return [{ key: axis.key, label: `${first} (+) – ${second} (−)`, score, ...interval }];
      });
    }
    default:
      return [];
  }
}

/** A scale a goal may be tied to: the levels of the EQ and leadership questionnaires (0-100). */
export interface GoalScale {
  key: string;
  label: string;
  min: number;
  max: number;
}

/**
 * Only level scales take a goal: EQ (overall and its five domains) and the six leadership styles.
 * Personality axes are preferences, not levels to raise, and the IQ estimate is an ability the
 * coaching does not target (docs/decisions/0016).
 */
export function goalScalesOf(type: TestType | string): GoalScale[] {
  if (type === "eq")
    return [
      { key: EQ_OVERALL_SCALE, label: "Overall emotional intelligence", min: 0, max: 100 },
      ...EQ_CATEGORIES.map((k) => ({ key: k, label: EQ_CATEGORY_LABELS[k], min: 0, max: 100 })),
    ];
  if (type === "leadership") return LEADERSHIP_STYLES.map((k) => ({ key: k, label: LEADERSHIP_STYLE_LABELS[k], min: 0, max: 100 }));
  return [];
}

export interface ScaleChange {
  delta: number;
  /** null when either result predates the error model: the plain difference, no claim about it */
  reliable: boolean | null;
  rci: number | null;
}

/** The change of one scale between two results of one test, from the history's reliable-change test. */
export function scaleChange(type: TestType | string, scaleKey: string, from: StoredAttempt, to: StoredAttempt): ScaleChange | null {
  const fromReading = scaleReadings(type, from).find((r) => r.key === scaleKey);
  const toReading = scaleReadings(type, to).find((r) => r.key === scaleKey);
  if (!fromReading || !toReading) return null;
  const change = resultChange(type, from, to);
  const tested = change ? (type === "eq" && scaleKey === EQ_OVERALL_SCALE ? change.headline : change.scales[scaleKey]) : null;
  if (!tested) return { delta: toReading.score - fromReading.score, reliable: null, rci: null };
  return { delta: tested.delta, reliable: tested.reliable, rci: Number.isFinite(tested.rci) ? Math.round(tested.rci * 100) / 100 : null };
}

const points = (n: number) => `${n} point${n === 1 ? "" : "s"}`;

/** The change in words, e.g. "Up 12 points since the goal was set - larger than measurement error (reliable change)." */
export function changeWords(change: ScaleChange, since: "goal" | "baseline"): string {
  const when = since === "goal" ? "since the goal was set" : "since the first result after the goal was set";
  const delta = Math.round(change.delta * 10) / 10;
  const size = delta === 0 ? `No change ${when}` : `${delta > 0 ? "Up" : "Down"} ${points(Math.abs(delta))} ${when}`;
  if (change.reliable === null) return `${size}; one of the results predates the measurement-error model, so no judgement is made.`;
  return change.reliable
    ? `${size} - larger than measurement error (reliable change).`
    : `${size} - within measurement error (not a reliable change).`;
}
