/**
 * IRT estimates for the slider tests: each scale scored by graded-response EAP from its own items
 * (parameters from `scoring.grm`, DEFAULT_GRM when absent), person fit across all items, and the
 * "careless" flag. Scores are standardised (θ: population mean 0, SD 1) and shown on 0–100 as
 * 50 + 15 θ, so scales are compared on the same footing rather than on raw agreement. See 0037.
 */
import { DEFAULT_GRM, type GridPosterior, type GrmItem, grmPosterior, personFit } from "../irt/grm";
import { PERSONALITY_AXES } from "../labels";
import type { ItemScoring } from "../types";
import { type AnswerMap, type Quality, type QualityFlag, type ScorableQuestion, answerFor, parseSlider, sliderQuality } from "./common";
import { INTERVAL_Z, type Interval } from "./measurement";

export interface ScaleEstimate {
  /** EAP on the population scale */
  theta: number;
  /** posterior SD */
  se: number;
  posterior: GridPosterior;
  /** items of the scale answered */
  answered: number;
  /** widening of the posterior SD for the displayed range: 1 when every answered item is calibrated */
  allowance: number;
}

/**
 * Person fit below this (lz) marks careless answering; set by simulation (docs/decisions/0039) so
 * that ≤ 5% of genuine respondents (acquiescent and extreme ones included) are flagged. Personality's
 * is −3.8: agreeing with both poles' statements is a misfit there, and at −3.5 up to 20% of
 * acquiescent responders (6% of everyone) were flagged; random answerers still fall below −3.8 ≥ 99%. EQ's is
 * stricter: its adaptive attempts can stop after about 30 answers, where lz has less power, and at
 * −3.5 1.1% of random answerers still got a named strongest domain in one seed.
 */
export const CARELESS_LZ = { personality: -3.8, leadership: -3.5, eq: -3.0 } as const;
/** Answers faster than this (ms) cannot have been read; more than FAST_SHARE of them → careless. */
export const FAST_ANSWER_MS = 1200;
export const FAST_SHARE = 0.3;

export type Latencies = ReadonlyMap<number | string, number> | Readonly<Record<string, number>>;

const latencyOf = (latencies: Latencies, id: number | string): number | undefined =>
  typeof (latencies as ReadonlyMap<unknown, unknown>).get === "function"
    ? ((latencies as ReadonlyMap<number | string, number>).get(id) ?? (latencies as ReadonlyMap<number | string, number>).get(String(id)))
    : (latencies as Record<string, number>)[String(id)];

/** Direction of an item on its scale: for personality +1 means toward the axis's second pole. */
export function itemKeying(scoring: ItemScoring): 1 | -1 {
  const axis = PERSONALITY_AXES.find((a) => a.key === scoring.scale);
  if (axis && scoring.rightPole) return scoring.rightPole === axis.second ? 1 : -1;
  if (scoring.keying) return scoring.keying;
  return scoring.reverse ? -1 : 1;
}

const items = new WeakMap<object, GrmItem & { calibratedOn?: number }>();
/** The GRM parameters of a question (cached per scoring object, so grid tables are reused). */
export function grmItem(scoring: ItemScoring): GrmItem & { calibratedOn?: number } {
  let item = items.get(scoring);
  if (!item) {
    const g = scoring.grm ?? DEFAULT_GRM;
    item = { a: g.a, thresholds: g.thresholds, keying: itemKeying(scoring), calibratedOn: scoring.grm?.calibratedOn };
    items.set(scoring, item);
  }
  return item;
}

export interface SliderEstimates<K extends string> {
  scales: Record<K, ScaleEstimate>;
  /** lz person fit over every answered item; null with fewer than 10 answers */
  fit: number | null;
  quality: Quality;
  /**
   * People the calibration rests on when every answered item is calibrated (the scores are then
   * relative to them, mean 50); null while any answered item is provisional (reference population).
   */
  calibratedOn: number | null;
}

/** Shown score 0–100 from θ. */
export const shown = (theta: number) => Math.min(100, Math.max(0, Math.round(50 + 15 * theta)));
/**
 * The posterior SD is widened by this factor for the displayed range: the model's own SD assumes the
 * item parameters are exact and that people answer without a response style; under the simulation's
 * acquiescent/extreme responders and calibration-sized parameter errors the unwidened 90% range
 * covered the true score only 85–88% of the time (docs/decisions/0039).
 */
