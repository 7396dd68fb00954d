/**
 * The shared core of the leadership and EQ results: a profile of scales scored by IRT, with the
 * probability that each is the person's true highest and lowest, and verdicts named only when that
 * probability clears VERDICT_PROBABILITY. See docs/decisions/0037.
 */
import type { Quality, ScorableQuestion, AnswerMap } from "./common";
import type { Interval } from "./measurement";
import { topProbabilities } from "./probability";
import { type Latencies, noVerdict, shown, shownInterval, sliderEstimates } from "./slider";

import { VERDICT_PROBABILITY } from "./thresholds";

export { VERDICT_PROBABILITY };
/** A scale with at least this probability of being the top is listed "within measurement error". */
export const CONTENDER_PROBABILITY = 0.05;

export interface Profile<K extends string> {
  scores: Record<K, number>;
  intervals: Record<K, Interval>;
  standardErrors: Record<K, number>;
  theta: Record<K, number>;
  se: Record<K, number>;
  /** P(scale is the true highest), two decimals */
  probabilities: Record<K, number>;
  /** P(scale is the true lowest), two decimals */
  lowProbabilities: Record<K, number>;
  /** most probable top and bottom, named or not */
  top: K;
  bottom: K;
  topNamed: K | null;
  bottomNamed: K | null;
  /** other scales with a real chance (≥ 5%) of being the top, most probable first */
  contenders: K[];
  lowContenders: K[];
  fit: number | null;
  quality: Quality;
  answered: number;
  /** the widest of the scales' range allowances (1 when every answered item is calibrated) */
  allowance: number;
  /** people the calibration rests on when every answered item is calibrated (sliderEstimates), else null */
  calibratedOn: number | null;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

export function scoreProfile<K extends string>(
  type: "eq" | "leadership",
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  keys: readonly K[],
  latencies?: Latencies,
): Profile<K> {
  const est = sliderEstimates(type, questions, answers, keys, latencies);
  const pTop = topProbabilities(
    keys.map((k) => est.scales[k].posterior),
    "highest",
  );
  const pLow = topProbabilities(
    keys.map((k) => est.scales[k].posterior),
    "lowest",
  );
  const rec = <V>(f: (k: K, i: number) => V) => Object.fromEntries(keys.map((k, i) => [k, f(k, i)])) as Record<K, V>;
  const byProb = (p: number[]) => [...keys.keys()].sort((a, b) => p[b]! - p[a]!).map((i) => keys[i]!);
  const rankedTop = byProb(pTop);
  const rankedLow = byProb(pLow);
  const blocked = noVerdict(est.quality);
  const top = rankedTop[0]!;
  const bottom = rankedLow[0]!;
  const topNamed = !blocked && pTop[keys.indexOf(top)]! >= VERDICT_PROBABILITY ? top : null;
  const bottomNamed = !blocked && bottom !== top && pLow[keys.indexOf(bottom)]! >= VERDICT_PROBABILITY ? bottom : null;
  return {
    scores: rec((k) => shown(est.scales[k].theta)),
    intervals: rec((k) => shownInterval(est.scales[k])),
    standardErrors: rec((k) => round1(15 * est.scales[k].se)),
    theta: rec((k) => round2(est.scales[k].theta)),
    se: rec((k) => round2(est.scales[k].se)),
    probabilities: rec((_, i) => round2(pTop[i]!)),
    lowProbabilities: rec((_, i) => round2(pLow[i]!)),
    top,
    bottom,
    topNamed,
    bottomNamed,
    contenders: rankedTop.slice(1).filter((k) => pTop[keys.indexOf(k)]! >= CONTENDER_PROBABILITY),
    lowContenders: rankedLow.slice(1).filter((k) => pLow[keys.indexOf(k)]! >= CONTENDER_PROBABILITY),
    fit: est.fit === null ? null : round2(est.fit),
    quality: est.quality,
    answered: keys.reduce((s, k) => s + est.scales[k].answered, 0),
    allowance: Math.max(...keys.map((k) => est.scales[k].allowance)),
    calibratedOn: est.calibratedOn,
  };
}

/** "about 9 in 10" style words for a probability a client understands. */
export function chanceWords(p: number): string {
  if (p >= 0.995) return "more than 99 in 100";
  return `about ${Math.round(p * 100)} in 100`;
}

export const CARELESS_WORDS =
  "Your answers did not follow a consistent pattern (they look like answers given without reading the statements, or much faster than they can be read), so this result names no verdict. Retaking it when you have time to consider each statement will give a usable profile.";
