/**
 * The reasoning bank: non-verbal and numeric only, every key proven unique by an independent
 * solver (figures/solve.ts, series-solve.ts, equation-solve.ts read the item as shown), and
 * provisional 4PL difficulties spread where executives score (docs/decisions/0036).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MATRIX_FIGURES } from "../figures/bank";
import { plausibleOptions } from "../figures/matrices";
import { completingOptions } from "../figures/solve";
import { INSTRUMENTS } from "../instruments";
import { IQ_DOMAINS } from "../labels";
import { EQUATION_INSTRUCTION } from "./iq-equations";
import { MATRIX_INSTRUCTION, SERIES_INSTRUCTION } from "./iq";
import { parseEquations, solutions, uniqueValue } from "./equation-solve";
import { parseSeries, seriesPredictions, uniqueNext } from "./series-solve";

const PUBLIC_DIR = fileURLToPath(new URL("../../../../apps/web/public/", import.meta.url));
const questions = INSTRUMENTS.find((i) => i.type === "iq")!.questions;
const ofDomain = (d: string) => questions.filter((q) => q.scoring?.domain === d);

describe("the reasoning bank", () => {
  it("holds at least 110 eight-option items in the three non-verbal families, each family at least 20", () => {
    expect(questions.length).toBeGreaterThanOrEqual(110);
    for (const d of IQ_DOMAINS) expect(ofDomain(d).length, d).toBeGreaterThanOrEqual(20);
    for (const q of questions) {
      expect(q.type).toBe("multiple-choice");
      expect(IQ_DOMAINS).toContain(q.scoring?.domain);
      expect(q.options).toHaveLength(8);
      expect(new Set(q.options).size).toBe(8);
      expect(q.options!.filter((o) => o === q.correctAnswer)).toHaveLength(1);
      expect(Boolean(q.imageUrl)).toBe(q.scoring?.domain === "matrix");
    }
  });

  it("uses no words beyond the three instructions: the rest is numbers, symbols and option letters", () => {
    const instructions = [MATRIX_INSTRUCTION, SERIES_INSTRUCTION, EQUATION_INSTRUCTION];
    for (const q of questions) {
      const instruction = instructions.find((i) => q.text.startsWith(i));
      expect(instruction, q.text).toBeDefined();
      expect(q.text.slice(instruction!.length), q.text).toMatch(/^[0-9\s,…■▲●+−×=?;]*$/);
      for (const o of q.options ?? []) expect(o).toMatch(/^(\d+|[A-H])$/);
    }
  });

  it("puts the key under every option position about equally often", () => {
    for (let pos = 0; pos < 8; pos++) {
      const n = questions.filter((q) => q.options?.indexOf(q.correctAnswer ?? "") === pos).length;
      expect(n).toBeGreaterThanOrEqual(Math.floor(questions.length / 8) - 2);
      expect(n).toBeLessThanOrEqual(Math.ceil(questions.length / 8) + 2);
    }
  });

  it("points every imageUrl at an existing SVG with a <title>", () => {
    for (const q of ofDomain("matrix")) {
      expect(q.imageUrl).toMatch(/^\/assessments\/iq2-matrix-\d{3}\.svg$/);
      const file = `${PUBLIC_DIR}${q.imageUrl!.slice(1)}`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
  });
});

describe("provisional 4PL parameters", () => {
  const b = questions.map((q) => q.scoring?.irt?.b ?? Number.NaN);

  it("carry a, b, a guessing floor of one over the options a guesser cannot dismiss, and a slip ceiling, easiest first", () => {
    const figures = new Map(MATRIX_FIGURES.map((f) => [f.id, f]));
    for (const q of questions) {
      const irt = q.scoring?.irt;
      expect(irt?.a).toBeGreaterThanOrEqual(1.3);
      expect(irt?.a).toBeLessThanOrEqual(1.8);
      // A matrix option with a shape, fill, count or line seen nowhere in the grid is easy to dismiss.
      const figure = figures.get(q.key ?? "");
      const plausible = figure ? plausibleOptions(figure) : q.options!.length;
      expect(irt?.c).toBeCloseTo(1 / plausible, 3);
      expect(irt?.c).toBeGreaterThanOrEqual(1 / 8);
      expect(irt?.d).toBe(0.98);
    }
    // Count-only shape grids show one shape and one fill, so five of their seven wrong options give themselves away.
    expect(questions.find((q) => q.key === "iq2-matrix-004")?.scoring?.irt?.c).toBeCloseTo(1 / 3, 3);
    expect(b.every(Number.isFinite)).toBe(true);
    expect([...b].sort((x, y) => x - y)).toEqual(b);
  });

  it("span IQ 85 to 150 with most items between IQ 110 and 140", () => {
    expect(Math.min(...b)).toBeLessThanOrEqual(-1);
    expect(Math.max(...b)).toBeGreaterThanOrEqual(3.3);
    const core = b.filter((x) => x >= 0.7 && x <= 2.7).length;
    console.log(`iq bank: ${questions.length} items, b from ${Math.min(...b)} to ${Math.max(...b)}, ${core} in [0.7, 2.7]`);
    expect(core / b.length).toBeGreaterThanOrEqual(0.6);
    // And the very top is not one lonely item: an adaptive test needs several items above IQ 140.
    expect(b.filter((x) => x > 2.7).length).toBeGreaterThanOrEqual(5);
  });

  it("rise with what makes an item hard in every family", () => {
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const bOf = (keys: string[]) => mean(questions.filter((q) => keys.includes(q.key!)).map((q) => q.scoring!.irt!.b));
    const shapes = MATRIX_FIGURES.filter((f) => f.features.kind === "shapes");
    const varying = (n: number) =>
      shapes.filter((f) => f.features.kind === "shapes" && Object.values(f.features.rules).filter((r) => r !== "const").length === n);
    expect(bOf(varying(1).map((f) => f.id))).toBeLessThan(bOf(varying(2).map((f) => f.id)));
    expect(bOf(varying(2).map((f) => f.id))).toBeLessThan(bOf(varying(3).map((f) => f.id)));
    const op = (name: string) => MATRIX_FIGURES.filter((f) => f.features.kind === "strokes" && f.features.op === name).map((f) => f.id);
    expect(bOf(op("union"))).toBeLessThan(bOf(op("intersection")));
    expect(bOf(op("intersection"))).toBeLessThan(bOf(op("xor")));
  });
});

describe("every key is the only answer", () => {
  it.each(ofDomain("matrix").map((q) => [q.key!, q] as const))("%s: exactly one option completes the grid", (key, q) => {
    const figure = MATRIX_FIGURES.find((f) => f.id === key)!;
    const letter = q.options!.indexOf(q.correctAnswer!);
    expect(completingOptions(figure.grid, figure.options)).toEqual([letter]);
  });

  it.each(ofDomain("series").map((q) => [q.key!, q] as const))("%s: every fitting rule gives the key, no option but the key", (_, q) => {
    const shown = parseSeries(q.text);
    expect(shown.length).toBeGreaterThanOrEqual(5);
    const next = uniqueNext(shown);
    expect(next, JSON.stringify(seriesPredictions(shown))).toBe(Number(q.correctAnswer));
    // Every distractor breaks every rule that fits the shown terms.
    const predicted = new Set(seriesPredictions(shown).map((p) => p.next));
    for (const o of q.options!.filter((x) => x !== q.correctAnswer)) expect(predicted.has(Number(o))).toBe(false);
  });

  it.each(ofDomain("equation").map((q) => [q.key!, q] as const))("%s: one assignment of the symbols fits, giving the key", (_, q) => {
    expect(solutions(parseEquations(q.text))).toHaveLength(1);
    expect(uniqueValue(q.text)).toBe(Number(q.correctAnswer));
  });

  it("the solvers refuse items with two answers", () => {
    expect(uniqueNext([1, 2, 4, 8, 16])).toBe(32);
    expect(uniqueNext([2, 4, 6, 8])).toBe(10);
    // Each term the sum of the three before it (44 next), or constant third differences (42 next).
    expect(uniqueNext([2, 4, 7, 13, 24])).toBeNull();
    // ■ + ▲ = 10 alone leaves eleven assignments.
    expect(uniqueValue(`${EQUATION_INSTRUCTION} ■ + ▲ = 10;  ■ × ▲ = ?`)).toBeNull();
  });
});
