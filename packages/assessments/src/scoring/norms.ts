/**
 * Provisional scale norms: assumed reliabilities and between-person SDs, used until the caller
 * passes figures computed from the items' own data (scaleNormsFromData). The assumptions are the
 * usual range for short self-report scales and are deliberately not flattering:
 * - a six-item 1–5 scale reported on 0–100: SD 15, alpha .65 → SEM ≈ 8.9 points;
 * - an eleven/twelve-item personality axis reported as a signed balance on −100…100: SD 30,
 *   alpha .75 → SEM 15; the population is assumed centred on the cut point (mean 0);
 * - the EQ overall score (mean of five domains): SD 12, alpha .85 → SEM ≈ 4.6.
 */
import { EQ_CATEGORIES, LEADERSHIP_STYLES, PERSONALITY_AXES } from "../labels";
import type { ScaleNorm } from "./measurement";

const shortScale: ScaleNorm = { reliability: 0.65, sd: 15, source: "provisional" };
const personalityAxis: ScaleNorm = { reliability: 0.75, sd: 30, mean: 0, source: "provisional" };

export const EQ_OVERALL = "overall";

export const PROVISIONAL_NORMS = {
  eq: {
    ...Object.fromEntries(EQ_CATEGORIES.map((c) => [c, shortScale])),
    [EQ_OVERALL]: { reliability: 0.85, sd: 12, source: "provisional" },
  } as Record<string, ScaleNorm>,
  leadership: Object.fromEntries(LEADERSHIP_STYLES.map((s) => [s, shortScale])) as Record<string, ScaleNorm>,
  personality: Object.fromEntries(PERSONALITY_AXES.map((a) => [a.key, personalityAxis])) as Record<string, ScaleNorm>,
} as const;

/** Scale key → norm; anything the caller leaves out falls back to the provisional figure. */
export type ScaleNorms = Readonly<Partial<Record<string, ScaleNorm>>>;

export function normFor(type: keyof typeof PROVISIONAL_NORMS, scale: string, overrides?: ScaleNorms): ScaleNorm {
  const norm = overrides?.[scale] ?? PROVISIONAL_NORMS[type][scale];
  if (!norm) throw new Error(`No norm for ${type} scale ${scale}`);
  return norm;
}
