/**
 * Generated number-series items. Difficulty comes from the order of the rule (a constant step is
 * seen at once; steps that themselves change, two series interleaved, two operations taking
 * turns or each term built from the three before it take longer) and from the size of the numbers.
 * Every series is kept only when the independent solver finds a single next term (series-solve.ts).
 */
import { OPTION_LETTERS } from "../figures/matrices";
import { type Rand, pick, randInt, shuffle } from "../figures/random";

/** Every reasoning item offers as many options as a matrix figure: the key and these wrong ones. */
const DISTRACTORS = OPTION_LETTERS.length - 1;
import { uniqueNext } from "./series-solve";

export type SeriesRule =
  | "arithmetic"
  | "geometric"
  | "quadratic"
  | "fibonacci"
  | "interleaved"
  | "affine"
  | "alternating"
  | "growing-steps"
  | "sum-of-three"
  | "cubic";

/** Provisional difficulty (θ) of each rule family before the size-of-numbers adjustment. */
export const SERIES_BASE_B: Record<SeriesRule, number> = {
  arithmetic: -0.9,
  geometric: -0.2,
  quadratic: 0.8,
  fibonacci: 1.0,
  interleaved: 1.2,
  affine: 1.7,
  alternating: 2.0,
  "growing-steps": 2.2,
  "sum-of-three": 2.8,
  cubic: 3.15,
};

/** [rule, how many items] in the bank. */
export const SERIES_PLAN: readonly [SeriesRule, number][] = [
  ["arithmetic", 3],
  ["geometric", 3],
  ["quadratic", 4],
  ["fibonacci", 3],
  ["interleaved", 3],
  ["affine", 4],
  ["alternating", 4],
  ["growing-steps", 3],
  ["sum-of-three", 2],
  ["cubic", 2],
];

export interface SeriesItem {
  rule: SeriesRule;
  shown: number[];
  answer: number;
  distractors: number[];
}

const iterate = (start: number, n: number, step: (x: number, i: number) => number) => {
  const out = [start];
  while (out.length < n) out.push(step(out[out.length - 1]!, out.length - 1));
  return out;
};

/** The shown terms plus the term to find. */
function terms(rand: Rand, rule: SeriesRule): number[] {
  switch (rule) {
    case "arithmetic": {
      const d = randInt(rand, 3, 13) * pick(rand, [1, 1, -1]);
      return iterate(d > 0 ? randInt(rand, 2, 30) : randInt(rand, 80, 120), 7, (x) => x + d);
    }
    case "geometric": {
      const r = pick(rand, [2, 3]);
      return iterate(randInt(rand, 1, 5), r === 2 ? 7 : 6, (x) => x * r);
    }
    case "quadratic": {
      const [d0, dd] = [randInt(rand, 1, 6), randInt(rand, 1, 4)];
      return iterate(randInt(rand, 1, 12), 7, (x, i) => x + d0 + i * dd);
    }
    case "fibonacci": {
      const a = randInt(rand, 1, 6);
      const out = [a, a + randInt(rand, 0, 5)];
      while (out.length < 7) out.push(out[out.length - 1]! + out[out.length - 2]!);
      return out;
    }
    case "interleaved": {
      const [a, da, b, db] = [randInt(rand, 1, 15), randInt(rand, 2, 7), randInt(rand, 40, 70), -randInt(rand, 2, 6)];
      return Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a + (i / 2) * da : b + ((i - 1) / 2) * db));
    }
    case "affine": {
      const [p, q] = [pick(rand, [2, 3]), pick(rand, [-3, -2, -1, 1, 2, 3])];
      return iterate(randInt(rand, 2, 5), 6, (x) => p * x + q);
    }
    case "alternating": {
      const [k, m] = [randInt(rand, 1, 6), pick(rand, [2, 3])];
      return iterate(randInt(rand, 1, 5), 7, (x, i) => (i % 2 === 0 ? x + k : x * m));
    }
    case "growing-steps": {
      const [d, r] = [randInt(rand, 1, 4), pick(rand, [2, 3])];
      return iterate(randInt(rand, 1, 20), 7, (x, i) => x + d * r ** i);
    }
    case "sum-of-three": {
      const out = [randInt(rand, 0, 3), randInt(rand, 1, 4), randInt(rand, 1, 5)];
      while (out.length < 8) out.push(out[out.length - 1]! + out[out.length - 2]! + out[out.length - 3]!);
      return out;
    }
    case "cubic": {
      const k = randInt(rand, -3, 5);
      const shift = randInt(rand, 1, 3);
      return Array.from({ length: 7 }, (_, i) => (i + shift) ** 3 + k);
    }
  }
}

/** Plausible wrong answers: the naive constant step, then near misses around the key. */
function distractors(rand: Rand, shown: number[], answer: number): number[] {
  const [last, prev] = [shown[shown.length - 1]!, shown[shown.length - 2]!];
  const step = last - prev;
  const naive = [last + step, last + (answer - last) * 2, answer + step, answer - step];
  const near = shuffle(
    rand,
    [1, -1, 2, -2, 3, -3, 4, -4, 5, 6, -5, 7, 8, 10].map((o) => answer + o),
  );
  const out: number[] = [];
  for (const v of [...naive.slice(0, 2), ...shuffle(rand, [...naive.slice(2), ...near])]) {
    if (out.length === DISTRACTORS) break;
    if (Number.isInteger(v) && v > 0 && v !== answer && !out.includes(v)) out.push(v);
  }
  return out;
}

export function drawSeries(rand: Rand, rule: SeriesRule): SeriesItem {
  for (let attempt = 0; attempt < 500; attempt++) {
    const all = terms(rand, rule);
    const shown = all.slice(0, -1);
    const answer = all[all.length - 1]!;
    if (all.some((v) => v < 0) || uniqueNext(shown) !== answer) continue;
    const wrong = distractors(rand, shown, answer);
    if (wrong.length < DISTRACTORS) continue;
    return { rule, shown, answer, distractors: wrong };
  }
  throw new Error(`could not draw an unambiguous ${rule} series`);
}

/** Provisional difficulty: the rule's order plus a little for every digit beyond two in the terms. */
export function seriesDifficulty(item: SeriesItem): number {
  const digits = String(Math.max(...item.shown.map(Math.abs), item.answer)).length;
  return SERIES_BASE_B[item.rule] + 0.15 * Math.max(0, digits - 2);
}
