/**
 * Turns per-scale item lists into the ordered questions of a slider instrument: stable keys
 * ("eq-empathy-07", numbered within the scale in the order written), scales interleaved so no
 * scale is answered in a long run, order numbers consecutive from 1.
 */
import type { InstrumentQuestion, ItemScoring } from "../types";
import { provisionalGrm } from "./grm";

export interface WrittenItem {
  text: string;
  keying: 1 | -1;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

export function itemKey(instrument: string, scale: string, index: number): string {
  return `${instrument}-${scale}-${pad2(index + 1)}`;
}

/**
 * @param extra scale-specific scoring fields (personality poles, `reverse`), merged into scoring
 * @param desirability see GrmInput: how much easier than typical the item is to agree with
 */
export function interleaveSliderItems<S extends string>(
  instrument: string,
  scales: readonly S[],
  items: Record<S, readonly WrittenItem[]>,
  extra: (scale: S, item: WrittenItem) => Partial<ItemScoring>,
  desirability: (scale: S, item: WrittenItem) => number,
): InstrumentQuestion[] {
  const questions: InstrumentQuestion[] = [];
  const longest = Math.max(...scales.map((s) => items[s].length));
  for (let i = 0; i < longest; i++) {
    for (const scale of scales) {
      const item = items[scale][i];
      if (!item) continue;
      questions.push({
        key: itemKey(instrument, scale, i),
        order: questions.length + 1,
        text: item.text,
        type: "slider",
        scoring: {
          scale,
          ...extra(scale, item),
          keying: item.keying,
          grm: provisionalGrm({ text: item.text, keying: item.keying, desirability: desirability(scale, item) }),
        },
      });
    }
  }
  return questions;
}

/** Alternates two lists (a0, b0, a1, b1, …) so keying flips from one item of a scale to the next. */
export function alternate<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== undefined) out.push(a[i]!);
    if (b[i] !== undefined) out.push(b[i]!);
  }
  return out;
}

/**
 * Places reversed items among the forward ones (two forward, one reversed, …) so a scale never
 * runs in one direction for long; keying follows the list each item came from.
 */
export function weave(forward: readonly string[], reversed: readonly string[]): WrittenItem[] {
  const out: WrittenItem[] = [];
  let f = 0;
  let r = 0;
  while (f < forward.length || r < reversed.length) {
    for (let k = 0; k < 2 && f < forward.length; k++) out.push({ text: forward[f++]!, keying: 1 });
    if (r < reversed.length) out.push({ text: reversed[r++]!, keying: -1 });
  }
  return out;
}
