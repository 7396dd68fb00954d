/**
 * Generates line-figure matrices: the third cell of each row combines the first two by one
 * operation (all lines, shared lines only, or unshared lines only). Difficulty comes from the
 * operation (superimposing is seen at once; keeping only the unshared lines is the hardest to
 * spot), from how many lines each cell holds, and from close distractors (the result of a
 * different operation, or the key with one line added or missing).
 */
import { type Cell, type MatrixFeatures, OPTION_LETTERS, STROKES, type Stroke, type StrokeOp, cellKey } from "./matrices";
import { type Rand, shuffle } from "./random";
import { solveStrokes } from "./solve";

type StrokeCell = Extract<Cell, { kind: "strokes" }>;

const APPLY: Record<StrokeOp, (a: Stroke[], b: Stroke[]) => Stroke[]> = {
  union: (a, b) => [...new Set([...a, ...b])],
  intersection: (a, b) => a.filter((s) => b.includes(s)),
  xor: (a, b) => [...a.filter((s) => !b.includes(s)), ...b.filter((s) => !a.includes(s))],
};

const sorted = (s: Stroke[]): Stroke[] => [...s].sort((x, y) => STROKES.indexOf(x) - STROKES.indexOf(y));
const cell = (s: Stroke[]): StrokeCell => ({ kind: "strokes", strokes: sorted(s) });

export interface StrokeMatrixDraw {
  cells: StrokeCell[];
  distractors: StrokeCell[];
  features: Extract<MatrixFeatures, { kind: "strokes" }>;
}

function drawRow(rand: Rand, op: StrokeOp, size: number): Stroke[][] {
  const a = shuffle(rand, STROKES).slice(0, size);
  // The second cell shares one or two lines with the first, so every operation gives a visible result.
  const shared = shuffle(rand, a).slice(0, size === 2 ? 1 : 1 + Math.floor(rand() * 2));
  const rest = shuffle(
    rand,
    STROKES.filter((s) => !a.includes(s)),
  ).slice(0, size - shared.length);
  const b = [...shared, ...rest];
  return [a, b, APPLY[op](a, b)];
}

/**
 * Draws rows until the eight given cells admit one rule only (solveStrokes), so a taker who sees
 * a different operation in the first two rows cannot also be right.
 */
export function drawStrokeMatrix(rand: Rand, op: StrokeOp, size: 2 | 3, close: boolean): StrokeMatrixDraw {
  for (let attempt = 0; attempt < 500; attempt++) {
    const rows = [0, 1, 2].map(() => drawRow(rand, op, size));
    const cells = rows.flat().map(cell);
    if (cells.some((c) => c.strokes.length === 0)) continue;
    if (new Set(cells.map(cellKey)).size < 7) continue;
    const solution = solveStrokes(cells.slice(0, 8));
    if (solution.predictions.length !== 1 || solution.predictions[0] !== cellKey(cells[8]!)) continue;
    const seen = [...new Set(cells.slice(0, 8).flatMap((c) => c.strokes))];
    const distractors = strokeDistractors(rand, rows[2]!, cells[8]!, close, seen);
    if (distractors) return { cells, distractors, features: { kind: "strokes", op, size, close } };
  }
  throw new Error(`could not draw an unambiguous ${op} matrix`);
}

/** How many wrong options an item shows: every option letter but the key's. */
const DISTRACTORS = OPTION_LETTERS.length - 1;

/**
 * Seven distinct, non-empty wrong options: the other operations applied to the last row first,
 * then (close) the key with one line added or missing or (far) copies of the row's first two cells,
 * then random figures with as many lines as the key or one more, made of lines the grid shows (a line
 * seen nowhere in it gives an option away) before any others. Null when fewer than seven; the caller redraws.
 */
function strokeDistractors(rand: Rand, row: Stroke[][], key: StrokeCell, close: boolean, seen: readonly Stroke[]): StrokeCell[] | null {
  const [a, b] = [row[0]!, row[1]!];
  // Wrong operations applied to the last row: what a taker who misread the rule would choose.
  const otherOps = (Object.keys(APPLY) as StrokeOp[]).map((op) => cell(APPLY[op](a, b)));
  const oneOff = [
    ...key.strokes.map((s) => cell(key.strokes.filter((x) => x !== s))),
    ...[...new Set([...a, ...b])].filter((s) => !key.strokes.includes(s)).map((s) => cell([...key.strokes, s])),
  ];
  const copies = [cell(a), cell(b)];
  // Random figures from the lines the grid shows first: a line seen nowhere in it gives an option away.
  const draw = (from: readonly Stroke[], i: number) => cell(shuffle(rand, from).slice(0, key.strokes.length + (i % 2)));
  const random = [...Array.from({ length: 24 }, (_, i) => draw(seen, i)), ...Array.from({ length: 24 }, (_, i) => draw(STROKES, i))];
  const pool = close ? [...otherOps, ...shuffle(rand, oneOff), ...random] : [...otherOps, ...copies, ...random];
  const out: StrokeCell[] = [];
  const used = new Set([cellKey(key)]);
  for (const c of pool) {
    if (out.length === DISTRACTORS) break;
    if (c.strokes.length === 0 || used.has(cellKey(c))) continue;
    used.add(cellKey(c));
    out.push(c);
  }
  return out.length === DISTRACTORS ? out : null;
}
