/**
 * Simulated respondents for the measurement tests, drawn from models the scorers do NOT assume:
 * graded-response items with varied slopes and thresholds for the sliders, 3PL items with varied
 * discriminations and difficulties unlike the provisional ones for the IQ test. Seeded, so every
 * run gives the same numbers.
 */
import { INSTRUMENTS } from "../instruments";
import type { ScorableQuestion } from "../scoring/common";
import type { InstrumentQuestion, InstrumentType } from "../types";

/** mulberry32: small seeded PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

export function questionsOf(type: InstrumentType): (InstrumentQuestion & ScorableQuestion)[] {
  const inst = INSTRUMENTS.find((i) => i.type === type)!;
  return inst.questions.map((q) => ({ ...q, id: q.order }));
}

export interface GradedItem {
  /** +1 when agreeing means more of the scale's trait, −1 otherwise */
  direction: 1 | -1;
  slope: number;
  /** four increasing thresholds between the five categories */
  thresholds: number[];
}

/** Graded-response parameters per item: slopes 0.8–2.5, thresholds spread and shifted per item. */
export function gradedItems(rand: () => number, directions: readonly (1 | -1)[]): GradedItem[] {
  return directions.map((direction) => {
    const shift = (rand() - 0.5) * 1.2;
    const stretch = 0.7 + rand() * 0.6;
    return {
      direction,
      slope: 0.8 + rand() * 1.7,
      thresholds: [-2, -0.8, 0.3, 1.5].map((t) => shift + stretch * t),
    };
  });
}

/** One GRM answer "1".."5": P(X ≥ k+1) = logistic(slope (direction θ − threshold_k)). */
export function gradedAnswer(rand: () => number, item: GradedItem, theta: number): string {
  const u = rand();
  let x = 1;
  for (const t of item.thresholds) if (u < 1 / (1 + Math.exp(-item.slope * (item.direction * theta - t)))) x += 1;
  return String(x);
}

export function pearson(x: readonly number[], y: readonly number[]): number {
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
  return sxy / Math.sqrt(sxx * syy);
}
