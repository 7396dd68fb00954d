/** The shape of a seeded instrument. The database seed upserts tests by slug and questions by (test, order). */
export type InstrumentType = "personality" | "iq" | "eq" | "leadership";

/** How an item feeds the scorer. Stored as jsonb on the question and handed back to the scorer. */
export interface ItemScoring {
  /** personality axis (EI, SN, TF, JP), eq category or leadership style; absent for iq */
  scale?: string;
  /** personality: the pole slider value 1 points to; value 5 points to rightPole */
  leftPole?: string;
  rightPole?: string;
  /** eq / leadership: reverse-keyed item (scored as 6 - r) */
  reverse?: boolean;
  /** iq only: item family (series, verbal, deduction, matrix), used for the per-domain breakdown */
  domain?: string;
  /**
   * iq only: the provisional (assumed, not yet calibrated) 3PL discrimination a and difficulty b,
   * on the scale of the general adult population (mean 0, SD 1). See docs/decisions/0008.
   */
  irt?: { a: number; b: number };
}

export interface InstrumentQuestion {
  order: number;
  text: string;
  type: "multiple-choice" | "slider";
  /** multiple-choice only */
  options?: string[];
  /** iq only: the exact text of the correct option */
  correctAnswer?: string;
  /** a local asset path, e.g. /assessments/iq-matrix-1.svg */
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
