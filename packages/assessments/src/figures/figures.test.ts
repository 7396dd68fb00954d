/**
 * Proves every generated matrix key: the grid follows the rule it was generated from, an
 * independent solver that never sees that rule finds one completion only, and exactly one option
 * is that completion (every distractor breaks the rule). Also keeps the committed SVGs identical
 * to what the renderer produces. After editing the generators or render.ts, regenerate them with
 *   WRITE_FIGURES=1 npx vitest run src/figures
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MATRIX_FIGURES } from "./bank";
import {
  type AttributeRule,
  type Cell,
  IQ_BANK_REVISION,
  type MatrixFigure,
  OPTION_LETTERS,
  plausibleOptions,
  SHAPE_ATTRIBUTES,
  type Stroke,
  cellKey,
} from "./matrices";
import { renderMatrixSvg } from "./render";
import { completingOptions, solveFigure } from "./solve";

const PUBLIC_DIR = fileURLToPath(new URL("../../../../apps/web/public/assessments/", import.meta.url));

const complete = (f: MatrixFigure): Cell[] => [...f.grid, f.options[f.answer]!];

/** Does one attribute, read over the completed grid, follow the rule the generator claims? */
function follows(rule: AttributeRule, v: (r: number, c: number) => unknown): boolean {
  const rows = [0, 1, 2].map((r) => [0, 1, 2].map((c) => v(r, c)));
  const cols = [0, 1, 2].map((c) => [0, 1, 2].map((r) => v(r, c)));
  const distinct = (xs: unknown[]) => new Set(xs).size;
  switch (rule) {
    case "const":
      return distinct(rows.flat()) === 1;
    case "row":
      return rows.every((r) => distinct(r) === 1) && distinct(rows.map((r) => r[0])) === 3;
    case "col":
      return cols.every((c) => distinct(c) === 1) && distinct(cols.map((c) => c[0])) === 3;
    case "latin":
      return [...rows, ...cols].every((line) => distinct(line) === 3);
  }
}

const STROKE_RULE = {
  union: (a: Stroke[], b: Stroke[]) => [...new Set([...a, ...b])],
  intersection: (a: Stroke[], b: Stroke[]) => a.filter((s) => b.includes(s)),
  xor: (a: Stroke[], b: Stroke[]) => [...a.filter((s) => !b.includes(s)), ...b.filter((s) => !a.includes(s))],
};

describe("the matrix bank", () => {
  it("has 60 figures with unique ids and unique grids", () => {
    expect(MATRIX_FIGURES).toHaveLength(60);
    expect(new Set(MATRIX_FIGURES.map((f) => f.id)).size).toBe(60);
    expect(new Set(MATRIX_FIGURES.map((f) => f.grid.map(cellKey).join("|"))).size).toBe(60);
  });

  it("offers eight options, A to H, so a blind guess is right one time in eight", () => {
    expect(OPTION_LETTERS).toEqual(["A", "B", "C", "D", "E", "F", "G", "H"]);
  });

  it("puts the key under every letter about equally often", () => {
    // 60 figures over 8 letters: each letter is the key 7 or 8 times.
    const counts = OPTION_LETTERS.map((_, i) => MATRIX_FIGURES.filter((f) => f.answer === i).length);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(60);
    for (const n of counts) expect([7, 8]).toContain(n);
  });
});

