/**
 * Change between two completed attempts of the same test, for the history (docs/decisions/0037):
 * a reliable-change test per scale and, where the test has one, for its headline score.
 *
 * For IRT results (they store θ and its posterior SD per scale) the test statistic is the difference
 * of the two unshrunk EAPs (EAP/ρ, ρ = 1 − posterior variance) over the SD that difference has for an
 * unchanged person, SE_diff = √((1 − ρ₁)/ρ₁ + (1 − ρ₂)/ρ₂): attempts of unequal length are compared
 * without the shorter one's stronger pull toward the mean (decision 0045).
 * When several scales are tested together (personality axes, EQ domains, leadership styles) the
 * level is Bonferroni-corrected so that "some scale changed" is a false alarm ≤ 5% of the time.
 * Older results (no θ stored) keep the classical Jacobson–Truax index on their stored errors.
 */
import type { InstrumentType } from "../types";
import { type ReliableChange, RELIABLE_CHANGE_Z, reliableChange } from "./measurement";
import { phiInverse } from "../stats/distributions";
import { type NormalPrior, STANDARD_NORMAL } from "../irt/model";

export interface StoredResult {
  score: number | null;
  resultData: unknown;
}

export interface ResultChange {
  /** change of the headline score; null for personality and leadership, which have none */
  headline: ReliableChange | null;
  /** per scale (iq: none) */
  scales: Record<string, ReliableChange>;
}

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" ? (v as Data) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The prior an IQ estimate was made under; results from before decision 56 carry none: Normal(0, 1). */
function iqPrior(stored: unknown): NormalPrior {
  const p = obj(stored);
  const [mean, sd] = [num(p.mean), num(p.sd)];
  return mean !== null && sd !== null && sd > 0 ? { mean, sd } : STANDARD_NORMAL;
}

/** Family-wise 5%: the two-sided z for each of `tests` comparisons. */
export const familyZ = (tests: number) => phiInverse(1 - 0.05 / (2 * Math.max(1, tests)));

/**
 * Widening of the model's spread for what it does not know (response styles, errors in the item
 * parameters, attempts of different lengths): without it unchanged people were flagged 6–8% of the
 * time in the simulation; set there per test (docs/decisions/0039, 0045). The EQ overall's is the
 * largest: its domains share the person's response style, so their errors are not independent.
 */
export const CHANGE_SD_FACTOR = { eq: 1.1, eqOverall: 1.2, leadership: 1.15, personality: 1.15, iq: 1.2 } as const;

/**
 * An EAP "unshrunk": an EAP with posterior variance 1 − ρ is about ρθ + noise of variance ρ(1 − ρ),
 * so EAP/ρ is about θ + noise of variance (1 − ρ)/ρ. Two attempts of unequal precision (an adaptive
 * attempt and a longer retake) shrink by different amounts, and their plain EAP difference would
 * then move for an unchanged person far from the mean (decision 0045). For equal precision the test
 * is the same as on the EAP difference.
 */
const unshrunk = (theta: number, se: number, prior: NormalPrior = STANDARD_NORMAL) => {
  // Under a Normal(μ, σ²) prior the EAP is about μ + ρ(θ − μ) + noise, ρ = 1 − SE²/σ² (σ = 1: the above).
  const rho = Math.min(0.999, Math.max(0.001, 1 - (se / prior.sd) ** 2));
  return { estimate: prior.mean + (theta - prior.mean) / rho, variance: (se * se) / rho };
};

/**
 * Change of one IRT scale: `scale` converts θ to the shown units (15 for 0–100, −40 for the balance);
 * `priors` are those each estimate was made under (IQ: scoring/iq.ts IQ_PRIOR).
 */
export function irtChange(
  thetas: [number, number],
  ses: [number, number],
  z: number,
  scale: number,
  factor: number,
  priors: [NormalPrior, NormalPrior] = [STANDARD_NORMAL, STANDARD_NORMAL],
): ReliableChange {
  const [a, b] = [unshrunk(thetas[0], ses[0], priors[0]), unshrunk(thetas[1], ses[1], priors[1])];
  const seDiff = factor * Math.sqrt(a.variance + b.variance);
  const d = b.estimate - a.estimate;
  const rci = seDiff > 0 ? d / seDiff : d === 0 ? 0 : Math.sign(d) * Number.POSITIVE_INFINITY;
  return { delta: Math.round((thetas[1] - thetas[0]) * scale * 10) / 10, rci, reliable: Math.abs(rci) > z };
}

