/**
 * Measurement error for the slider scales, and the rules that turn it into honest wording:
 * standard errors from reliability, 90% intervals, "clear leader" verdicts, retest agreement of a
 * personality letter, and the reliable-change index. Documented in docs/decisions/0008.
 */
import { phi, phiInverse } from "../stats/distributions";

/** Everything the error model needs to know about one scale. */
export interface ScaleNorm {
  /** reliability of the scale score (alpha), 0–1 */
  reliability: number;
  /** standard deviation of the scale score between people, in the units the scale is reported in */
  sd: number;
  /** population mean of the scale score (used by the personality retest prediction); default 0 */
  mean?: number;
  /** provisional = assumed (documented in PROVISIONAL_NORMS); data = computed from n people's answers */
  source: "provisional" | "data";
  n?: number;
}

/** Level of every interval we report. */
export const INTERVAL_LEVEL = 0.9;
/** Two-sided 90% interval half-width in SEs (1.645). */
export const INTERVAL_Z = phiInverse(1 - (1 - INTERVAL_LEVEL) / 2);
/**
 * A verdict ("your primary style is …") is named only when the leader beats every other scale by
 * more than verdictZ(k) standard errors of the difference: one-sided, 90% for the family of k − 1
 * comparisons (Bonferroni: each at 1 − 0.10/(k − 1); z = 1.96 for five scales, 2.05 for six).
 * In the simulation a single 1.645 per comparison let six-style profiles through whose leader came
 * back first on a retest only 78% of the time; a 95% family criterion (z 2.24 / 2.33) was safe but
 * named a leader for under 5% of people.
 */
export const VERDICT_ALPHA = 0.1;
export function verdictZ(scales: number): number {
  return phiInverse(1 - VERDICT_ALPHA / Math.max(1, scales - 1));
}
/** A personality letter is tentative when the predicted retest agreement is below this. */
export const FIRM_AGREEMENT = 0.85;
/** Reliable change at 95% two-sided (Jacobson & Truax): |RCI| > 1.96. */
export const RELIABLE_CHANGE_Z = phiInverse(0.975);

/** Standard error of measurement: SD × √(1 − reliability). */
export function standardError(norm: Pick<ScaleNorm, "reliability" | "sd">): number {
  return norm.sd * Math.sqrt(1 - Math.min(Math.max(norm.reliability, 0), 0.99));
}

export interface Interval {
  low: number;
  high: number;
}

/** Observed score ± 1.645 SEM, rounded, clamped to the reporting range. */
export function scoreInterval(score: number, sem: number, min: number, max: number): Interval {
  const half = INTERVAL_Z * sem;
  return {
    low: Math.max(min, Math.round(score - half)),
    high: Math.min(max, Math.round(score + half)),
  };
}

export interface Verdict<K extends string> {
  /** the scale that is clearly highest (or lowest); null when others are within error of it */
  clear: K | null;
  /** the observed highest (or lowest) scale, named or not */
  top: K;
  /** other scales within measurement error of `top`, in rank order */
  withinError: K[];
}

/**
 * Is the highest (or lowest) of several scale scores clearly so? Ties in rank keep the order of `keys`.
 * A scale is "within error" of the top when the gap is at most verdictZ(k) × √(SEM₁² + SEM₂²).
 */
export function clearExtreme<K extends string>(
  scores: Record<K, number>,
  sems: Record<K, number>,
  keys: readonly K[],
  direction: "highest" | "lowest",
): Verdict<K> {
  const sign = direction === "highest" ? 1 : -1;
  const ranked = [...keys].sort((a, b) => sign * (scores[b] - scores[a]));
  const top = ranked[0]!;
  const z = verdictZ(keys.length);
  const withinError = ranked.slice(1).filter((k) => sign * (scores[top] - scores[k]) <= z * Math.hypot(sems[top], sems[k]));
  return { clear: withinError.length === 0 ? top : null, top, withinError };
}

/**
 * Probability that a retest lands on the same side of the cut point (0) as the observed score s.
 * With true scores T ~ Normal(μ, ρ·SD²) in the population and independent errors of SD = SEM, the
 * retest score given s is Normal(μ + ρ(s − μ), SEM² (1 + ρ)) — the regression toward μ is what a
 * naive Φ(|s| / (SEM √2)) leaves out, and why that formula overstates agreement.
 * A score of exactly 0 counts as the second pole (the tie rule of the letter).
 */
export function retestAgreement(score: number, norm: ScaleNorm): number {
  const rho = Math.min(Math.max(norm.reliability, 0), 0.99);
  const mu = norm.mean ?? 0;
  const sem = standardError(norm);
  const predicted = mu + rho * (score - mu);
  const spread = sem * Math.sqrt(1 + rho);
  const pFirst = phi(predicted / spread);
  return score > 0 ? pFirst : 1 - pFirst;
}

/** What the caller knows about the error of the two scores. */
export type ChangeError =
  | { sem: number }
  | { reliability: number; sd: number }
  /** each score's own standard error (IQ: from the model, so it differs between the two attempts) */
  | { previousSe: number; currentSe: number };

export interface ReliableChange {
  delta: number;
  /** delta / SE of the difference */
  rci: number;
  /** |RCI| > 1.96 */
  reliable: boolean;
}

/** Jacobson & Truax reliable-change index: RCI = (current − previous) / SE_diff, SE_diff = √2·SEM. */
export function reliableChange(previous: number, current: number, error: ChangeError): ReliableChange {
  const seDiff =
    "previousSe" in error
      ? Math.hypot(error.previousSe, error.currentSe)
      : Math.SQRT2 * ("sem" in error ? error.sem : standardError(error));
  const delta = current - previous;
  const rci = seDiff > 0 ? delta / seDiff : delta === 0 ? 0 : Math.sign(delta) * Number.POSITIVE_INFINITY;
  return { delta, rci, reliable: Math.abs(rci) > RELIABLE_CHANGE_Z };
}