describe.each(MATRIX_FIGURES.map((f) => [f.id, f] as const))("matrix figure %s", (_, figure) => {
  it("has eight given cells and eight distinct, non-empty options", () => {
    expect(figure.grid).toHaveLength(8);
    expect(figure.options).toHaveLength(OPTION_LETTERS.length);
    expect(new Set(figure.options.map(cellKey)).size).toBe(OPTION_LETTERS.length);
    for (const o of figure.options) expect(o.kind !== "strokes" || o.strokes.length > 0).toBe(true);
  });

  it("keeps its distractors' character: one or two attributes off when close, neighbours or two off when far", () => {
    const f = figure.features;
    const key = figure.options[figure.answer]!;
    if (f.kind !== "shapes" || key.kind !== "shapes") return;
    const off = (o: Cell) => SHAPE_ATTRIBUTES.filter((attr) => o.kind === "shapes" && o[attr] !== key[attr]).length;
    const neighbours = new Set([7, 5, 6, 2, 4].map((i) => cellKey(figure.grid[i]!)));
    const distractors = figure.options.filter((_, i) => i !== figure.answer);
    for (const o of distractors) {
      if (f.close) expect([1, 2]).toContain(off(o));
      else expect(neighbours.has(cellKey(o)) || off(o) === 2).toBe(true);
    }
  });

  it("offers wrong options made of what the grid shows wherever the grid's values allow it", () => {
    // A grid that shows one shape and one fill (only the count varies) cannot offer seven such options.
    const values = (attr: "shape" | "count" | "fill") => new Set(figure.grid.map((c) => (c.kind === "shapes" ? c[attr] : null))).size;
    const narrow = figure.features.kind === "shapes" && values("shape") * values("count") * values("fill") < OPTION_LETTERS.length;
    if (!narrow) expect(plausibleOptions(figure)).toBe(OPTION_LETTERS.length);
  });

  it("follows the rule it was generated from once completed by its key", () => {
    const cells = complete(figure);
    const f = figure.features;
    if (f.kind === "shapes") {
      for (const attr of SHAPE_ATTRIBUTES) {
        const at = (r: number, c: number) => {
          const cell = cells[r * 3 + c]!;
          return cell.kind === "shapes" ? cell[attr] : null;
        };
        expect(follows(f.rules[attr], at), `${attr} should be ${f.rules[attr]}`).toBe(true);
      }
    } else {
      for (const r of [0, 1, 2]) {
        const s = (c: number) => {
          const cell = cells[r * 3 + c]!;
          return cell.kind === "strokes" ? cell.strokes : [];
        };
        expect(cellKey({ kind: "strokes", strokes: STROKE_RULE[f.op](s(0), s(1)) })).toBe(cellKey(cells[r * 3 + 2]!));
      }
    }
  });

  it("admits one completion only, and exactly one option — the keyed one — is it", () => {
    const { predictions, rules } = solveFigure(figure.grid);
    expect(predictions, `rules that fit: ${rules.join(", ")}`).toHaveLength(1);
    expect(completingOptions(figure.grid, figure.options)).toEqual([figure.answer]);
    // Every distractor breaks the rule.
    figure.options.forEach((o, i) => expect(cellKey(o) === predictions[0]).toBe(i === figure.answer));
  });
});

describe("the solver refuses ambiguous grids", () => {
  it("sees two rules in a line grid whose first rows never overlap", () => {
    const s = (...x: Stroke[]): Cell => ({ kind: "strokes", strokes: x });
    // Rows 1 and 2 share no lines, so "all lines" and "unshared lines" both fit; row 3 shares one.
    const grid = [s("top"), s("left"), s("top", "left"), s("ring"), s("vertical"), s("ring", "vertical"), s("top", "right"), s("right")];
    expect(solveFigure(grid).predictions.length).toBeGreaterThan(1);
    expect(completingOptions(grid, [s("top", "right"), s("top")])).toEqual([]);
  });

  it("sees no rule in a shape grid whose fill follows no pattern", () => {
    const c = (fill: "white" | "grey" | "black"): Cell => ({ kind: "shapes", shape: "circle", count: 1, fill });
    const grid = [c("white"), c("grey"), c("grey"), c("black"), c("white"), c("white"), c("grey"), c("black")];
    expect(solveFigure(grid).predictions).toEqual([]);
  });
});

// Earlier revisions' files stay: their retired questions, answered in older attempts, still point at them.
const ofThisRevision = (file: string) => file.startsWith(`${IQ_BANK_REVISION}-matrix-`);

describe("committed SVG files", () => {
  if (process.env.WRITE_FIGURES === "1") {
    mkdirSync(PUBLIC_DIR, { recursive: true });
    for (const file of readdirSync(PUBLIC_DIR).filter(ofThisRevision)) unlinkSync(`${PUBLIC_DIR}${file}`);
    for (const figure of MATRIX_FIGURES) writeFileSync(`${PUBLIC_DIR}${figure.id}.svg`, renderMatrixSvg(figure));
  }

  it.each(MATRIX_FIGURES.map((f) => [f.id, f] as const))("%s.svg matches the renderer and has an accessible title", (_, figure) => {
    const path = `${PUBLIC_DIR}${figure.id}.svg`;
    expect(existsSync(path), `${path} missing: run WRITE_FIGURES=1 npx vitest run src/figures`).toBe(true);
    const svg = readFileSync(path, "utf8");
    expect(svg).toBe(renderMatrixSvg(figure));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`<title id="${figure.id}-title">${figure.title}</title>`);
    // Every option is lettered in the picture and spelled out in the description.
    for (const letter of OPTION_LETTERS) {
      expect(svg).toContain(`>${letter}</text>`);
      expect(svg).toMatch(new RegExp(`<desc [^>]*>.*[:;] ${letter}, `));
    }
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it("holds no figure file the bank no longer uses", () => {
    const ids = new Set(MATRIX_FIGURES.map((f) => `${f.id}.svg`));
    const stale = readdirSync(PUBLIC_DIR).filter((f) => ofThisRevision(f) && !ids.has(f));
    expect(stale).toEqual([]);
  });
});