function perScale(prev: Data, cur: Data, field: string, scale: number, factor: number): Record<string, ReliableChange> {
  const out: Record<string, ReliableChange> = {};
  const [pt, ct, ps, cs] = [obj(prev.theta), obj(cur.theta), obj(prev.se), obj(cur.se)];
  const irtKeys = Object.keys(ct).filter((k) => [pt[k], ct[k], ps[k], cs[k]].every((v) => num(v) !== null));
  if (irtKeys.length > 0) {
    const z = familyZ(irtKeys.length);
    const [shownPrev, shownCur] = [obj(prev[field]), obj(cur[field])];
    for (const k of irtKeys) {
      const change = irtChange([num(pt[k])!, num(ct[k])!], [num(ps[k])!, num(cs[k])!], z, scale, factor);
      // The delta the history shows is the difference of the shown (rounded) scores.
      const [a, b] = [num(shownPrev[k]), num(shownCur[k])];
      out[k] = a !== null && b !== null ? { ...change, delta: b - a } : change;
    }
    return out;
  }
  const [pv, cv, pe, ce] = [obj(prev[field]), obj(cur[field]), obj(prev.standardErrors), obj(cur.standardErrors)];
  for (const key of Object.keys(cv)) {
    const [p, c, se1, se2] = [num(pv[key]), num(cv[key]), num(pe[key]), num(ce[key])];
    if (p === null || c === null || se1 === null || se2 === null) continue;
    out[key] = reliableChange(p, c, { previousSe: se1, currentSe: se2 });
  }
  return out;
}

/**
 * null when either result predates the error model (no standard errors stored): the history then
 * shows the plain difference without claiming it is or is not real. Results must be on the same
 * calibration (IQ: rescore the older attempt on the current one before comparing).
 */
export function resultChange(type: InstrumentType | (string & {}), previous: StoredResult, current: StoredResult): ResultChange | null {
  const prev = obj(previous.resultData);
  const cur = obj(current.resultData);
  switch (type) {
    case "iq": {
      const [pe, ce] = [obj(prev.estimate), obj(cur.estimate)];
      const [p, c, se1, se2] = [num(pe.score), num(ce.score), num(pe.se), num(ce.se)];
      if (p === null || c === null || se1 === null || se2 === null) return null;
      const priors = [pe, ce].map((e) => iqPrior(e.prior)) as [NormalPrior, NormalPrior];
      const irt = irtChange([(p - 100) / 15, (c - 100) / 15], [se1 / 15, se2 / 15], RELIABLE_CHANGE_Z, 15, CHANGE_SD_FACTOR.iq, priors);
      return { headline: { ...irt, delta: c - p }, scales: {} };
    }
    case "eq": {
      const scales = perScale(prev, cur, "categories", 15, CHANGE_SD_FACTOR.eq);
      const [pt, ct, ps, cs] = [obj(prev.theta), obj(cur.theta), obj(prev.se), obj(cur.se)];
      const keys = Object.keys(ct);
      if (keys.length > 0 && keys.every((k) => [pt[k], ct[k], ps[k], cs[k]].every((v) => num(v) !== null))) {
        // The overall is the mean of the domains: compared on the unshrunk domain estimates, whose
        // variances add up (divided by k²) per attempt.
        const parts = (t: Data, se: Data) => keys.map((k) => unshrunk(num(t[k])!, num(se[k])!));
        const mean = (u: ReturnType<typeof parts>) => u.reduce((s, x) => s + x.estimate, 0) / keys.length;
        const variance = (u: ReturnType<typeof parts>) => u.reduce((s, x) => s + x.variance, 0) / keys.length ** 2;
        const [before, after] = [parts(pt, ps), parts(ct, cs)];
        const seDiff = CHANGE_SD_FACTOR.eqOverall * Math.sqrt(variance(before) + variance(after));
        const diff = mean(after) - mean(before);
        const rci = seDiff > 0 ? diff / seDiff : 0;
        const delta = (current.score ?? 0) - (previous.score ?? 0);
        return { headline: { delta, rci, reliable: Math.abs(rci) > RELIABLE_CHANGE_Z }, scales };
      }
      const se1 = num(prev.overallStandardError);
      const se2 = num(cur.overallStandardError);
      if (se1 === null || se2 === null || previous.score === null || current.score === null) return null;
      return { headline: reliableChange(previous.score, current.score, { previousSe: se1, currentSe: se2 }), scales };
    }
    case "leadership": {
      // No headline: the single "leadership score" (the highest style) is not a level to track.
      const scales = perScale(prev, cur, "styles", 15, CHANGE_SD_FACTOR.leadership);
      return Object.keys(scales).length === 0 ? null : { headline: null, scales };
    }
    case "personality": {
      const scales = perScale(prev, cur, "balance", -40, CHANGE_SD_FACTOR.personality);
      return Object.keys(scales).length === 0 ? null : { headline: null, scales };
    }
    default:
      return null;
  }
}
