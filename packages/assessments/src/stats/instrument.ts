/**
 * From stored answers to the figures the coach sees and the scorers can use: keyed item matrices
 * per scale, reliability with its interval, item statistics, and data-based scale norms.
 * Pass one answer set per person (their latest completed attempt) so retakes do not count twice.
 */
import { PERSONALITY_AXES } from "../labels";
import { type AnswerMap, type ScorableQuestion, answerFor, parseSlider } from "../scoring/common";
import { keyedIqItems } from "../scoring/iq";
import type { ScaleNorm } from "../scoring/measurement";
import type { ScaleNorms } from "../scoring/norms";
import type { InstrumentType } from "../types";
import {
  type ItemStatistic,
  MIN_RESPONDENTS_FOR_RELIABILITY,
  type ReliabilityEstimate,
  cronbachAlpha,
  itemStatistics,
  kr20,
} from "./reliability";

/** The IQ test is one scale. */
export const IQ_SCALE = "total";

export interface ScaleMatrix {
  scale: string;
  /** question ids, in column order */
  questionIds: (number | string)[];
  /** complete cases only, keyed: sliders 1-5 toward the scale (personality: toward its first pole), iq 0/1 */
  rows: number[][];
}

/** Slider item keyed toward its scale: reverse items flipped; personality items toward the axis's first pole. */
function keyedSlider(q: ScorableQuestion, r: number): number {
  const axis = PERSONALITY_AXES.find((a) => a.key === q.scoring?.scale);
  if (axis) return q.scoring?.rightPole === axis.first ? r : 6 - r;
  return q.scoring?.reverse ? 6 - r : r;
}

export function scaleMatrices(
  type: InstrumentType | (string & {}),
  questions: readonly ScorableQuestion[],
  answerSets: readonly AnswerMap[],
): ScaleMatrix[] {
  if (type === "iq") {
    const items = keyedIqItems(questions);
    return [
      {
        scale: IQ_SCALE,
        questionIds: items.map((it) => it.question.id),
        rows: answerSets.map((a) => items.map((it) => (answerFor(a, it.question.id) === it.question.correctAnswer ? 1 : 0))),
      },
    ];
  }
  const byScale = new Map<string, ScorableQuestion[]>();
  for (const q of questions) {
    if (q.type !== "slider" || !q.scoring?.scale) continue;
    byScale.set(q.scoring.scale, [...(byScale.get(q.scoring.scale) ?? []), q]);
  }
  return [...byScale].map(([scale, items]) => {
    const rows: number[][] = [];
    for (const answers of answerSets) {
      const row = items.map((q) => {
        const r = parseSlider(answerFor(answers, q.id));
        return r === null ? null : keyedSlider(q, r);
      });
      if (row.every((v): v is number => v !== null)) rows.push(row);
    }
    return { scale, questionIds: items.map((q) => q.id), rows };
  });
}

export interface ScaleStatistics {
  scale: string;
  items: number;
  /** people with every item of the scale answered */
  n: number;
  /** alpha (KR-20 for iq) with a 90% Feldt interval, or null with the reason and the minimum n */
  reliability: ReliabilityEstimate;
  /** per item, in question order; empty below the minimum n */
  itemStatistics: (ItemStatistic & { questionId: number | string })[];
}

/** Reliability and item statistics per scale, for the coach's analytics. */
export function instrumentStatistics(
  type: InstrumentType | (string & {}),
  questions: readonly ScorableQuestion[],
  answerSets: readonly AnswerMap[],
): ScaleStatistics[] {
  const dichotomous = type === "iq";
  return scaleMatrices(type, questions, answerSets).map(({ scale, questionIds, rows }) => ({
    scale,
    items: questionIds.length,
    n: rows.length,
    reliability: dichotomous ? kr20(rows) : cronbachAlpha(rows),
    itemStatistics: itemStatistics(rows, dichotomous).map((s) => ({ ...s, questionId: questionIds[s.index]! })),
  }));
}

/** The score a scorer reports from a keyed row: 0-100 for eq/leadership, −100…100 balance for personality. */
function scaleScore(type: string, row: readonly number[]): number {
  const mean = row.reduce((s, v) => s + v, 0) / row.length;
  return type === "personality" ? ((mean - 3) / 2) * 100 : ((mean - 1) / 4) * 100;
}

/**
 * Reliability and SD per slider scale computed from the answers, for the scorers' `norms` option.
 * Scales with fewer than MIN_RESPONDENTS_FOR_RELIABILITY complete answer sets (or no usable alpha)
 * are left out, so the scorer falls back to the provisional figure for them.
 */
export function scaleNormsFromData(
  type: "eq" | "leadership" | "personality",
  questions: readonly ScorableQuestion[],
  answerSets: readonly AnswerMap[],
): ScaleNorms {
  const out: Record<string, ScaleNorm> = {};
  for (const { scale, rows } of scaleMatrices(type, questions, answerSets)) {
    const rel = cronbachAlpha(rows);
    if (rel.alpha === null || rows.length < MIN_RESPONDENTS_FOR_RELIABILITY || rel.alpha <= 0) continue;
    const scores = rows.map((r) => scaleScore(type, r));
    const mean = scores.reduce((s, v) => s + v, 0) / scores.length;
    const sd = Math.sqrt(scores.reduce((s, v) => s + (v - mean) ** 2, 0) / (scores.length - 1));
    out[scale] = { reliability: rel.alpha, sd, mean: type === "personality" ? mean : undefined, source: "data", n: rows.length };
  }
  return out;
}
