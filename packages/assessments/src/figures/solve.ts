/**
 * An independent solver for matrix figures: it never sees the rule a figure was generated from.
 * It tries every rule a test taker could reasonably infer from the eight given cells and returns
 * what each consistent rule predicts for the missing cell. A figure is fair when all consistent
 * rules agree on one cell and exactly one option is that cell (every other option breaks it).
 */
import { type Cell, type Stroke, SHAPE_ATTRIBUTES, type ShapeAttribute, cellKey } from "./matrices";

type ShapeCell = Extract<Cell, { kind: "shapes" }>;
type Value = string | number;

export interface Solution {
  /** distinct predictions of the consistent rules, as cell keys; fair figures have exactly one */
  predictions: string[];
  /** names of the rules that fit the given cells */
  rules: string[];
}

/** Rules for one attribute over a 3×3 grid whose bottom-right value is unknown (v(2,2) unused). */
function attributeHypotheses(v: (r: number, c: number) => Value, numeric: boolean): Map<string, Value> {
  const out = new Map<string, Value>();
  const known = [0, 1, 2].flatMap((r) => [0, 1, 2].filter((c) => r < 2 || c < 2).map((c) => v(r, c)));
  if (known.every((x) => x === known[0])) out.set("const", known[0]!);
  const rowsConst = [0, 1].every((r) => v(r, 0) === v(r, 1) && v(r, 1) === v(r, 2)) && v(2, 0) === v(2, 1);
  if (rowsConst) out.set("row", v(2, 0));
  const colsConst = [0, 1].every((c) => v(0, c) === v(1, c) && v(1, c) === v(2, c)) && v(0, 2) === v(1, 2);
  if (colsConst) out.set("col", v(0, 2));
  const set = new Set([v(0, 0), v(0, 1), v(0, 2)]);
  const sameSet = (vals: Value[]) => new Set(vals).size === vals.length && vals.every((x) => set.has(x));
  if (
    set.size === 3 &&
    sameSet([v(1, 0), v(1, 1), v(1, 2)]) &&
    sameSet([v(0, 0), v(1, 0), v(2, 0)]) &&
    sameSet([v(0, 1), v(1, 1), v(2, 1)]) &&
    sameSet([v(2, 0), v(2, 1)]) &&
    sameSet([v(0, 2), v(1, 2)])
  ) {
    const left = [...set].filter((x) => x !== v(2, 0) && x !== v(2, 1));
    if (left.length === 1 && left[0] !== v(0, 2) && left[0] !== v(1, 2)) out.set("latin", left[0]!);
  }
  if (numeric) {
    const n = (r: number, c: number) => v(r, c) as number;
    const k = n(0, 1) - n(0, 0);
    if ([0, 1].every((r) => n(r, 1) - n(r, 0) === k && n(r, 2) - n(r, 1) === k) && n(2, 1) - n(2, 0) === k) {
      out.set("row-step", n(2, 1) + k);
    }
    const j = n(1, 0) - n(0, 0);
    if ([0, 1].every((c) => n(1, c) - n(0, c) === j && n(2, c) - n(1, c) === j) && n(1, 2) - n(0, 2) === j) {
      out.set("col-step", n(1, 2) + j);
    }
  }
  return out;
}

export function solveShapes(grid: readonly Cell[]): Solution {
  const cells = grid.map((c) => {
    if (c.kind !== "shapes") throw new Error("expected a grid of shape cells");
    return c;
  });
  const at = (r: number, c: number): ShapeCell => cells[r * 3 + c]!;
  const perAttribute = SHAPE_ATTRIBUTES.map((attr: ShapeAttribute) => attributeHypotheses((r, c) => at(r, c)[attr], attr === "count"));
  // Any combination of per-attribute rules is a rule for the whole cell.
  const predictions = new Set<string>();
  const [shapes, counts, fills] = perAttribute.map((m) => [...new Set(m.values())]);
  for (const shape of shapes!)
    for (const count of counts!) for (const fill of fills!) predictions.add(cellKey({ kind: "shapes", shape, count, fill } as ShapeCell));
  const rules = perAttribute.map((m, i) => `${SHAPE_ATTRIBUTES[i]}:${[...m.keys()].join("|") || "none"}`);
  return { predictions: [...predictions], rules };
}

const STROKE_OPS: Record<string, (a: Set<Stroke>, b: Set<Stroke>) => Stroke[]> = {
  union: (a, b) => [...new Set([...a, ...b])],
  intersection: (a, b) => [...a].filter((s) => b.has(s)),
  xor: (a, b) => [...[...a].filter((s) => !b.has(s)), ...[...b].filter((s) => !a.has(s))],
  "first-minus-second": (a, b) => [...a].filter((s) => !b.has(s)),
  "second-minus-first": (a, b) => [...b].filter((s) => !a.has(s)),
  "copy-first": (a) => [...a],
  "copy-second": (_, b) => [...b],
};

export function solveStrokes(grid: readonly Cell[]): Solution {
  const sets = grid.map((c) => {
    if (c.kind !== "strokes") throw new Error("expected a grid of stroke cells");
    return new Set(c.strokes);
  });
  const key = (s: Stroke[]) => cellKey({ kind: "strokes", strokes: s });
  const rules = Object.entries(STROKE_OPS)
    .filter(([, op]) => [0, 1].every((r) => key(op(sets[r * 3]!, sets[r * 3 + 1]!)) === key([...sets[r * 3 + 2]!])))
    .map(([name]) => name);
  const predictions = [...new Set(rules.map((name) => key(STROKE_OPS[name]!(sets[6]!, sets[7]!))))];
  return { predictions, rules };
}

export function solveFigure(grid: readonly Cell[]): Solution {
  return grid[0]?.kind === "strokes" ? solveStrokes(grid) : solveShapes(grid);
}

/** Indices of the options that complete the grid under its (unique) rule; a fair figure has one. */
export function completingOptions(grid: readonly Cell[], options: readonly Cell[]): number[] {
  const { predictions } = solveFigure(grid);
  if (predictions.length !== 1) return [];
  return options.flatMap((o, i) => (cellKey(o) === predictions[0] ? [i] : []));
}
