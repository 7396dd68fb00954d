/** Shared input and output shapes for the scorers, and the slider arithmetic they all use. */
import { SELF_REFLECTION_NOTE } from "../labels";
import type { ItemScoring } from "../types";

/** A stored question as the API loads it (nullable columns allowed). */
export interface ScorableQuestion {
  id: number | string;
  type: string;
  options?: readonly string[] | null;
  correctAnswer?: string | null;
  scoring?: ItemScoring | null;
}

/** questionId → answer string, as a Map or a plain object keyed by id. */
export type AnswerMap = ReadonlyMap<number | string, string> | Readonly<Record<string, string>>;

/** "careless": person fit or answer times say the answers were not read (slider tests, docs/decisions/0037). */
export type QualityFlag = "straight-lining" | "incomplete" | "chance-level" | "ceiling" | "floor" | "careless";

export interface Quality {
  flags: QualityFlag[];
}

export interface ScoreResult<D extends object = object> {
  score: number;
  resultType: string;
  resultSummary: string;
  resultData: D;
}

function isMap(answers: AnswerMap): answers is ReadonlyMap<number | string, string> {
  return typeof (answers as ReadonlyMap<unknown, unknown>).get === "function";
}

/** Looks an answer up by id, tolerating number/string key mismatches (JSON turns keys into strings). */
export function answerFor(answers: AnswerMap, id: number | string): string | undefined {
  if (isMap(answers)) {
    const direct = answers.get(id) ?? answers.get(String(id));
    if (direct !== undefined) return direct;
    const numeric = Number(id);
    return Number.isInteger(numeric) ? answers.get(numeric) : undefined;
  }
  const key = String(id);
  return Object.hasOwn(answers, key) ? answers[key] : undefined;
}

/** A slider answer is the string "1".."5"; anything else is treated as unanswered. */
export function parseSlider(answer: string | undefined): number | null {
  return typeof answer === "string" && /^[1-5]$/.test(answer) ? Number(answer) : null;
}

/** Maps a mean on the 1-5 slider onto 0-100 (1 → 0, 3 → 50, 5 → 100). */
export function meanToPercent(mean: number): number {
  return ((mean - 1) / 4) * 100;
}

/**
 * 0-100 score per scale from slider items, reverse-keyed items counted as 6 - r, rounded to integers
 * because that is what the UI shows and what blends/strongest are decided on. Unanswered or invalid
 * answers are skipped; a scale with nothing answered scores 0.
 */
export function scaleScores<K extends string>(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  keys: readonly K[],
): Record<K, number> {
  const raw = rawScaleScores(questions, answers, keys);
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = Number.isNaN(raw[k]) ? 0 : Math.round(raw[k]);
  return out;
}

/** Unrounded 0-100 scale means (same keying as scaleScores); NaN marks a scale with no answers. */
export function rawScaleScores<K extends string>(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  keys: readonly K[],
): Record<K, number> {
  const sums = new Map<string, { total: number; n: number }>(keys.map((k) => [k, { total: 0, n: 0 }]));
  for (const q of questions) {
    const acc = q.scoring?.scale ? sums.get(q.scoring.scale) : undefined;
    const r = parseSlider(answerFor(answers, q.id));
    if (!acc || r === null) continue;
    acc.total += q.scoring?.reverse ? 6 - r : r;
    acc.n += 1;
  }
  const out = {} as Record<K, number>;
  for (const k of keys) {
    const acc = sums.get(k);
    out[k] = acc && acc.n > 0 ? meanToPercent(acc.total / acc.n) : Number.NaN;
  }
  return out;
}

/**
 * The same answer (or almost only the same answer) to every slider item says nothing about the
 * content; half the keyed items contradict the other half. Flagged when one value covers at least
 * this share of the answers.
 */
export const FLAT_PATTERN_SHARE = 0.9;

/** Quality flags of a slider attempt: straight-lining (flat pattern) and incomplete answers. */
export function sliderQuality(questions: readonly ScorableQuestion[], answers: AnswerMap): Quality {
  const sliders = questions.filter((q) => q.type === "slider" && q.scoring?.scale);
  const values = sliders.map((q) => parseSlider(answerFor(answers, q.id))).filter((r): r is number => r !== null);
  const flags: QualityFlag[] = [];
  const counts = [0, 0, 0, 0, 0, 0];
  for (const r of values) counts[r]! += 1;
  if (values.length > 0 && Math.max(...counts) >= FLAT_PATTERN_SHARE * values.length) flags.push("straight-lining");
  if (values.length < sliders.length) flags.push("incomplete");
  return { flags };
}

/** Keys from highest to lowest score; ties keep the canonical order of `keys`, so results are stable. */
export function rankByScore<K extends string>(scores: Record<K, number>, keys: readonly K[]): K[] {
  return [...keys].sort((a, b) => scores[b] - scores[a]);
}

/** Joins summary sentences and closes with the self-reflection line every summary must end with. */
export function summary(lines: readonly string[]): string {
  return [...lines, SELF_REFLECTION_NOTE].join("\n");
}

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** "a", "a and b", "a, b and c" */
export function joinWords(parts: readonly string[], conjunction: "and" | "or" = "and"): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} ${conjunction} ${parts.at(-1)}`;
}