export const INTERVAL_SD_FACTOR = 1.08;
/**
 * Personality's: its items are balanced, so acquiescent answering barely biases it and less
 * allowance is needed; at 1.08 the best-fitting axis's range covered 92.1% (above the 88–92% aimed
 * for) in the worst seed (decision 0045).
 */
export const PERSONALITY_INTERVAL_SD_FACTOR = 1.07;
/**
 * Once every item a scale was answered on carries calibrated parameters (fitted to the people who took
 * the test here), the allowance for errors in them goes; what stays covers response styles the model
 * leaves out, which on personality's bipolar axes a calibration does not absorb. Set by simulation
 * (docs/decisions/0057): calibrated EQ and leadership ranges covered 88.6–91.2% with none.
 */
export const CALIBRATED_INTERVAL_SD_FACTOR = { eq: 1, leadership: 1, personality: PERSONALITY_INTERVAL_SD_FACTOR } as const;

/** The widening of a scale's range: the calibrated one when every answered item is calibrated, else the provisional one. */
export function intervalAllowance(type: "personality" | "eq" | "leadership", scorings: readonly ItemScoring[]): number {
  if (scorings.length > 0 && scorings.every((s) => typeof s.grm?.calibratedOn === "number")) return CALIBRATED_INTERVAL_SD_FACTOR[type];
  return type === "personality" ? PERSONALITY_INTERVAL_SD_FACTOR : INTERVAL_SD_FACTOR;
}
/** The displayed 90% range for the person's score: EAP ± 1.645 × allowance × posterior SD, on 0–100. */
export const shownInterval = (e: Pick<ScaleEstimate, "theta" | "se" | "allowance">): Interval => ({
  low: shown(e.theta - INTERVAL_Z * e.allowance * e.se),
  high: shown(e.theta + INTERVAL_Z * e.allowance * e.se),
});

export function sliderEstimates<K extends string>(
  type: keyof typeof CARELESS_LZ,
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  keys: readonly K[],
  latencies?: Latencies,
): SliderEstimates<K> {
  const perScale = new Map<string, { items: GrmItem[]; cats: number[]; scorings: ItemScoring[] }>(
    keys.map((k) => [k, { items: [], cats: [], scorings: [] }]),
  );
  const all: { item: ReturnType<typeof grmItem>; cat: number; scale: string }[] = [];
  let fast = 0;
  let timed = 0;
  for (const q of questions) {
    const acc = q.scoring?.scale ? perScale.get(q.scoring.scale) : undefined;
    const r = parseSlider(answerFor(answers, q.id));
    if (!acc || r === null) continue;
    const item = grmItem(q.scoring!);
    acc.items.push(item);
    acc.cats.push(r - 1);
    acc.scorings.push(q.scoring!);
    all.push({ item, cat: r - 1, scale: q.scoring!.scale! });
    const ms = latencies ? latencyOf(latencies, q.id) : undefined;
    if (typeof ms === "number" && Number.isFinite(ms)) {
      timed += 1;
      if (ms < FAST_ANSWER_MS) fast += 1;
    }
  }
  const scales = {} as Record<K, ScaleEstimate>;
  for (const k of keys) {
    const { items: its, cats, scorings } = perScale.get(k)!;
    const posterior = grmPosterior(its, cats);
    scales[k] = { theta: posterior.mean, se: posterior.sd, posterior, answered: its.length, allowance: intervalAllowance(type, scorings) };
  }
  const fit = personFit(
    all.map((a) => a.item),
    all.map((a) => a.cat),
    all.map((a) => scales[a.scale as K].theta),
  );
  const quality = sliderQuality(questions, answers);
  const flags: QualityFlag[] = [...quality.flags];
  const tooFast = timed >= 10 && fast > FAST_SHARE * timed;
  if ((fit !== null && fit < CARELESS_LZ[type]) || tooFast) flags.push("careless");
  const fitted = all.map((a) => a.item.calibratedOn);
  const calibratedOn = fitted.length > 0 && fitted.every((n) => n !== undefined) ? Math.min(...(fitted as number[])) : null;
  return { scales, fit, quality: { flags }, calibratedOn };
}

/** A result names no verdict when the answers cannot carry one. */
export const noVerdict = (quality: Quality) => quality.flags.includes("straight-lining") || quality.flags.includes("careless");
