/**
 * The bank of matrix figures: a fixed plan of difficulty features, drawn with a fixed seed so the
 * figures, their keys and ids stay the same from build to build. Changing the plan or the seed
 * changes items: regenerate the SVGs (figures.test.ts) and treat it as a new bank revision.
 */
import {
  type AttributeRule,
  type Cell,
  IQ_BANK_REVISION,
  type MatrixFigure,
  OPTION_LETTERS,
  type ShapeAttribute,
  type StrokeOp,
  cellKey,
} from "./matrices";
import { type Rand, seeded, shuffle } from "./random";
import { drawRules, drawShapeGrid, shapeDistractors } from "./shape-matrices";
import { solveShapes } from "./solve";
import { drawStrokeMatrix } from "./stroke-matrices";

const SEED = 20261126;

/** [attributes that vary, of which Latin squares, close distractors, how many figures]. */
const SHAPE_PLAN: readonly [number, number, boolean, number][] = [
  [1, 0, false, 3],
  [1, 1, true, 3],
  [2, 0, true, 4],
  [2, 1, false, 2],
  [2, 1, true, 6],
  [3, 0, true, 3],
  [2, 2, true, 5],
  [3, 1, true, 5],
  [3, 2, true, 5],
  [3, 3, true, 4],
];

/** [operation, lines per cell, close distractors, how many figures]. */
const STROKE_PLAN: readonly [StrokeOp, 2 | 3, boolean, number][] = [
  ["union", 2, false, 2],
  ["union", 3, true, 2],
  ["intersection", 2, true, 3],
  ["intersection", 3, true, 3],
  ["xor", 2, false, 2],
  ["xor", 2, true, 4],
  ["xor", 3, true, 4],
];

function drawShapeFigure(rand: Rand, varying: number, latin: number, close: boolean) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const rules: Record<ShapeAttribute, AttributeRule> = drawRules(rand, varying, latin);
    const cells = drawShapeGrid(rand, rules);
    const solution = solveShapes(cells.slice(0, 8));
    if (solution.predictions.length !== 1 || solution.predictions[0] !== cellKey(cells[8]!)) continue;
    return { cells, distractors: shapeDistractors(rand, cells, close), features: { kind: "shapes" as const, rules, close } };
  }
  throw new Error("could not draw an unambiguous shape matrix");
}

function figure(n: number, slot: number, draw: { cells: Cell[]; distractors: Cell[]; features: MatrixFigure["features"] }): MatrixFigure {
  const key = draw.cells[8]!;
  const options = [...draw.distractors];
  options.splice(slot, 0, key);
  const id = `${IQ_BANK_REVISION}-matrix-${String(n).padStart(3, "0")}`;
  const what = draw.features.kind === "shapes" ? "shapes" : "line figures";
  return {
    id,
    title: `Matrix puzzle ${n}: a three-by-three grid of ${what} with the bottom-right cell missing`,
    grid: draw.cells.slice(0, 8),
    options,
    answer: options.indexOf(key),
    features: draw.features,
  };
}

function buildBank(): MatrixFigure[] {
  const rand = seeded(SEED);
  const total = [...SHAPE_PLAN, ...STROKE_PLAN].reduce((s, plan) => s + plan[3], 0);
  // The key's letter: the eight letters in turn (60 figures: each 7 or 8 times), shuffled, so no letter pays to guess.
  const slots = shuffle(
    rand,
    Array.from({ length: total }, (_, i) => i % OPTION_LETTERS.length),
  );
  const out: MatrixFigure[] = [];
  const next = () => out.length + 1;
  for (const [varying, latin, close, count] of SHAPE_PLAN) {
    for (let i = 0; i < count; i++) out.push(figure(next(), slots[out.length]!, drawShapeFigure(rand, varying, latin, close)));
  }
  for (const [op, size, close, count] of STROKE_PLAN) {
    for (let i = 0; i < count; i++) out.push(figure(next(), slots[out.length]!, drawStrokeMatrix(rand, op, size, close)));
  }
  return out;
}

export const MATRIX_FIGURES: readonly MatrixFigure[] = buildBank();
