/** The shape of a seeded instrument. The database seed upserts tests by slug and questions by (test, order). */
export type InstrumentType = "personality" | "iq" | "eq" | "leadership";

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
  scoring?: { scale?: string; leftPole?: string; rightPole?: string; reverse?: boolean };
}

export interface Instrument {
  slug: string;
  title: string;
  description: string;
  type: InstrumentType;
  timeEstimate: number;
  questions: InstrumentQuestion[];
}
