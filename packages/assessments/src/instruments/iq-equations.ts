/**
 * Generated symbol-equation items: each symbol stands for a whole number, found from the
 * equations shown, and the question asks for a combination of them. Difficulty comes from how
 * many unknowns there are and how they are tied together: one unknown; a chain where each
 * equation adds one unknown; two unknowns that must be solved together; three tied in a chain
 * with products; three that must be solved together (sums, then weighted sums, then products).
 * Every item is kept only when the independent solver finds exactly one assignment.
 */
import { OPTION_LETTERS } from "../figures/matrices";
import { type Rand, randInt, shuffle } from "../figures/random";

/** Every reasoning item offers as many options as a matrix figure: the key and these wrong ones. */
const DISTRACTORS = OPTION_LETTERS.length - 1;
import { evaluate, uniqueValue } from "./equation-solve";

export type EquationLevel = "one" | "chain" | "pair" | "chain-product" | "triple-sum" | "triple-weighted" | "triple-product";

export const EQUATION_BASE_B: Record<EquationLevel, number> = {
  one: -1.0,
  chain: 0.2,
  pair: 1.0,
  "chain-product": 1.5,
  "triple-sum": 2.2,
  "triple-weighted": 2.7,
  "triple-product": 3.1,
};

export const EQUATION_PLAN: readonly [EquationLevel, number][] = [
  ["one", 3],
  ["chain", 3],
  ["pair", 4],
  ["chain-product", 4],
  ["triple-sum", 4],
  ["triple-weighted", 3],
  ["triple-product", 3],
];

export const EQUATION_INSTRUCTION = "Each symbol stands for a whole number. What number replaces the question mark?";

export interface EquationItem {
  level: EquationLevel;
  text: string;
  answer: number;
  distractors: number[];
}

type Expr = string[];
const S = "■";
const T = "▲";
const C = "●";

/** Equations (left side, the values fix the right side) and the question, for drawn values. */
function template(rand: Rand, level: EquationLevel): { values: Record<string, number>; equations: Expr[]; query: Expr } {
  const [a, b, c] = shuffle(
    rand,
    Array.from({ length: 11 }, (_, i) => i + 2),
  ).slice(0, 3) as [number, number, number];
  const k = randInt(rand, 2, 9);
  switch (level) {
    case "one":
      return { values: { [S]: a }, equations: [[S, "+", S, "+", S]], query: [S, "+", String(k)] };
    case "chain":
      return {
        values: { [T]: a, [C]: b },
        equations: [
          [T, "+", T],
          [T, "+", C],
        ],
        query: [C, "×", String(Math.min(k, 4))],
      };
    case "pair": {
      const [hi, lo] = a > b ? [a, b] : [b, a];
      return {
        values: { [T]: hi, [C]: lo },
        equations: [
          [T, "+", C],
          [T, "−", C],
        ],
        query: [T, "×", C],
      };
    }
    case "chain-product":
      return {
        values: { [S]: Math.min(a, 9), [T]: b, [C]: c },
        equations: [
          [S, "×", S],
          [S, "+", T],
          [T, "×", C],
        ],
        query: [C, "+", S],
      };
    case "triple-sum":
      return {
        values: { [S]: a, [T]: b, [C]: c },
        equations: [
          [S, "+", T],
          [T, "+", C],
          [S, "+", C],
        ],
        query: [S, "×", T, "−", C],
      };
    case "triple-weighted":
      return {
        values: { [S]: a, [T]: b, [C]: c },
        equations: [
          [S, "+", S, "+", T],
          [T, "+", T, "+", C],
          [C, "+", C, "+", S],
        ],
        query: [S, "×", C, "−", T],
      };
    case "triple-product": {
      const [x, y, z] = [a, b, c].map((v) => Math.min(v, 9)) as [number, number, number];
      return {
        values: { [S]: x, [T]: y, [C]: z },
        equations: [
          [S, "×", T],
          [T, "×", C],
          [S, "×", C],
        ],
        query: [S, "+", T, "+", C],
      };
    }
  }
}

/** Near misses and the value a taker gets by swapping two symbols' values. */
function distractors(rand: Rand, values: Record<string, number>, query: Expr, answer: number): number[] {
  const symbols = Object.keys(values);
  const swapped = symbols.flatMap((x, i) =>
    symbols.slice(i + 1).map((y) => evaluate(query, { ...values, [x]: values[y]!, [y]: values[x]! })),
  );
  const near = [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, 10, -6, 12].map((o) => answer + o);
  const out: number[] = [];
  for (const v of [...shuffle(rand, swapped), ...shuffle(rand, near)]) {
    if (out.length === DISTRACTORS) break;
    if (v > 0 && v !== answer && !out.includes(v)) out.push(v);
  }
  return out;
}

export function drawEquation(rand: Rand, level: EquationLevel): EquationItem {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { values, equations, query } = template(rand, level);
    const shown = equations.map((e) => `${e.join(" ")} = ${evaluate(e, values)}`);
    const text = `${EQUATION_INSTRUCTION} ${[...shown, `${query.join(" ")} = ?`].join(";  ")}`;
    const answer = evaluate(query, values);
    if (new Set(Object.values(values)).size !== Object.keys(values).length) continue;
    if (answer <= 0 || uniqueValue(text) !== answer) continue;
    const wrong = distractors(rand, values, query, answer);
    if (wrong.length < DISTRACTORS) continue;
    return { level, text, answer, distractors: wrong };
  }
  throw new Error(`could not draw a uniquely solvable ${level} item`);
}
