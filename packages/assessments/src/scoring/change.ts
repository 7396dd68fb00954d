/**
 * Change between two completed attempts of the same test, for the history: the headline change of
 * the attempt score plus a change per scale, each tested with the reliable-change index. The
 * standard errors are read from the stored resultData, so a stored result is self-contained.
 */
import type { InstrumentType } from "../types";
import { type ReliableChange, reliableChange } from "./measurement";

export interface StoredResult {
  score: number | null;
  resultData: unknown;
}

export interface ResultChange {
  /** change of the attempt score; null for personality, whose score (mean clarity) is not a level */
  headline: ReliableChange | null;
  /** per scale (iq: none) */
  scales: Record<string, ReliableChange>;
}

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" ? (v as Data) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function perScale(prev: Data, cur: Data, field: string): Record<string, ReliableChange> {
  const ps = obj(prev[field]);
  const cs = obj(cur[field]);
  const pe = obj(prev.standardErrors);
  const ce = obj(cur.standardErrors);
  const out: Record<string, ReliableChange> = {};
  for (const key of Object.keys(cs)) {
    const p = num(ps[key]);
    const c = num(cs[key]);
    const se1 = num(pe[key]);
    const se2 = num(ce[key]);
    if (p === null || c === null || se1 === null || se2 === null) continue;
    out[key] = reliableChange(p, c, { previousSe: se1, currentSe: se2 });
  }
  return out;
}

/**
 * null when either result predates the error model (no standard errors stored) — then the history
 * should show the plain difference without claiming it is or is not real.
 */
export function resultChange(type: InstrumentType | (string & {}), previous: StoredResult, current: StoredResult): ResultChange | null {
  const prev = obj(previous.resultData);
  const cur = obj(current.resultData);
  switch (type) {
    case "iq": {
      const pe = obj(prev.estimate);
      const ce = obj(cur.estimate);
      const p = num(pe.score);
      const c = num(ce.score);
      const se1 = num(pe.se);
      const se2 = num(ce.se);
      if (p === null || c === null || se1 === null || se2 === null) return null;
      return { headline: reliableChange(p, c, { previousSe: se1, currentSe: se2 }), scales: {} };
    }
    case "eq": {
      const se1 = num(prev.overallStandardError);
      const se2 = num(cur.overallStandardError);
      if (se1 === null || se2 === null || previous.score === null || current.score === null) return null;
      return {
        headline: reliableChange(previous.score, current.score, { previousSe: se1, currentSe: se2 }),
        scales: perScale(prev, cur, "categories"),
      };
    }
    case "leadership": {
      const scales = perScale(prev, cur, "styles");
      if (Object.keys(scales).length === 0 || previous.score === null || current.score === null) return null;
      // The score is the highest style; its error is that of a single style scale.
      const se = Math.max(...Object.values(obj(cur.standardErrors)).map((v) => num(v) ?? 0));
      return { headline: reliableChange(previous.score, current.score, { sem: se }), scales };
    }
    case "personality": {
      const scales = perScale(prev, cur, "balance");
      return Object.keys(scales).length === 0 ? null : { headline: null, scales };
    }
    default:
      return null;
  }
}
