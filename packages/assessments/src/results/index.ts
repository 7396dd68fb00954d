/**
 * The stored result of each test type as zod schemas, browser-safe (no scoring code): the API's
 * output, the result page, the PDF, the history and the coach's views all read `resultData` through
 * `readResultData`, so no view re-derives what the scorers decided (docs/decisions/0043).
 * The shapes mirror the scorers' `*ResultData` types; the type test in index.test.ts keeps them equal.
 */
import { z } from "zod";
import { EQ_CATEGORIES, LEADERSHIP_STYLES, type EqCategory, type LeadershipStyle } from "../labels";

const QUALITY_FLAGS = ["straight-lining", "incomplete", "chance-level", "ceiling", "floor", "careless"] as const;
const AXES = ["EI", "SN", "TF", "JP"] as const;
const POLES = ["E", "I", "S", "N", "T", "F", "J", "P"] as const;

/**
 * What a slider score's 50 stands for: the average of the people the items were calibrated on
 * (decision 57), or, on the provisional parameters, only the middle of a scale no real takers have
 * set yet (no population norm exists for these assessments).
 */
export function sliderFiftyMeans(calibratedOn: number | null | undefined): string {
  return calibratedOn
    ? `50 is the average of the ${calibratedOn.toLocaleString("en-US")} people who took this test here`
    : "50 is the middle of a provisional scale, not yet compared with people who took the test";
}

export const quality = z.object({ flags: z.array(z.enum(QUALITY_FLAGS)) });
export const interval = z.object({ low: z.number(), high: z.number() });
const probability = z.number().min(0).max(1);

function byKey<K extends string, S extends z.ZodType>(keys: readonly K[], value: S) {
  return z.object(Object.fromEntries(keys.map((k) => [k, value])) as Record<K, S>);
}

export const leadershipResultData = z.object({
  styles: byKey(LEADERSHIP_STYLES, z.number()),
  intervals: byKey(LEADERSHIP_STYLES, interval),
  standardErrors: byKey(LEADERSHIP_STYLES, z.number()),
  primary: z.enum(LEADERSHIP_STYLES).nullable(),
  highest: z.enum(LEADERSHIP_STYLES),
  blends: z.array(z.enum(LEADERSHIP_STYLES)),
  quality,
  probabilities: byKey(LEADERSHIP_STYLES, probability),
  lowProbabilities: byKey(LEADERSHIP_STYLES, probability),
  leastUsed: z.enum(LEADERSHIP_STYLES).nullable(),
  theta: byKey(LEADERSHIP_STYLES, z.number()),
  se: byKey(LEADERSHIP_STYLES, z.number()),
  personFit: z.number().nullable(),
  answered: z.number(),
  calibratedOn: z.number().optional(),
});

export const eqResultData = z.object({
  categories: byKey(EQ_CATEGORIES, z.number()),
  intervals: byKey(EQ_CATEGORIES, interval),
  standardErrors: byKey(EQ_CATEGORIES, z.number()),
  overallStandardError: z.number(),
  strongest: z.enum(EQ_CATEGORIES).nullable(),
  weakest: z.enum(EQ_CATEGORIES).nullable(),
  quality,
  overallInterval: interval,
  probabilities: byKey(EQ_CATEGORIES, probability),
  lowProbabilities: byKey(EQ_CATEGORIES, probability),
  theta: byKey(EQ_CATEGORIES, z.number()),
  se: byKey(EQ_CATEGORIES, z.number()),
  personFit: z.number().nullable(),
  answered: z.number(),
  calibratedOn: z.number().optional(),
});

export const personalityAxisResult = z.object({
  letter: z.enum(POLES),
  clarity: z.number(),
  tentative: z.boolean(),
  agreement: probability,
  probability,
});

export const personalityResultData = byKey(POLES, z.number()).extend({
  clarity: byKey(AXES, z.number()),
  balance: byKey(AXES, z.number()),
  standardErrors: byKey(AXES, z.number()),
  intervals: byKey(AXES, interval),
  tentative: z.array(z.enum(AXES)),
  axes: byKey(AXES, personalityAxisResult),
  letters: z.string(),
  typeCode: z.string(),
  quality,
  theta: byKey(AXES, z.number()),
  se: byKey(AXES, z.number()),
  personFit: z.number().nullable(),
  calibratedOn: z.number().optional(),
});

