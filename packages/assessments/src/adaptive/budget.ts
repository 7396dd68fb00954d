/**
 * How many items an attempt may take, from the time budget of each test (docs/decisions/0038):
 * slider items take about 7 s each and reasoning items about 50 s, after a minute of instructions.
 * Also the content-balancing minimum per scale and the stopping levels.
 */
import type { InstrumentType } from "../types";

export const MINUTES: Record<InstrumentType, number> = { personality: 15, eq: 15, leadership: 12, iq: 20 };
export const SECONDS_PER_ITEM: Record<InstrumentType, number> = { personality: 7, eq: 7, leadership: 7, iq: 50 };
const INSTRUCTIONS_SECONDS = 60;

/** The most items an attempt of this type asks. */
export function itemBudget(type: InstrumentType): number {
  return Math.floor((MINUTES[type] * 60 - INSTRUCTIONS_SECONDS) / SECONDS_PER_ITEM[type]);
}

/** Every scale gets at least this many items before the engine concentrates where the verdict is open. */
export const MIN_PER_SCALE: Record<Exclude<InstrumentType, "iq">, number> = { personality: 8, eq: 6, leadership: 6 };

/**
 * Stop asking once the verdict the person will be shown has at least this probability: a little
 * above the naming thresholds (VERDICT_PROBABILITY, FIRM_PROBABILITY), so a verdict that just
 * crossed one does not stop on a lucky answer.
 */
export const STOP_PROBABILITY = 0.95;
/** IQ: stop once the posterior SD is at most this (θ units; 0.3 = 4.5 IQ points) after IQ_MIN_ITEMS. */
export const IQ_STOP_SE = 0.3;
export const IQ_MIN_ITEMS = 12;
/**
 * Every reasoning family (matrices, series, equations) is asked at least this often, so a score rests
 * on all three kinds of reasoning; beyond it the most informative item is asked, whatever its family
 * (decision 0060: taking families in turn cost about 0.35 IQ points of error).
 */
export const IQ_MIN_PER_FAMILY = 4;

/**
 * The share of the budget an adaptive attempt takes on average, measured by the simulation
 * (docs/decisions/0039); "Question N of about M" uses it so M is a fair estimate, not the maximum.
 */
export const TYPICAL_SHARE: Record<InstrumentType, number> = { personality: 0.71, eq: 0.69, leadership: 0.83, iq: 1 };

/**
 * How many questions an attempt of `type` typically asks from a bank of `bankSize` administrable
 * items: the intro's "about M" and the first estimate of "Question N of about M".
 */
export function typicalLength(type: InstrumentType, bankSize: number): number {
  return Math.max(1, Math.round(Math.min(itemBudget(type), bankSize) * TYPICAL_SHARE[type]));
}
