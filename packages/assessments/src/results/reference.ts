/**
 * A reference point a client understands (issue 29): where a score sits among the people who took
 * the test here, as a percentile with its N. Browser-safe (no scoring): the API gathers the
 * reference scores, the views say them in words. See docs/decisions/0044.
 *
 * - The reference is each person's FIRST measured attempt (no straight-lining, careless or
 *   chance-level flag): a retake is practised and would count a person twice, and flagged answers
 *   are not scores.
 * - Levels only: IQ, EQ (overall and domains) and the leadership styles. Personality positions are
 *   preferences, not levels, and get no percentile.
 * - IQ scores are compared only with scores on the same norm (the provisional one, or the same
 *   calibration): the IQ scale moves when the test is recalibrated.
 * - Hidden below MIN_REFERENCE_PEOPLE.
 */
import { EQ_CATEGORIES, LEADERSHIP_STYLES } from "../labels";
import { invalidatingFlags, readResultData, type TypedResult } from "./index";

/**
 * The fewest people a percentile is shown from. The sampling error of a percentile from N people is
 * ±1.645·√(p(1 − p)/N) at 90%: ±8 percentile points at the median for N = 100 (±15 for N = 30, the
 * reliability minimum). Below 100 it would be no finer than the person's own 90% range already is
 * in percentile terms (a posterior SD of 0.3 is about ±20 percentile points near the median), so
 * saying "62 in 100" would claim a precision it does not have.
 */
export const MIN_REFERENCE_PEOPLE = 100;

/** The key of the EQ overall score and of the IQ estimate among the reference scales. */
export const OVERALL_KEY = "overall";
export const IQ_KEY = "iq";

export interface ResultReference {
  /** people whose first measured attempt forms the reference */
  n: number;
  /** per scale: the share of the reference scoring below, ties counted half, 1–99 */
  percentiles: Record<string, number>;
}

export interface StoredScore {
  score: number | null;
  resultData: unknown;
}

type TestType = TypedResult["type"];

/**
 * The scores of one result that take a percentile, and the group it is compared within ("" for all
 * but IQ, whose group is its norm). Null for a flagged result, a personality result, or a result an
 * earlier scorer stored.
 */
export function referenceScores(type: TestType, result: StoredScore): { group: string; scores: Record<string, number> } | null {
  if (invalidatingFlags(result.resultData).length > 0) return null;
  const typed = readResultData(type, result.resultData);
  if (!typed.data) return null;
  switch (typed.type) {
    case "iq": {
      const { score, norm } = typed.data!.estimate;
      return { group: `${norm.kind}:${norm.date ?? ""}`, scores: { [IQ_KEY]: score } };
    }
    case "eq": {
      const scores: Record<string, number> = Object.fromEntries(EQ_CATEGORIES.map((k) => [k, typed.data!.categories[k]]));
      if (result.score !== null) scores[OVERALL_KEY] = result.score;
      return { group: "", scores };
    }
    case "leadership":
      return { group: "", scores: Object.fromEntries(LEADERSHIP_STYLES.map((k) => [k, typed.data!.styles[k]])) };
    default:
      return null;
  }
}

/** Mid-rank percentile of `value` among `values`, as a whole number 1–99 (never "0" or "100" of a sample). */
export function percentileAmong(value: number, values: readonly number[]): number {
  if (values.length === 0) return 50;
  let below = 0;
  let ties = 0;
  for (const v of values) {
    if (v < value) below += 1;
    else if (v === value) ties += 1;
  }
  return Math.min(99, Math.max(1, Math.round(((below + ties / 2) / values.length) * 100)));
}

/**
 * The reference of one result among the first measured results of its test (the result's own
 * person included once, by their first measured attempt), or null when it takes none or fewer than
 * MIN_REFERENCE_PEOPLE people are comparable.
 */
export function resultReference(type: TestType, result: StoredScore, firstMeasured: readonly StoredScore[]): ResultReference | null {
  const own = referenceScores(type, result);
  if (!own) return null;
  const peers = firstMeasured.map((r) => referenceScores(type, r)).filter((r) => r !== null && r.group === own.group);
  if (peers.length < MIN_REFERENCE_PEOPLE) return null;
  const percentiles: Record<string, number> = {};
  for (const [key, value] of Object.entries(own.scores)) {
    const values = peers.map((p) => p!.scores[key]).filter((v): v is number => typeof v === "number");
    if (values.length >= MIN_REFERENCE_PEOPLE) percentiles[key] = percentileAmong(value, values);
  }
  return { n: peers.length, percentiles };
}

/** "higher than about 62 in 100 of the 240 people who took it here" */
export function referenceWords(percentile: number, n: number): string {
  return `higher than about ${percentile} in 100 of the ${n.toLocaleString("en-US")} people who took it here`;
}
