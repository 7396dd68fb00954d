/**
 * Provisional graded-response parameters for slider items (docs/decisions/0036). They are
 * assumptions derived from how an item is written, not estimates: calibration on real answers
 * replaces them. The thresholds are for the keyed response (r when keying is 1, 6 − r when it is
 * −1) on the scale's θ (mean 0, SD 1), so a higher θ always means more of the scale (for
 * personality: further toward the axis's second pole).
 */
import type { ItemScoring } from "../types";

/** The typical agree-scale item: most people answer above the midpoint, few at either extreme. */
export const BASE_THRESHOLDS = [-2.2, -0.9, 0.3, 1.6] as const;
export const MAX_A = 1.8;
export const MIN_A = 1.3;

/** Words that make a statement about frequency or likelihood, so it states the trait less directly. */
const HEDGES = /\b(often|usually|sometimes|seldom|rarely|tend|may|might|can)\b/i;
/** Absolute words are hard to agree with whatever one's trait level. */
const ABSOLUTES = /\b(always|never|every|exactly|all)\b/i;

export interface GrmInput {
  text: string;
  keying: 1 | -1;
  /**
   * How much easier than typical it is to agree with the statement, in θ units: positive for
   * statements people like to say about themselves (most EQ and leadership strengths), negative
   * for ones they avoid (admitting a weakness).
   */
  desirability: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Discrimination: a direct, short, positively worded statement of the trait gets the highest a;
 * hedged, long or negated statements (reversed items) carry more noise and get less.
 */
export function provisionalA({ text, keying }: Pick<GrmInput, "text" | "keying">): number {
  const words = text.split(/\s+/).length;
  let a = MAX_A;
  if (HEDGES.test(text)) a -= 0.15;
  if (keying === -1) a -= 0.2;
  if (words > 10) a -= 0.15;
  return round2(Math.max(MIN_A, a));
}

/** Shift of the raw (agree-scale) thresholds: easy-to-agree items move them down. */
export function agreementEase({ text, desirability }: Pick<GrmInput, "text" | "desirability">): number {
  return desirability - (ABSOLUTES.test(text) ? 0.3 : 0);
}

export function provisionalGrm(input: GrmInput): NonNullable<ItemScoring["grm"]> {
  const ease = agreementEase(input);
  const raw = BASE_THRESHOLDS.map((t) => t - ease);
  // Keyed response for a reversed item is 6 − r: its category boundaries are the raw ones mirrored.
  const keyed = input.keying === 1 ? raw : raw.map((t) => -t).reverse();
  const [t1, t2, t3, t4] = keyed.map(round2) as [number, number, number, number];
  return { a: provisionalA(input), thresholds: [t1, t2, t3, t4] };
}
