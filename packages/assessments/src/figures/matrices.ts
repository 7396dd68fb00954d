/**
 * The visual matrix items of the cognitive test, described as data and generated from rules
 * (shape-matrices.ts, stroke-matrices.ts). The same data drives the SVG renderer (render.ts), the
 * item parameters (instruments/iq) and the tests that prove each grid follows its rule and that
 * exactly one option completes it (solve.ts), so the picture, the key and the check cannot drift.
 */
export type Shape = "circle" | "square" | "triangle" | "diamond";
export type Fill = "white" | "grey" | "black";
export type Direction = "up" | "right" | "down" | "left";
/** Line parts that can be superimposed in one cell; top/right/bottom/left are the edges of a square. */
export type Stroke = "vertical" | "horizontal" | "diagonalDown" | "diagonalUp" | "ring" | "top" | "right" | "bottom" | "left";

export type Cell =
  | { kind: "shapes"; shape: Shape; count: 1 | 2 | 3; fill: Fill }
  | { kind: "arrow"; direction: Direction }
  | { kind: "strokes"; strokes: Stroke[] };

export const SHAPES: readonly Shape[] = ["circle", "square", "triangle", "diamond"];
export const COUNTS: readonly (1 | 2 | 3)[] = [1, 2, 3];
export const FILLS: readonly Fill[] = ["white", "grey", "black"];
export const STROKES: readonly Stroke[] = [
  "vertical",
  "horizontal",
  "diagonalDown",
  "diagonalUp",
  "ring",
  "top",
  "right",
  "bottom",
  "left",
];

/**
 * How one attribute of the shapes varies over the grid: the same everywhere, fixed per row, fixed
 * per column, or a Latin square (each value once in every row and every column).
 */
export type AttributeRule = "const" | "row" | "col" | "latin";
export type ShapeAttribute = "shape" | "count" | "fill";
export const SHAPE_ATTRIBUTES: readonly ShapeAttribute[] = ["shape", "count", "fill"];
/** The third cell of each row from the first two: all their lines, the shared ones, or the unshared ones. */
export type StrokeOp = "union" | "intersection" | "xor";

/** What makes a figure hard; the provisional difficulty is computed from these (instruments/iq). */
export type MatrixFeatures =
  | { kind: "shapes"; rules: Record<ShapeAttribute, AttributeRule>; close: boolean }
  | { kind: "strokes"; op: StrokeOp; size: 2 | 3; close: boolean };

export interface MatrixFigure {
  /** item key and file stem under apps/web/public/assessments */
  id: string;
  /** accessible name of the image */
  title: string;
  /** the eight given cells, row by row; the ninth (bottom right) is the one to find */
  grid: Cell[];
  options: Cell[];
  /** index of the correct option */
  answer: number;
  features: MatrixFeatures;
}

/**
 * The reasoning bank's revision, the first part of every item key. Revision 2 has eight options per
 * item (decision 0060); the seed retires questions whose key a bank no longer holds, so answers given
 * to revision 1's five-option items stay with those items instead of being read against new ones.
 */
export const IQ_BANK_REVISION = "iq2";

/** Eight options per item, so a blind guess is right one time in eight. */
export const OPTION_LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;

export function matrixImageUrl(figure: Pick<MatrixFigure, "id">): string {
  return `/assessments/${figure.id}.svg`;
}

/** Order-insensitive identity of a cell (stroke lists are sets). */
export function cellKey(cell: Cell): string {
  if (cell.kind === "strokes") return `strokes:${[...cell.strokes].sort().join("+")}`;
  if (cell.kind === "arrow") return `arrow:${cell.direction}`;
  return `shapes:${cell.shape}:${cell.count}:${cell.fill}`;
}

/** The parts a cell is drawn from: its shape, count and fill, its direction, or its lines. */
function cellParts(cell: Cell): string[] {
  if (cell.kind === "strokes") return cell.strokes.map((s) => `stroke:${s}`);
  if (cell.kind === "arrow") return [`direction:${cell.direction}`];
  return [`shape:${cell.shape}`, `count:${cell.count}`, `fill:${cell.fill}`];
}

/**
 * Options a guesser cannot rule out at a glance: those drawn only from parts that appear somewhere in
 * the grid. An option with a shape, fill, count or line seen nowhere in the eight given cells is easy
 * to dismiss, so a taker guessing among the rest is right more often than one time in eight
 * (instruments/iq uses this for the item's guessing floor).
 */
export function plausibleOptions(figure: Pick<MatrixFigure, "grid" | "options">): number {
  const seen = new Set(figure.grid.flatMap(cellParts));
  return figure.options.filter((o) => cellParts(o).every((p) => seen.has(p))).length;
}
