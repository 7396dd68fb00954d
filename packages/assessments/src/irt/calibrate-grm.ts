/**
 * Calibration of one slider scale's items: marginal maximum likelihood for the graded-response model
 * (grm.ts) by EM over a quadrature grid (Bock & Aitkin), as calibrate.ts does for the reasoning items.
 * The M-step is a few Fisher-scoring steps per item on (log a, t₁…t₄), with weak priors centred on
 * the starting (provisional) values (log a: SD 0.5, thresholds: SD 2) so that an item whose extreme
 * categories nobody used cannot run off. The scale is then set so that the calibration sample has
 * mean 0 and SD 1: scales calibrated this way are compared on standardized scores, relative to the
 * people who took the test here (issue 29).
 */
import type { GrmItem } from "./grm";
import { grmProbabilities } from "./grm";
import { normalDensity } from "./model";

export interface GrmCalibration {
  items: GrmItem[];
  /** people with at least one answer on the scale */
  n: number;
  iterations: number;
  converged: boolean;
}

const NODES = Array.from({ length: 41 }, (_, i) => -4 + i * 0.2);
const LOG_PRIOR = NODES.map((t) => Math.log(normalDensity(t)));
const LOG_A_SD = 0.5;
const T_SD = 2;
/** Thresholds are kept at least this far apart, so every category keeps a probability. */
const MIN_GAP = 0.05;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Category probabilities and their derivatives in (log a, t₁…t₄) at one node. */
function derivatives(item: GrmItem, theta: number): { p: number[]; dp: number[][] } {
  const x = item.keying * theta;
  const s = [1, ...item.thresholds.map((t) => sigmoid(item.a * (x - t))), 0];
  // dS_k: derivatives of the cumulative probabilities, one row per parameter.
  const dS = [0, 1, 2, 3, 4].map((param) =>
    s.map((sk, k) => {
      if (k === 0 || k === 5) return 0;
      const slope = sk * (1 - sk);
      if (param === 0) return slope * item.a * (x - item.thresholds[k - 1]!);
      return param === k ? -slope * item.a : 0;
    }),
  );
  const p = grmProbabilities(item, theta);
  const dp = dS.map((row) => [0, 1, 2, 3, 4].map((k) => row[k]! - row[k + 1]!));
  return { p, dp };
}

/** Fits one item to the expected counts: counts[q][k] people at node q answering category k. */
function mStep(item: GrmItem, start: GrmItem, counts: readonly (readonly number[])[]): GrmItem {
  let params = [Math.log(item.a), ...item.thresholds];
  const centre = [Math.log(start.a), ...start.thresholds];
  const sds = [LOG_A_SD, T_SD, T_SD, T_SD, T_SD];
  for (let step = 0; step < 4; step++) {
    const current: GrmItem = { a: Math.exp(params[0]!), thresholds: params.slice(1), keying: item.keying };
    const grad = params.map((v, i) => -(v - centre[i]!) / sds[i]! ** 2);
    const info = params.map((_, i) => params.map((__, j) => (i === j ? 1 / sds[i]! ** 2 : 0)));
    NODES.forEach((theta, q) => {
      const row = counts[q]!;
      const total = row.reduce((a, b) => a + b, 0);
      if (total === 0) return;
      const { p, dp } = derivatives(current, theta);
      for (let i = 0; i < 5; i++) {
        for (let k = 0; k < 5; k++) grad[i]! += (row[k]! * dp[i]![k]!) / p[k]!;
        for (let j = i; j < 5; j++) {
          let f = 0;
          for (let k = 0; k < 5; k++) f += (dp[i]![k]! * dp[j]![k]!) / p[k]!;
          info[i]![j]! += total * f;
          if (j !== i) info[j]![i]! += total * f;
        }
      }
    });
    let delta = solve(info, grad);
    const size = Math.hypot(...delta);
    if (size > 0.5) delta = delta.map((d) => (d * 0.5) / size);
    params = params.map((v, i) => v + delta[i]!);
    // Keep the thresholds ordered.
    for (let k = 2; k < 5; k++) params[k] = Math.max(params[k]!, params[k - 1]! + MIN_GAP);
    if (size < 1e-6) break;
  }
  return { a: Math.exp(params[0]!), thresholds: params.slice(1), keying: item.keying };
}

/** Solves A x = b for a small symmetric positive-definite A (Gaussian elimination with pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/**
 * Fits the items of one scale to a people × items matrix of categories 0–4; null = not asked (an
 * adaptive attempt asks a subset chosen from the answers, so leaving the rest out is ignorable).
 * `start` gives the provisional parameters and each item's keying. Rows without any answer are skipped.
 */
export function calibrateGrmScale(start: readonly GrmItem[], matrix: readonly (readonly (number | null)[])[]): GrmCalibration {
  const rows = matrix.filter((row) => row.some((v) => v !== null));
  let items: GrmItem[] = start.map((it) => ({ ...it, thresholds: [...it.thresholds] }));
  let iterations = 0;
  let converged = false;
  let posteriors: number[][] = [];
  for (; iterations < 200 && !converged; iterations++) {
    const tables = items.map((it) => NODES.map((t) => grmProbabilities(it, t).map(Math.log)));
    const counts = items.map(() => NODES.map(() => [0, 0, 0, 0, 0]));
    posteriors = rows.map((row) => {
      const ll = NODES.map((_, q) => row.reduce((s: number, v, j) => (v === null ? s : s + tables[j]![q]![v]!), LOG_PRIOR[q]!));
      const max = Math.max(...ll);
      const w = ll.map((v) => Math.exp(v - max));
      const total = w.reduce((s, v) => s + v, 0);
      const post = w.map((v) => v / total);
      row.forEach((v, j) => {
        if (v !== null) post.forEach((mass, q) => (counts[j]![q]![v]! += mass));
      });
      return post;
    });
    const next = items.map((it, j) => mStep(it, start[j]!, counts[j]!));
    const change = Math.max(
      ...next.map((it, j) =>
        Math.max(Math.abs(it.a - items[j]!.a), ...it.thresholds.map((t, k) => Math.abs(t - items[j]!.thresholds[k]!))),
      ),
    );
    items = next;
    converged = change < 1e-3;
  }
  // Set the scale on the sample: mean and SD of θ from the posteriors (law of total variance).
  const means = posteriors.map((post) => post.reduce((s, v, q) => s + v * NODES[q]!, 0));
  const variances = posteriors.map((post, i) => post.reduce((s, v, q) => s + v * (NODES[q]! - means[i]!) ** 2, 0));
  const n = rows.length;
  const m = means.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(means.reduce((s, v) => s + (v - m) ** 2, 0) / n + variances.reduce((s, v) => s + v, 0) / n);
  // θ_new = (θ_old − m) / sd; for a keyed item κθ_old − t = sd (κθ_new − (t − κm) / sd).
  const rescaled = items.map((it) => ({
    a: it.a * sd,
    thresholds: it.thresholds.map((t) => (t - it.keying * m) / sd),
    keying: it.keying,
  }));
  return { items: rescaled, n, iterations, converged };
}
