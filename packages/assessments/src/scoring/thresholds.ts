/**
 * The probability levels at which a verdict is named, shared by the scorers and the adaptive
 * engine (which stops once they are reached). Both were set by simulation: docs/decisions/0039
 * gives the measured retake agreement and true-top rates at these values.
 */

/** Leadership/EQ: a top or bottom scale is named when P(it is the true top) reaches this. */
export const VERDICT_PROBABILITY = 0.9;
/**
 * Personality: a letter is firm when P(the true preference is on that side) reaches this. 0.89, not
 * 0.9, since retakes ask the whole bank (decision 0045): firm letters repeat on a retake ≥ 95% at
 * it, and at 0.9 the worst seed gave 3.08 firm letters of 4 (the aim is 3.1).
 */
export const FIRM_PROBABILITY = 0.89;
