/** The shape of a seeded instrument. The database seed upserts tests by slug and questions by (test, order). */
export type InstrumentType = "personality" | "iq" | "eq" | "leadership";

/** How an item feeds the scorer. Stored as jsonb on the question and handed back to the scorer. */
export interface ItemScoring {
  /** personality axis (EI, SN, TF, JP), eq category or leadership style; absent for iq */
  scale?: string;
  /** personality: the pole slider value 1 points to; value 5 points to rightPole */
  leftPole?: string;
  rightPole?: string;
  /** eq / leadership: reverse-keyed item (scored as 6 - r); kept equal to `keying === -1` */
  reverse?: boolean;
  /**
   * Slider items: 1 when agreeing means more of the scale, -1 when it means its absence. For
   * personality, 1 means toward the axis's second pole (rightPole). Published by GET /api/tests/{id}/items.
   */
  keying?: 1 | -1;
  /**
   * Slider items: provisional graded-response parameters (discrimination a, four ordered category
   * thresholds on the population scale), replaced by calibration once enough people have answered.
   */
  grm?: {
    a: number;
    thresholds: [number, number, number, number];
    /** people the parameters were fitted to (irt/calibrate-grm.ts); absent while they are provisional */
    calibratedOn?: number;
  };
  /** iq only: item family (series, equation, matrix), used for the per-domain breakdown */
  domain?: string;
  /**
   * iq only: the provisional (assumed, not yet calibrated) discrimination a and difficulty b, with
   * the optional guessing floor c and slip ceiling d of a 4PL, on the scale of the general adult
   * population (mean 0, SD 1). See docs/decisions/0008.
   */
  irt?: { a: number; b: number; c?: number; d?: number };
}

export interface InstrumentQuestion {
  /**
   * Stable identity of the item across bank revisions ("leadership-coaching-07"): the seed upserts
   * questions by (test, key) and retires the ones a bank no longer holds, so old answers keep theirs.
   */
  key: string;
  order: number;
  text: string;
  type: "multiple-choice" | "slider";
  /** multiple-choice only */
  options?: string[];
  /** iq only: the exact text of the correct option */
  correctAnswer?: string;
  /** a local asset path, e.g. /assessments/iq2-matrix-001.svg */
  imageUrl?: string;
  scoring?: ItemScoring;
}

export interface Instrument {
  slug: string;
  title: string;
  description: string;
  type: InstrumentType;
  timeEstimate: number;
  questions: InstrumentQuestion[];
}
