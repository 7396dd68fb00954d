/**
 * Reliability and item statistics for the coach's analytics, computed over people (one row per
 * person: the caller passes each person's latest attempt, so retakes do not count twice).
 *
 * - Cronbach's alpha; on 0/1 items it equals KR-20, so `kr20` is the same computation with a check.
 * - 90% confidence interval by Feldt's method: (1 − α)/(1 − α̂) follows F(n − 1, (n − 1)(k − 1)).
 * - Nothing is reported below MIN_RESPONDENTS_FOR_RELIABILITY people: at n = 10 a true .72 is
 *   observed anywhere from about .24 to .87, which is noise, not information.
 */
import { fInverse } from "./distributions";

export const MIN_RESPONDENTS_FOR_RELIABILITY = 30;
export const RELIABILITY_LEVEL = 0.9;

/** Respondents × items, already keyed (reverse items flipped); every row answers every item. */
export type ItemMatrix = readonly (readonly number[])[];

export type ReliabilityEstimate =
  | { n: number; k: number; alpha: number; low: number; high: number; level: number }
  | { n: number; k: number; alpha: null; reason: "too-few-people" | "too-few-items" | "no-variance"; minimum: number };

function variance(values: readonly number[]): number {
  const n = values.length;
  const m = values.reduce((s, v) => s + v, 0) / n;
  return values.reduce((s, v) => s + (v - m) ** 2, 0) / (n - 1);
}

function checkRectangular(matrix: ItemMatrix): number {
  const k = matrix[0]?.length ?? 0;
  if (matrix.some((row) => row.length !== k)) throw new Error("Every respondent must answer every item of the scale");
  return k;
}

/** Cronbach's alpha with Feldt's interval, or a reason it cannot be given. */
export function cronbachAlpha(matrix: ItemMatrix, level = RELIABILITY_LEVEL): ReliabilityEstimate {
  const n = matrix.length;
  const k = checkRectangular(matrix);
  const minimum = MIN_RESPONDENTS_FOR_RELIABILITY;
  if (k < 2) return { n, k, alpha: null, reason: "too-few-items", minimum };
  if (n < minimum) return { n, k, alpha: null, reason: "too-few-people", minimum };
  let itemVariances = 0;
  for (let j = 0; j < k; j++) itemVariances += variance(matrix.map((row) => row[j]!));
  const totalVariance = variance(matrix.map((row) => row.reduce((s, v) => s + v, 0)));
  if (totalVariance === 0) return { n, k, alpha: null, reason: "no-variance", minimum };
  const alpha = (k / (k - 1)) * (1 - itemVariances / totalVariance);
  const d1 = n - 1;
  const d2 = (n - 1) * (k - 1);
  const tail = (1 - level) / 2;
  return {
    n,
    k,
    alpha,
    low: 1 - (1 - alpha) * fInverse(1 - tail, d1, d2),
    high: 1 - (1 - alpha) * fInverse(tail, d1, d2),
    level,
  };
}

/** KR-20: alpha for right/wrong (0/1) items. */
export function kr20(matrix: ItemMatrix, level = RELIABILITY_LEVEL): ReliabilityEstimate {
  if (matrix.some((row) => row.some((v) => v !== 0 && v !== 1))) throw new Error("KR-20 needs 0/1 item scores");
  return cronbachAlpha(matrix, level);
}

export type ItemFlag = "low-item-rest" | "too-easy" | "too-hard";

export interface ItemStatistic {
  /** column index in the matrix */
  index: number;
  /** mean keyed score (1-5 for sliders) or proportion correct for 0/1 items */
  mean: number;
  /** corrected item–rest correlation (item against the sum of the other items); null without variance */
  itemRest: number | null;
  flags: ItemFlag[];
}

/** Items below this item–rest correlation barely measure what the rest of the scale measures. */
export const LOW_ITEM_REST = 0.2;
/** 0/1 items almost everyone (or almost no one) gets right carry next to no information. */
export const EXTREME_PROPORTION = 0.05;

function correlation(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/**
 * Per-item statistics. `dichotomous` adds the too-easy / too-hard flags. Empty below
 * MIN_RESPONDENTS_FOR_RELIABILITY people, for the same reason alpha is withheld.
 */
export function itemStatistics(matrix: ItemMatrix, dichotomous: boolean): ItemStatistic[] {
  const k = checkRectangular(matrix);
  if (matrix.length < MIN_RESPONDENTS_FOR_RELIABILITY) return [];
  const totals = matrix.map((row) => row.reduce((s, v) => s + v, 0));
  return Array.from({ length: k }, (_, j) => {
    const item = matrix.map((row) => row[j]!);
    const rest = totals.map((t, i) => t - item[i]!);
    const mean = item.reduce((s, v) => s + v, 0) / item.length;
    const itemRest = correlation(item, rest);
    const flags: ItemFlag[] = [];
    if (itemRest === null || itemRest < LOW_ITEM_REST) flags.push("low-item-rest");
    if (dichotomous && mean > 1 - EXTREME_PROPORTION) flags.push("too-easy");
    if (dichotomous && mean < EXTREME_PROPORTION) flags.push("too-hard");
    return { index: j, mean, itemRest, flags };
  });
}
