/**
 * Generates shape matrices: each of shape, count and fill follows its own rule over the 3×3 grid
 * (constant, per row, per column or a Latin square). Difficulty comes from how many attributes
 * vary, how many of them are Latin squares (the value is found only by looking at the whole row
 * and column) and whether the distractors differ from the key in a single attribute ("close").
 */
import {
  type AttributeRule,
  COUNTS,
  type Cell,
  FILLS,
  type MatrixFeatures,
  OPTION_LETTERS,
  SHAPES,
  SHAPE_ATTRIBUTES,
  type ShapeAttribute,
  cellKey,
} from "./matrices";
import { type Rand, pick, shuffle } from "./random";

type ShapeCell = Extract<Cell, { kind: "shapes" }>;
type AttrValue = ShapeCell[ShapeAttribute];

const DOMAIN: Record<ShapeAttribute, readonly AttrValue[]> = { shape: SHAPES, count: COUNTS, fill: FILLS };

/** A value index in 0..2 for each cell under a rule; `step` picks one of the two Latin patterns. */
function ruleIndex(rule: AttributeRule, r: number, c: number, step: 1 | 2): number {
  switch (rule) {
    case "const":
      return 0;
    case "row":
      return r;
    case "col":
      return c;
    case "latin":
      return (r + step * c) % 3;
  }
}

export interface ShapeMatrixDraw {
  cells: ShapeCell[];
  features: Extract<MatrixFeatures, { kind: "shapes" }>;
}

/** All nine cells (the ninth is the key) for the given rules. */
export function drawShapeGrid(rand: Rand, rules: Record<ShapeAttribute, AttributeRule>): ShapeCell[] {
  const values = Object.fromEntries(SHAPE_ATTRIBUTES.map((attr) => [attr, shuffle(rand, DOMAIN[attr]).slice(0, 3)])) as Record<
    ShapeAttribute,
    AttrValue[]
  >;
  const steps = Object.fromEntries(SHAPE_ATTRIBUTES.map((attr) => [attr, pick(rand, [1, 2] as const)])) as Record<ShapeAttribute, 1 | 2>;
  const cells: ShapeCell[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const v = (attr: ShapeAttribute) => values[attr][ruleIndex(rules[attr], r, c, steps[attr])]!;
      cells.push({
        kind: "shapes",
        shape: v("shape") as ShapeCell["shape"],
        count: v("count") as 1 | 2 | 3,
        fill: v("fill") as ShapeCell["fill"],
      });
    }
  }
  return cells;
}

/** How many wrong options an item shows: every option letter but the key's. */
const DISTRACTORS = OPTION_LETTERS.length - 1;

/** Every cell that differs from `key` in exactly `n` attributes: those using only values seen in the grid, and the rest. */
function cellsOff(rand: Rand, key: ShapeCell, given: readonly ShapeCell[], n: number) {
  const seen = (attr: ShapeAttribute, v: AttrValue) => given.some((c) => c[attr] === v);
  const inGrid: ShapeCell[] = [];
  const outside: ShapeCell[] = [];
  for (const shape of SHAPES) {
    for (const count of COUNTS) {
      for (const fill of FILLS) {
        const cell: ShapeCell = { kind: "shapes", shape, count, fill };
        const changed = SHAPE_ATTRIBUTES.filter((attr) => cell[attr] !== key[attr]);
        if (changed.length !== n) continue;
        (changed.every((attr) => seen(attr, cell[attr])) ? inGrid : outside).push(cell);
      }
    }
  }
  return { inGrid: shuffle(rand, inGrid), outside: shuffle(rand, outside) };
}

/**
 * Seven wrong options, all distinct. Options drawn only from values seen in the grid come first,
 * because an option with a shape, count or fill the grid never shows gives itself away (and lets a
 * guesser do better than one in eight: figures/matrices plausibleOptions). Close: cells one attribute
 * off the key, then two off, so only checking every attribute finds the key. Far: copies of the
 * neighbouring cells (the classic error), then cells two attributes off. Cells with unseen values
 * fill what is left. Throws when fewer than seven distinct cells are available.
 */
export function shapeDistractors(rand: Rand, cells: readonly ShapeCell[], close: boolean): ShapeCell[] {
  const key = cells[8]!;
  const given = cells.slice(0, 8);
  const [one, two] = [cellsOff(rand, key, given, 1), cellsOff(rand, key, given, 2)];
  const pool = close
    ? [...one.inGrid, ...two.inGrid, ...one.outside, ...two.outside]
    : [...shuffle(rand, [given[7]!, given[5]!, given[6]!, given[2]!, given[4]!]), ...two.inGrid, ...two.outside];
  const out: ShapeCell[] = [];
  const used = new Set([cellKey(key)]);
  for (const cell of pool) {
    if (out.length === DISTRACTORS) break;
    if (used.has(cellKey(cell))) continue;
    used.add(cellKey(cell));
    out.push(cell);
  }
  if (out.length < DISTRACTORS) throw new Error("not enough distinct distractors");
  return out;
}

/** Random rules with `varying` non-constant attributes, `latin` of them Latin squares. */
export function drawRules(rand: Rand, varying: number, latin: number): Record<ShapeAttribute, AttributeRule> {
  const order = shuffle(rand, SHAPE_ATTRIBUTES);
  const rules = { shape: "const", count: "const", fill: "const" } as Record<ShapeAttribute, AttributeRule>;
  order.forEach((attr, i) => {
    if (i < latin) rules[attr] = "latin";
    else if (i < varying) rules[attr] = pick(rand, ["row", "col"] as const);
  });
  return rules;
}
