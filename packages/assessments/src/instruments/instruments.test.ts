/** Content integrity: the shapes the seed and the scorers rely on, checked for every instrument. */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../instruments";
import { EQ_CATEGORIES, IQ_DOMAINS, LEADERSHIP_STYLES, PERSONALITY_AXES } from "../labels";
import type { Instrument, InstrumentType } from "../types";

const PUBLIC_DIR = fileURLToPath(new URL("../../../../apps/web/public/", import.meta.url));

function instrument(type: InstrumentType): Instrument {
  const found = INSTRUMENTS.find((i) => i.type === type);
  if (!found) throw new Error(`no ${type} instrument`);
  return found;
}

function countBy<T>(items: readonly T[], key: (t: T) => string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item) ?? "(none)";
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

describe("the instrument list", () => {
  it("has the four instruments with the spec's slugs, titles and durations", () => {
    expect(INSTRUMENTS.map((i) => [i.slug, i.type, i.title, i.timeEstimate])).toEqual([
      ["personality-type", "personality", "Personality Type Assessment", 15],
      ["cognitive-intelligence", "iq", "Cognitive Intelligence Test", 20],
      ["emotional-intelligence", "eq", "Emotional Intelligence", 15],
      ["leadership-style", "leadership", "Leadership Style Analysis", 12],
    ]);
  });

  it.each(INSTRUMENTS)("$slug: orders are unique and contiguous from 1, items are unique", (inst) => {
    expect(inst.questions.map((q) => q.order)).toEqual(inst.questions.map((_, i) => i + 1));
    // Matrix items share a prompt and differ by their figure.
    expect(new Set(inst.questions.map((q) => `${q.text}|${q.imageUrl ?? ""}`)).size).toBe(inst.questions.length);
    for (const q of inst.questions) expect(q.text.trim().length).toBeGreaterThan(10);
    expect(inst.description.length).toBeGreaterThan(100);
  });

  it("uses no trademarked type-indicator names", () => {
    const text = JSON.stringify(INSTRUMENTS);
    expect(text).not.toMatch(/myers|briggs|mbti|16\s*personalities/i);
  });

  it.each(INSTRUMENTS.filter((i) => i.type !== "iq"))("$slug: every item is a 1-5 slider with a scale", (inst) => {
    for (const q of inst.questions) {
      expect(q.type).toBe("slider");
      expect(q.options).toBeUndefined();
      expect(q.correctAnswer).toBeUndefined();
      expect(q.scoring?.scale).toBeTruthy();
    }
  });
});

describe("personality content", () => {
  const questions = instrument("personality").questions;

  it("has 10-12 items per dichotomy", () => {
    const counts = countBy(questions, (q) => q.scoring?.scale);
    expect(Object.keys(counts).sort()).toEqual(PERSONALITY_AXES.map((a) => a.key).sort());
    for (const n of Object.values(counts)) {
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThanOrEqual(12);
    }
  });

  it("pairs each item with exactly its axis's two poles and swaps the left pole in about half the items", () => {
    for (const axis of PERSONALITY_AXES) {
      const items = questions.filter((q) => q.scoring?.scale === axis.key);
      for (const q of items) {
        expect([q.scoring?.leftPole, q.scoring?.rightPole].sort()).toEqual([axis.first, axis.second].sort());
      }
      // Exactly half the items agree toward each pole, so acquiescence cancels out on every axis.
      const firstOnLeft = items.filter((q) => q.scoring?.leftPole === axis.first).length;
      expect(firstOnLeft).toBe(items.length / 2);
    }
    // And across the whole instrument, agreement points to each side equally often.
    const towardFirst = questions.filter((q) => PERSONALITY_AXES.some((a) => a.first === q.scoring?.rightPole)).length;
    expect(towardFirst).toBe(questions.length / 2);
  });
});