export const iqResultData = z.object({
  correctAnswers: z.number(),
  totalQuestions: z.number(),
  estimate: z.object({
    score: z.number(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    level: z.number(),
    ceiling: z.boolean(),
    floor: z.boolean(),
    se: z.number(),
    norm: z.object({ kind: z.enum(["provisional", "calibrated"]), n: z.number().nullable(), date: z.string().nullable() }),
    prior: z.object({ mean: z.number(), sd: z.number() }).optional(),
  }),
  standardError: z.number(),
  band: z.string(),
  domains: z
    .object({ series: z.object({ correct: z.number(), total: z.number() }).optional() })
    .catchall(z.object({ correct: z.number(), total: z.number() })),
  quality,
});

export type QualityFlag = (typeof QUALITY_FLAGS)[number];
export type LeadershipResult = z.infer<typeof leadershipResultData>;
export type EqResult = z.infer<typeof eqResultData>;
export type PersonalityResult = z.infer<typeof personalityResultData>;
export type IqResult = z.infer<typeof iqResultData>;

export const RESULT_DATA = {
  leadership: leadershipResultData,
  eq: eqResultData,
  personality: personalityResultData,
  iq: iqResultData,
} as const;

/** A result's data read by its test type; `data` is null for a result stored by an earlier scorer. */
export type TypedResult =
  | { type: "leadership"; data: LeadershipResult | null }
  | { type: "eq"; data: EqResult | null }
  | { type: "personality"; data: PersonalityResult | null }
  | { type: "iq"; data: IqResult | null };

export function readResultData(type: TypedResult["type"], data: unknown): TypedResult {
  const parsed = RESULT_DATA[type].safeParse(data);
  return { type, data: parsed.success ? parsed.data : null } as TypedResult;
}

/**
 * The validity flags that make a result not a measurement of the person: it names no verdict, is
 * never shown as a band such as "Below Average" and is never a baseline for change.
 */
export const INVALIDATING_FLAGS = ["straight-lining", "careless", "chance-level"] as const satisfies readonly QualityFlag[];
export type InvalidatingFlag = (typeof INVALIDATING_FLAGS)[number];

/** The invalidating flags a stored result carries (any stored shape; unknown shapes carry none). */
export function invalidatingFlags(data: unknown): InvalidatingFlag[] {
  const flags = (data as { quality?: { flags?: unknown } } | null)?.quality?.flags;
  return Array.isArray(flags) ? INVALIDATING_FLAGS.filter((f) => flags.includes(f)) : [];
}

export { EQ_CATEGORIES, LEADERSHIP_STYLES, type EqCategory, type LeadershipStyle };
export { EQ_ADVICE, LEADERSHIP_ADVICE, type Advice } from "./advice";
export { FIRM_PROBABILITY, VERDICT_PROBABILITY } from "../scoring/thresholds";
export { typicalLength } from "../adaptive/budget";

/**
 * A probability in words a client understands: "about 6 in 10" below 85%, then in hundredths, so
 * that near the naming thresholds (9 in 10, 89 in 100) an unnamed verdict's 0.87 does not read as
 * the 9 in 10 a named one needs, 0.97 is not rounded up to a certainty, and never 100 in 100.
 */
export function chanceInWords(p: number): string {
  if (p >= 0.995) return "more than 99 in 100";
  if (p >= 0.85) return `about ${Math.round(p * 100)} in 100`;
  if (p < 0.05) return "less than 1 in 10";
  return `about ${Math.round(p * 10)} in 10`;
}

/**
 * The chances of alternatives of which one is true (which style is the top), in chanceInWords' units
 * but rounded together, so the parts never add up to more than the whole: 0.45, 0.45 and 0.1 read
 * "about 4 in 10", "about 4 in 10" and "about 1 in 10", not 5, 5 and 1 (11 in 10). The part rounded up
 * the most gives way first (the less likely of two), equal chances together, so equal chances always
 * read the same and the order of the list changes nothing; each listed part keeps at least 1.
 */
export function chancesInWords(ps: readonly number[]): string[] {
  const per = ps.some((p) => p >= 0.85) ? 100 : 10;
  const exact = ps.map((p) => p * per);
  const shown = exact.map((x) => Math.max(1, Math.round(x)));
  const whole = Math.round(exact.reduce((s, x) => s + x, 0));
  const total = () => shown.reduce((s, n) => s + n, 0);
  while (total() > whole) {
    let give = -1;
    for (let i = 0; i < shown.length; i++) {
      if (shown[i]! <= 1) continue;
      const [up, upGive] = [shown[i]! - exact[i]!, give === -1 ? -Infinity : shown[give]! - exact[give]!];
      if (up > upGive || (up === upGive && exact[i]! < exact[give]!)) give = i;
    }
    if (give === -1) break;
    const [value, chance] = [shown[give]!, exact[give]!];
    for (let i = 0; i < shown.length; i++) if (shown[i] === value && exact[i] === chance) shown[i]! -= 1;
  }
  return ps.map((p, i) => (p >= 0.995 ? chanceInWords(p) : per === 10 && p < 0.05 ? chanceInWords(p) : `about ${shown[i]} in ${per}`));
}

/** What a listed result says in place of its verdict or band when it is not a measurement. */
export const NOT_A_MEASUREMENT = "Not a measurement";
export const FLAG_REASONS: Record<InvalidatingFlag, string> = {
  "straight-lining": "almost all answers were the same",
  careless: "the answers look unread or too fast to have been read",
  "chance-level": "the correct answers are within what guessing gives",
};

/** "Not a measurement: almost all answers were the same", or null for a measured result. */
export function notAMeasurement(data: unknown): string | null {
  const flags = invalidatingFlags(data);
  return flags.length === 0 ? null : `${NOT_A_MEASUREMENT}: ${flags.map((f) => FLAG_REASONS[f]).join("; ")}`;
}
