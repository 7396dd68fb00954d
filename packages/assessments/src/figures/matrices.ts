/**
 * The visual matrix items of the cognitive test, described as data. The same data drives the
 * SVG renderer (render.ts) and the tests that prove each grid follows its rule and that exactly
 * one option completes it, so the picture, the answer key and the check cannot drift apart.
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

export interface MatrixFigure {
  /** file stem under apps/web/public/assessments */
  id: string;
  /** accessible name of the image */
  title: string;
  /** the eight given cells, row by row; the ninth (bottom right) is the one to find */
  grid: Cell[];
  options: Cell[];
  /** index of the correct option */
  answer: number;
}

const shapes = (shape: Shape, count: 1 | 2 | 3, fill: Fill): Cell => ({ kind: "shapes", shape, count, fill });
const arrow = (direction: Direction): Cell => ({ kind: "arrow", direction });
const strokes = (...s: Stroke[]): Cell => ({ kind: "strokes", strokes: s });

export const OPTION_LETTERS = ["A", "B", "C", "D", "E"] as const;

export function matrixImageUrl(figure: MatrixFigure): string {
  return `/assessments/${figure.id}.svg`;
}

/** In order of difficulty. */
export const MATRIX_FIGURES: MatrixFigure[] = [
  {
    // Rule: one shape per row; the count grows 1, 2, 3 across each row.
    id: "iq-matrix-1",
    title: "Matrix puzzle 1: a three-by-three grid of shapes with the bottom-right cell missing",
    grid: [
      shapes("circle", 1, "white"),
      shapes("circle", 2, "white"),
      shapes("circle", 3, "white"),
      shapes("square", 1, "white"),
      shapes("square", 2, "white"),
      shapes("square", 3, "white"),
      shapes("triangle", 1, "white"),
      shapes("triangle", 2, "white"),
    ],
    options: [shapes("triangle", 2, "white"), shapes("circle", 3, "white"), shapes("triangle", 3, "white"), shapes("square", 3, "white")],
    answer: 2,
  },
  {
    // Rule: each shape appears once in every row and column; the fill is fixed per column.
    id: "iq-matrix-2",
    title: "Matrix puzzle 2: a three-by-three grid of shaded shapes with the bottom-right cell missing",
    grid: [
      shapes("circle", 1, "white"),
      shapes("square", 1, "grey"),
      shapes("triangle", 1, "black"),
      shapes("square", 1, "white"),
      shapes("triangle", 1, "grey"),
      shapes("circle", 1, "black"),
      shapes("triangle", 1, "white"),
      shapes("circle", 1, "grey"),
    ],
    options: [
      shapes("square", 1, "black"),
      shapes("square", 1, "white"),
      shapes("circle", 1, "black"),
      shapes("square", 1, "grey"),
      shapes("triangle", 1, "black"),
    ],
    answer: 0,
  },
  {
    // Rule: the arrow turns a quarter-turn clockwise with each step along a row (and down a column).
    id: "iq-matrix-3",
    title: "Matrix puzzle 3: a three-by-three grid of arrows with the bottom-right cell missing",
    grid: [arrow("up"), arrow("right"), arrow("down"), arrow("right"), arrow("down"), arrow("left"), arrow("down"), arrow("left")],
    options: [arrow("left"), arrow("right"), arrow("down"), arrow("up")],
    answer: 3,
  },
  {
    // Rule: the third cell of each row superimposes the first two.
    id: "iq-matrix-4",
    title: "Matrix puzzle 4: a three-by-three grid of line figures with the bottom-right cell missing",
    grid: [
      strokes("vertical"),
      strokes("horizontal"),
      strokes("vertical", "horizontal"),
      strokes("diagonalDown"),
      strokes("diagonalUp"),
      strokes("diagonalDown", "diagonalUp"),
      strokes("ring"),
      strokes("vertical"),
    ],
    options: [
      strokes("ring", "horizontal"),
      strokes("ring", "vertical"),
      strokes("ring"),
      strokes("vertical"),
      strokes("ring", "vertical", "horizontal"),
    ],
    answer: 1,
  },
  {
    // Rule: every row and every column holds one, two and three circles, and one white, one grey
    // and one black cell; the missing cell is the only combination that keeps both true.
    id: "iq-matrix-5",
    title: "Matrix puzzle 5: a three-by-three grid of circles in different numbers and shades with the bottom-right cell missing",
    grid: [
      shapes("circle", 1, "white"),
      shapes("circle", 2, "grey"),
      shapes("circle", 3, "black"),
      shapes("circle", 2, "black"),
      shapes("circle", 3, "white"),
      shapes("circle", 1, "grey"),
      shapes("circle", 3, "grey"),
      shapes("circle", 1, "black"),
    ],
    options: [
      shapes("circle", 3, "white"),
      shapes("circle", 2, "grey"),
      shapes("circle", 1, "white"),
      shapes("circle", 2, "black"),
      shapes("circle", 2, "white"),
    ],
    answer: 4,
  },
  {
    // Rule: the third cell keeps the square edges that appear in exactly one of the first two
    // cells; edges they share cancel out. Row 1 rules out simply combining them.
    id: "iq-matrix-6",
    title: "Matrix puzzle 6: a three-by-three grid of partial squares with the bottom-right cell missing",
    grid: [
      strokes("top", "left"),
      strokes("top", "right"),
      strokes("left", "right"),
      strokes("top", "bottom", "left"),
      strokes("bottom", "right"),
      strokes("top", "left", "right"),
      strokes("right", "bottom"),
      strokes("top", "right", "left"),
    ],
    options: [
      strokes("top", "right", "bottom", "left"),
      strokes("right"),
      strokes("top", "bottom", "left"),
      strokes("top", "left"),
      strokes("right", "bottom", "left"),
    ],
    answer: 2,
  },
];
