/**
 * Calibration of the IQ items: marginal maximum likelihood for the 3PL with c fixed at 1/options,
 * by EM over a quadrature grid (Bock & Aitkin). The M-step is a few Fisher-scoring steps per item
 * on (log a, b) with weak priors (log a ~ N(0, 0.5²), b ~ N(0, 2²)) so that an item everyone gets
 * right cannot run off to infinity. The θ scale is then set so that the calibration sample has
 * mean 0 and SD 1, i.e. IQ 100 / 15 "compared with the people who have taken this test here".
 */
import { type ItemParameters, normalDensity, probability, testInformation, toIq } from "./model";

export const MIN_CALIBRATION_PEOPLE = 200;

export interface CalibratedItem extends ItemParameters {
  /** the question id the parameters belong to */
  id: string;
}

export interface IqCalibration {
  kind: "calibrated";
  /** people in the calibration sample */
  n: number;
  /** ISO timestamp of the calibration */
  date: string;
  items: CalibratedItem[];
  /** test information and the standard error it implies, IQ 55–145 in steps of 5 */
  information: { iq: number; information: number; se: number }[];
  iterations: number;
  converged: boolean;
}

export type CalibrationOutcome =
  { ok: true; calibration: IqCalibration } | { ok: false; reason: "too-few-people"; n: number; minimum: number; needed: number };

const NODES = Array.from({ length: 41 }, (_, i) => -4 + i * 0.2);
const PRIOR = (() => {
  const w = NODES.map(normalDensity);
  const total = w.reduce((s, v) => s + v, 0);
  return w.map((v) => v / total);
})();
const LOG_A_SD = 0.5;
const B_SD = 2;

/** Fits one item's (a, b) to the expected counts: n[q] people at node q, r[q] of them correct. */
function mStep(item: ItemParameters, n: readonly number[], r: readonly number[]): ItemParameters {
  let logA = Math.log(item.a);
  let b = item.b;
  const c = item.c;
  const d = item.d ?? 1;
  for (let step = 0; step < 4; step++) {
    const a = Math.exp(logA);
    let gA = -logA / LOG_A_SD ** 2;
    let gB = -b / B_SD ** 2;
    let iAA = 1 / LOG_A_SD ** 2;
    let iAB = 0;
    let iBB = 1 / B_SD ** 2;
    NODES.forEach((theta, q) => {
      const L = 1 / (1 + Math.exp(-a * (theta - b)));
      const p = Math.min(1 - 1e-9, c + (d - c) * L);
      const dL = (d - c) * L * (1 - L);
      const dA = dL * a * (theta - b);
      const dB = -dL * a;
      const pq = p * (1 - p);
      const resid = (r[q]! - n[q]! * p) / pq;
      gA += resid * dA;
      gB += resid * dB;
      const w = n[q]! / pq;
      iAA += w * dA * dA;
      iAB += w * dA * dB;
      iBB += w * dB * dB;
    });
    const det = iAA * iBB - iAB * iAB;
    let sA = (iBB * gA - iAB * gB) / det;
    let sB = (iAA * gB - iAB * gA) / det;
    const size = Math.hypot(sA, sB);
    if (size > 1) {
      sA /= size;
      sB /= size;
    }
    logA += sA;
    b += sB;
    if (size < 1e-6) break;
  }
  return { a: Math.exp(logA), b, c, ...(item.d === undefined ? {} : { d: item.d }) };
}

/**
 * Fits item parameters to a people × items matrix of 0/1 scores; null = not asked (an adaptive
 * attempt asks each person a subset, chosen from their answers, so leaving the rest out is ignorable).
 * `guessing[j]` is item j's fixed floor (1 / options). Needs MIN_CALIBRATION_PEOPLE rows.
 */
export function calibrateItems(
  ids: readonly string[],
  guessing: readonly number[],
  matrix: readonly (readonly (0 | 1 | null)[])[],
  date: Date = new Date(),
  /** starting values (the provisional parameters); their slip ceiling d, if any, is kept fixed */
  start?: readonly ItemParameters[],
): CalibrationOutcome {
  const n = matrix.length;
  if (n < MIN_CALIBRATION_PEOPLE) {
    return { ok: false, reason: "too-few-people", n, minimum: MIN_CALIBRATION_PEOPLE, needed: MIN_CALIBRATION_PEOPLE - n };
  }
  const k = ids.length;
  let items: ItemParameters[] = guessing.map((c, j) => {
    const s0 = start?.[j];
    return s0 ? { a: s0.a, b: s0.b, c, ...(s0.d === undefined ? {} : { d: s0.d }) } : { a: 1, b: 0, c };
  });
  let iterations = 0;
  let converged = false;
  const posteriors: number[][] = [];
  for (; iterations < 300 && !converged; iterations++) {
    // E-step: each person's posterior over the nodes, accumulated into expected counts.
    const logP = items.map((it) => NODES.map((t) => Math.log(probability(it, t))));
    const logQ = items.map((it) => NODES.map((t) => Math.log(1 - probability(it, t))));
    const njq = items.map(() => NODES.map(() => 0));
    const rjq = items.map(() => NODES.map(() => 0));
    posteriors.length = 0;
    for (const row of matrix) {
      const ll = NODES.map((_, q) => {
        let s = Math.log(PRIOR[q]!);
        for (let j = 0; j < k; j++) if (row[j] !== null) s += row[j] === 1 ? logP[j]![q]! : logQ[j]![q]!;
        return s;
      });
      const max = Math.max(...ll);
      const w = ll.map((v) => Math.exp(v - max));
      const total = w.reduce((s, v) => s + v, 0);
      const post = w.map((v) => v / total);
      posteriors.push(post);
      post.forEach((v, q) => {
        for (let j = 0; j < k; j++) {
          if (row[j] === null) continue;
          njq[j]![q]! += v;
          if (row[j] === 1) rjq[j]![q]! += v;
        }
      });
    }
    // M-step, item by item.
    const next = items.map((it, j) => mStep(it, njq[j]!, rjq[j]!));
    const change = Math.max(...next.map((it, j) => Math.max(Math.abs(it.a - items[j]!.a), Math.abs(it.b - items[j]!.b))));
    items = next;
    converged = change < 1e-3;
  }
  // Set the scale on the sample: mean and SD of θ from the posteriors (law of total variance).
  const means = posteriors.map((post) => post.reduce((s, v, q) => s + v * NODES[q]!, 0));
  const vars = posteriors.map((post, i) => post.reduce((s, v, q) => s + v * (NODES[q]! - means[i]!) ** 2, 0));
  const m = means.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(means.reduce((s, v) => s + (v - m) ** 2, 0) / n + vars.reduce((s, v) => s + v, 0) / n);
  const rescaled = items.map((it, j) => ({
    id: ids[j]!,
    a: it.a * sd,
    b: (it.b - m) / sd,
    c: it.c,
    ...(it.d === undefined ? {} : { d: it.d }),
  }));
  return {
    ok: true,
    calibration: {
      kind: "calibrated",
      n,
      date: date.toISOString(),
      items: rescaled,
      information: informationCurve(rescaled),
      iterations,
      converged,
    },
  };
}

/** Test information at IQ 55–145 (steps of 5) and the standard error in IQ points it implies. */
export function informationCurve(items: readonly ItemParameters[]): IqCalibration["information"] {
  return Array.from({ length: 19 }, (_, i) => {
    const theta = -3 + i / 3;
    const information = testInformation(items, theta);
    return { iq: Math.round(toIq(theta)), information, se: 15 / Math.sqrt(information) };
  });
}
