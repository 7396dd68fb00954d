/**
 * The shapes of a result's reading and the words shared by every test type's reading (see
 * result-view.ts): validity flags in plain words, "Not a measurement", the debrief link.
 */
import { NOT_A_MEASUREMENT, type QualityFlag } from "@coach/assessments/results";

/** One scale drawn as a bar with its 90% interval as an error bar. */
export interface ScaleRow {
  key: string;
  label: string;
  value: number;
  low: number;
  high: number;
  /** the bar's full length */
  max: number;
  /** short figure next to the label, e.g. "50/100 · 90% range 35–65" */
  detail: string;
  /** the accessible name of the bar: label first, then the figures in words */
  aria: string;
  /** a line under the bar (personality: the letter and the probability it is the true preference) */
  note?: string;
}

/**
 * One length for every bar of a result, so bars compare: the longest track or whisker. (Leadership's
 * tracks end at the highest style, as the spec asks; a whisker may reach past it.)
 */
export function barScale(rows: readonly ScaleRow[]): number {
  return Math.max(1, ...rows.map((row) => Math.max(row.max, row.high)));
}

/** The IQ estimate on its 55–145 strip. */
export interface IqStrip {
  score: number;
  low: number | null;
  high: number | null;
  aria: string;
}

/** A named verdict with what to do about it. */
export interface ActionItem {
  title: string;
  text: string;
}

export interface ResultView {
  /** "Your type", "Estimated score", "Primary style", "Strongest domain" */
  headlineLabel: string;
  headline: string;
  /** a line under the headline (the IQ band, the EQ overall score) */
  subline: string | null;
  /** the verdicts in words, exactly as far as the data carry them */
  verdicts: string[];
  /** what to do about each named strongest / least-used style or domain */
  actions: ActionItem[];
  scales: ScaleRow[];
  iq: IqStrip | null;
  /** facts about the result (correct answers, band description) */
  facts: { label: string; value: string }[];
  /** validity and quality flags in plain words */
  quality: string[];
  /** true when a flag makes the result not a measurement (no verdict, no band, no baseline) */
  invalid: boolean;
  /** what the scale is compared with (IQ) or what the intervals mean (sliders) */
  normNote: string;
}

/** Where every result offers a debrief with the coach. */
export const DEBRIEF_PATH = "/appointments?type=consultation";
export { NOT_A_MEASUREMENT };

/** "a", "a and b", "a, b and c" */
export function joinWords(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

export const QUALITY_WORDS: Record<QualityFlag, string> = {
  "straight-lining":
    "Not a measurement: almost all of the answers were the same point on the scale. Such a pattern cannot show differences between scales, so no verdict is given.",
  careless:
    "Not a measurement: the answers did not follow a consistent pattern (as when statements are answered without being read, or faster than they can be read), so no verdict is given.",
  "chance-level":
    "Not a measurement: the number of correct answers is within what guessing alone produces, so this result is not a measurement of reasoning ability.",
  ceiling: "Almost every question was answered correctly: the test cannot tell how far above this level the ability lies.",
  floor:
    "The number of correct answers is at or below what guessing gives: the test cannot tell how far below this level the ability lies.",
  incomplete: "Some questions were left unanswered; the result rests on the answered ones.",
};

export const qualityWords = (flags: readonly QualityFlag[]): string[] => flags.map((f) => QUALITY_WORDS[f]);
