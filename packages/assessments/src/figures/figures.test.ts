/**
 * Proves every matrix key from its rule, and keeps the committed SVGs identical to what the
 * renderer produces. After editing matrices.ts or render.ts, regenerate the files with
 *   WRITE_FIGURES=1 npx vitest run src/figures
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type Cell, type Direction, type Fill, MATRIX_FIGURES, type Shape, type Stroke } from "./matrices";
import { renderMatrixSvg } from "./render";

const PUBLIC_DIR = fileURLToPath(new URL("../../../../apps/web/public/assessments/", import.meta.url));

type At = (row: number, col: number) => Cell;

function shapesCell(cell: Cell) {
  if (cell.kind !== "shapes") throw new Error("expected shapes");
  return cell;
}
function strokeSet(cell: Cell): Set<Stroke> {
  if (cell.kind !== "strokes") throw new Error("expected strokes");
  return new Set(cell.strokes);
}
const missing = <T>(all: readonly T[], present: readonly T[]): T => {
  const left = all.filter((x) => !present.includes(x));
  if (left.length !== 1) throw new Error(`expected exactly one missing value, got ${left.length}`);
  return left[0]!;
};
const CLOCKWISE: Direction[] = ["up", "right", "down", "left"];
const ALL_SHAPES: Shape[] = ["circle", "square", "triangle"];
const ALL_FILLS: Fill[] = ["white", "grey", "black"];

/** For each figure: the cell its rule predicts in column 3 of `row`, from the other cells. */
const RULES: Record<string, (at: At, row: number) => Cell> = {
  "iq-matrix-1": (at, row) => ({ ...shapesCell(at(row, 0)), count: 3 }),
  "iq-matrix-2": (at, row) => ({
    kind: "shapes",
    shape: missing(ALL_SHAPES, [shapesCell(at(row, 0)).shape, shapesCell(at(row, 1)).shape]),
    count: 1,
    fill: shapesCell(at(row === 0 ? 1 : 0, 2)).fill, // fill is fixed per column
  }),
  "iq-matrix-3": (at, row) => {
    const prev = at(row, 1);
    if (prev.kind !== "arrow") throw new Error("expected arrow");
    return { kind: "arrow", direction: CLOCKWISE[(CLOCKWISE.indexOf(prev.direction) + 1) % 4]! };
  },
  "iq-matrix-4": (at, row) => {
    const [a, b] = [strokeSet(at(row, 0)), strokeSet(at(row, 1))];
    return { kind: "strokes", strokes: [...new Set([...a, ...b])] };
  },
  "iq-matrix-5": (at, row) => ({
    kind: "shapes",
    shape: "circle",
    count: missing([1, 2, 3] as const, [shapesCell(at(row, 0)).count, shapesCell(at(row, 1)).count]),
    fill: missing(ALL_FILLS, [shapesCell(at(row, 0)).fill, shapesCell(at(row, 1)).fill]),
  }),
  "iq-matrix-6": (at, row) => {
    const [a, b] = [strokeSet(at(row, 0)), strokeSet(at(row, 1))];
    return { kind: "strokes", strokes: [...[...a].filter((s) => !b.has(s)), ...[...b].filter((s) => !a.has(s))] };
  },
};

/** Order-insensitive comparison key (stroke lists are sets). */
function key(cell: Cell): string {
  return JSON.stringify(cell.kind === "strokes" ? { ...cell, strokes: [...cell.strokes].sort() } : cell);
}

describe.each(MATRIX_FIGURES)("matrix figure $id", (figure) => {
  const rule = RULES[figure.id];
  const at: At = (row, col) => {
    const cell = figure.grid[row * 3 + col];
    if (!cell) throw new Error(`no cell ${row},${col}`);
    return cell;
  };

  it("has eight given cells and 4-5 distinct options", () => {
    expect(figure.grid).toHaveLength(8);
    expect(figure.options.length).toBeGreaterThanOrEqual(4);
    expect(figure.options.length).toBeLessThanOrEqual(5);
    expect(new Set(figure.options.map(key)).size).toBe(figure.options.length);
  });

  it("follows its rule on the two complete rows", () => {
    expect(rule).toBeDefined();
    for (const row of [0, 1]) expect(key(rule!(at, row))).toBe(key(at(row, 2)));
  });

  it("is completed by exactly one option, the keyed one", () => {
    const predicted = key(rule!(at, 2));
    const matches = figure.options.flatMap((o, i) => (key(o) === predicted ? [i] : []));
    expect(matches).toEqual([figure.answer]);
  });
});

describe("Latin-square figures hold column-wise too", () => {
  it("matrix 2 and 5 have no repeated shape/count/fill in any column once completed", () => {
    for (const id of ["iq-matrix-2", "iq-matrix-5"]) {
      const figure = MATRIX_FIGURES.find((f) => f.id === id)!;
      const cells = [...figure.grid, figure.options[figure.answer]!].map(shapesCell);
      for (const col of [0, 1, 2]) {
        const column = [0, 1, 2].map((r) => cells[r * 3 + col]!);
        expect(new Set(column.map((c) => c.fill)).size).toBe(id === "iq-matrix-2" ? 1 : 3);
        if (id === "iq-matrix-2") expect(new Set(column.map((c) => c.shape)).size).toBe(3);
        else expect(new Set(column.map((c) => c.count)).size).toBe(3);
      }
    }
  });
});

describe("committed SVG files", () => {
  if (process.env.WRITE_FIGURES === "1") {
    mkdirSync(PUBLIC_DIR, { recursive: true });
    for (const figure of MATRIX_FIGURES) writeFileSync(`${PUBLIC_DIR}${figure.id}.svg`, renderMatrixSvg(figure));
  }

  it.each(MATRIX_FIGURES)("$id.svg matches the renderer and has an accessible title", (figure) => {
    const path = `${PUBLIC_DIR}${figure.id}.svg`;
    expect(existsSync(path), `${path} missing: run WRITE_FIGURES=1 npx vitest run src/figures`).toBe(true);
    const svg = readFileSync(path, "utf8");
    expect(svg).toBe(renderMatrixSvg(figure));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`<title id="${figure.id}-title">${figure.title}</title>`);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });
});
