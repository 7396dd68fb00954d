/**
 * Samejima's graded-response model for the 1–5 slider items, scored by EAP on a fixed grid:
 *   P(X ≥ k | θ) = 1 / (1 + exp(−a (κ θ − t_k))),  k = 1..4,  κ = keying (±1),
 * answers "1".."5" are categories 0..4. The posterior over the grid (Normal(0, 1) prior: θ is on the
 * scale of the reference population) is kept whole, because verdict probabilities ("this style is
 * your true top") are read from it, not from a normal approximation. See docs/decisions/0037.
 */
import { normalDensity } from "./model";

export interface GrmItem {
  a: number;
  /** four increasing thresholds on the population scale */
  thresholds: readonly number[];
  keying: 1 | -1;
}

/**
 * Parameters of an item that carries none: a moderate slope and thresholds that put the middle of
 * the slider a little above the population mean (people agree more readily than they disagree).
 */
export const DEFAULT_GRM = { a: 1.3, thresholds: [-2.2, -1.0, 0.1, 1.4] } as const;

/** θ grid for the slider scales: −4…4 in steps of 0.1 (81 points). */
export const SLIDER_GRID: readonly number[] = Array.from({ length: 81 }, (_, i) => -4 + i * 0.1);
const LOG_PRIOR = SLIDER_GRID.map((t) => Math.log(normalDensity(t)));

/** Category probabilities P(X = 0..4 | θ). */
export function grmProbabilities(item: GrmItem, theta: number): number[] {
  const x = item.keying * theta;
  const above = [1, ...item.thresholds.map((t) => 1 / (1 + Math.exp(-item.a * (x - t)))), 0];
  return [0, 1, 2, 3, 4].map((k) => Math.max(1e-12, above[k]! - above[k + 1]!));
}

/** log P(X = k | θ) on the grid, per category: [k][gridIndex]. Cached per item object. */
const tables = new WeakMap<GrmItem, number[][]>();
export function logTable(item: GrmItem): number[][] {
  let table = tables.get(item);
  if (!table) {
    const rows = SLIDER_GRID.map((t) => grmProbabilities(item, t).map(Math.log));
    table = [0, 1, 2, 3, 4].map((k) => rows.map((r) => r[k]!));
    tables.set(item, table);
  }
  return table;
}

/** Fisher information of a GRM item at θ: Σ_k (P_k')² / P_k. */
export function grmInformation(item: GrmItem, theta: number): number {
  const x = item.keying * theta;
  const star = [1, ...item.thresholds.map((t) => 1 / (1 + Math.exp(-item.a * (x - t)))), 0];
  const deriv = star.map((p) => item.a * p * (1 - p));
  let info = 0;
  for (let k = 0; k < 5; k++) {
    const p = Math.max(1e-12, star[k]! - star[k + 1]!);
    info += (deriv[k]! - deriv[k + 1]!) ** 2 / p;
  }
  return info;
}

export interface GridPosterior {
  /** normalised posterior mass per grid point */
  weights: number[];
  mean: number;
  sd: number;
}

/** Posterior from a summed log-likelihood on the grid (prior added here). */
export function gridPosterior(logLik: readonly number[]): GridPosterior {
  const logPost = logLik.map((l, i) => l + LOG_PRIOR[i]!);
  const max = Math.max(...logPost);
  const w = logPost.map((l) => Math.exp(l - max));
  const total = w.reduce((s, v) => s + v, 0);
  const weights = w.map((v) => v / total);
  let mean = 0;
  for (let i = 0; i < weights.length; i++) mean += weights[i]! * SLIDER_GRID[i]!;
  let variance = 0;
  for (let i = 0; i < weights.length; i++) variance += weights[i]! * (SLIDER_GRID[i]! - mean) ** 2;
  return { weights, mean, sd: Math.sqrt(variance) };
}

/** Log-likelihood on the grid of answered items (category 0..4 each). */
export function grmLogLik(items: readonly GrmItem[], categories: readonly number[]): number[] {
  const ll = SLIDER_GRID.map(() => 0);
  items.forEach((item, j) => {
    const row = logTable(item)[categories[j]!]!;
    for (let i = 0; i < ll.length; i++) ll[i]! += row[i]!;
  });
  return ll;
}

export function grmPosterior(items: readonly GrmItem[], categories: readonly number[]): GridPosterior {
  return gridPosterior(grmLogLik(items, categories));
}

/**
 * Person fit lz (Drasgow, Levine & Williams, polytomous form) at each item's scale estimate:
 * the standardised log-likelihood of the answers. Strongly negative = answers the model finds
 * implausible for anyone (random clicking). Snijders' lz* correction for the estimated θ is left
 * out: with 15–30 items per scale it changes the value little, and the cut-off is set by simulation.
 */
export function personFit(items: readonly GrmItem[], categories: readonly number[], thetas: readonly number[]): number | null {
  if (items.length < 10) return null;
  let l0 = 0;
  let expected = 0;
  let variance = 0;
  items.forEach((item, j) => {
    const p = grmProbabilities(item, thetas[j]!);
    const logs = p.map(Math.log);
    l0 += logs[categories[j]!]!;
    const e = p.reduce((s, v, k) => s + v * logs[k]!, 0);
    expected += e;
    variance += p.reduce((s, v, k) => s + v * logs[k]! ** 2, 0) - e * e;
  });
  return variance > 0 ? (l0 - expected) / Math.sqrt(variance) : null;
}
