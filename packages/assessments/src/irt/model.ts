/**
 * The three-parameter logistic item-response model with the guessing parameter fixed:
 *   P(correct | θ) = c + (1 − c) / (1 + exp(−a (θ − b))),   c = 1 / number of options.
 * θ is on the scale of the reference population (mean 0, SD 1), reported as IQ = 100 + 15 θ.
 * Scoring is EAP (the posterior mean under a Normal prior for who takes the test: scoring/iq.ts
 * IQ_PRIOR), computed on a fixed quadrature grid, so the posterior SD and the 5% / 95% posterior
 * quantiles come with it.
 */

export interface ItemParameters {
  /** discrimination (logistic metric) */
  a: number;
  /** difficulty, in SDs of the reference population */
  b: number;
  /** guessing floor (1 / number of options unless the item says otherwise) */
  c: number;
  /** slip ceiling of a 4PL (absent = 1: a person far above the item always gets it right) */
  d?: number;
}

export const IQ_MEAN = 100;
export const IQ_SD = 15;
export const toIq = (theta: number) => IQ_MEAN + IQ_SD * theta;

/** Quadrature grid over θ ∈ [−5, 5]: fine enough for quantiles to a fraction of an IQ point. */
export const GRID: readonly number[] = Array.from({ length: 201 }, (_, i) => -5 + i * 0.05);

/** Who is expected to take a test, before any answer: θ ~ Normal(mean, sd²). */
export interface NormalPrior {
  mean: number;
  sd: number;
}
export const STANDARD_NORMAL: NormalPrior = { mean: 0, sd: 1 };

/** Log density of the prior at θ, up to a constant (all a posterior on the grid needs). */
export const logPrior = (prior: NormalPrior, theta: number) => -0.5 * ((theta - prior.mean) / prior.sd) ** 2;

export function normalDensity(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

export function probability(item: ItemParameters, theta: number): number {
  return item.c + ((item.d ?? 1) - item.c) / (1 + Math.exp(-item.a * (theta - item.b)));
}

/** Fisher information of one 4PL item at θ (the 3PL when d = 1). */
export function itemInformation(item: ItemParameters, theta: number): number {
  const p = probability(item, theta);
  const d = item.d ?? 1;
  return (item.a ** 2 * (p - item.c) ** 2 * (d - p) ** 2) / ((d - item.c) ** 2 * p * (1 - p));
}

export function testInformation(items: readonly ItemParameters[], theta: number): number {
  return items.reduce((s, it) => s + itemInformation(it, theta), 0);
}

/** Log-likelihood of a 0/1 response vector at every grid point. */
export function logLikelihoodOnGrid(items: readonly ItemParameters[], responses: readonly (0 | 1)[]): number[] {
  return GRID.map((theta) => {
    let ll = 0;
    items.forEach((item, j) => {
      const p = probability(item, theta);
      ll += responses[j] === 1 ? Math.log(p) : Math.log(1 - p);
    });
    return ll;
  });
}

export interface Posterior {
  mean: number;
  sd: number;
  /** posterior quantile on θ, interpolated on the grid */
  quantile(p: number): number;
}

/** Posterior of θ under a Normal prior (the reference population's Normal(0, 1) unless told). */
export function posterior(items: readonly ItemParameters[], responses: readonly (0 | 1)[], prior = STANDARD_NORMAL): Posterior {
  const ll = logLikelihoodOnGrid(items, responses);
  const logPost = ll.map((l, i) => l + logPrior(prior, GRID[i]!));
  const max = Math.max(...logPost);
  const w = logPost.map((l) => Math.exp(l - max));
  const total = w.reduce((s, v) => s + v, 0);
  const weights = w.map((v) => v / total);
  const mean = weights.reduce((s, v, i) => s + v * GRID[i]!, 0);
  const sd = Math.sqrt(weights.reduce((s, v, i) => s + v * (GRID[i]! - mean) ** 2, 0));
  const cumulative: number[] = [];
  weights.reduce((s, v) => {
    cumulative.push(s + v);
    return s + v;
  }, 0);
  const quantile = (p: number) => {
    const i = cumulative.findIndex((c) => c >= p);
    if (i <= 0) return GRID[0]!;
    // Linear interpolation between grid points (the mass of a cell is spread evenly over it).
    const below = cumulative[i - 1]!;
    const frac = (p - below) / (cumulative[i]! - below);
    return GRID[i - 1]! + frac * (GRID[i]! - GRID[i - 1]!);
  };
  return { mean, sd, quantile };
}