describe("cognitive content", () => {
  const questions = instrument("iq").questions;

  it("carries documented provisional item parameters, easier items first", () => {
    const b = questions.map((q) => q.scoring?.irt?.b ?? Number.NaN);
    expect(b.every(Number.isFinite)).toBe(true);
    expect([...b].sort((x, y) => x - y)).toEqual(b);
  });

  it("has 24-30 multiple-choice items with 4-5 distinct options and one correct answer among them", () => {
    expect(questions.length).toBeGreaterThanOrEqual(24);
    expect(questions.length).toBeLessThanOrEqual(30);
    for (const q of questions) {
      expect(q.type).toBe("multiple-choice");
      const options = q.options ?? [];
      expect(options.length).toBeGreaterThanOrEqual(4);
      expect(options.length).toBeLessThanOrEqual(5);
      expect(new Set(options).size).toBe(options.length);
      expect(options.filter((o) => o === q.correctAnswer)).toHaveLength(1);
      expect(IQ_DOMAINS).toContain(q.scoring?.domain);
    }
  });

  it("covers all four item families, matrices with an image", () => {
    const counts = countBy(questions, (q) => q.scoring?.domain);
    for (const d of IQ_DOMAINS) expect(counts[d]).toBeGreaterThanOrEqual(5);
    for (const q of questions) expect(Boolean(q.imageUrl)).toBe(q.scoring?.domain === "matrix");
  });

  it("points every imageUrl at an existing SVG with a <title>", () => {
    for (const q of questions.filter((x) => x.imageUrl)) {
      expect(q.imageUrl).toMatch(/^\/assessments\/[a-z0-9-]+\.svg$/);
      const file = `${PUBLIC_DIR}${q.imageUrl!.slice(1)}`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
  });

  it("spreads correct answers over option positions (no letter is right more than a third of the time)", () => {
    const positions = countBy(questions, (q) => String(q.options?.indexOf(q.correctAnswer ?? "")));
    for (const n of Object.values(positions)) expect(n).toBeLessThanOrEqual(questions.length / 3);
  });

  // Independent recomputation of the keyed series so a typo in an answer cannot slip through.
  it("keys the number series with the value their rule produces", () => {
    const expected: Record<string, string> = {
      "3, 7, 11, 15, …": String(15 + 4),
      "2, 6, 18, 54, …": String(54 * 3),
      "5, 6, 8, 11, 15, …": String(15 + 5),
      "2, 3, 5, 8, 13, …": String(8 + 13),
      "7, 10, 8, 11, 9, …": String(9 + 3),
      "3, 5, 9, 17, 33, …": String(33 * 2 - 1),
      "1, 2, 6, 24, 120, …": String(120 * 6),
    };
    const letter = (n: number) => String.fromCharCode(64 + n);
    Object.assign(expected, {
      "A, C, E, G, …": letter(9),
      "B, E, H, K, …": letter(11 + 3),
      "Z, X, U, Q, …": letter(17 - 5),
    });
    for (const [series, answer] of Object.entries(expected)) {
      const q = questions.find((x) => x.text.endsWith(series));
      expect(q, series).toBeDefined();
      expect(q?.correctAnswer).toBe(answer);
    }
  });
});

describe("emotional intelligence content", () => {
  const questions = instrument("eq").questions;

  it("has 6 items per category, exactly 2 of them reverse-keyed", () => {
    for (const category of EQ_CATEGORIES) {
      const items = questions.filter((q) => q.scoring?.scale === category);
      expect(items).toHaveLength(6);
      expect(items.filter((q) => q.scoring?.reverse === true)).toHaveLength(2);
    }
    expect(questions).toHaveLength(EQ_CATEGORIES.length * 6);
  });
});

describe("leadership content", () => {
  const questions = instrument("leadership").questions;

  it("has 5-6 frequency items per style and no unknown scale", () => {
    const counts = countBy(questions, (q) => q.scoring?.scale);
    expect(Object.keys(counts).sort()).toEqual([...LEADERSHIP_STYLES].sort());
    for (const n of Object.values(counts)) {
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(6);
    }
  });

  it("gives every style at least one reverse-keyed item, so agreeing with everything does not inflate a style", () => {
    for (const style of LEADERSHIP_STYLES) {
      const items = questions.filter((q) => q.scoring?.scale === style);
      expect(items.filter((q) => q.scoring?.reverse === true).length).toBeGreaterThanOrEqual(1);
      expect(items.filter((q) => q.scoring?.reverse !== true).length).toBeGreaterThanOrEqual(4);
    }
  });
});
