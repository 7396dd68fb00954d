/** Content integrity of the slider banks: the shapes the seed and the scorers rely on, and the item-writing rules of decision 0036. */
import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../instruments";
import { EQ_CATEGORIES, LEADERSHIP_STYLES, PERSONALITY_AXES } from "../labels";
import type { Instrument, InstrumentQuestion, InstrumentType } from "../types";

function instrument(type: InstrumentType): Instrument {
  const found = INSTRUMENTS.find((i) => i.type === type);
  if (!found) throw new Error(`no ${type} instrument`);
  return found;
}

const byScale = (questions: readonly InstrumentQuestion[], scale: string) => questions.filter((q) => q.scoring?.scale === scale);

const STOP = new Set(
  "i a an the to of my me in on at for with when is am are was be it that this what how who whom by as if do not no so up or and can".split(
    " ",
  ),
);
/** Content words of a statement, crudely stemmed, so rewordings of one idea share most of them. */
function tokens(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[^a-z' ]/g, " ")
    .split(/\s+/);
  return new Set(words.filter((w) => w && !STOP.has(w)).map((w) => w.replace(/(ing|ed|s)$/, "")));
}
function similarity(a: string, b: string): number {
  const [x, y] = [tokens(a), tokens(b)];
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / (x.size + y.size - shared);
}

const SLIDERS = INSTRUMENTS.filter((i) => i.type !== "iq");

describe("the instrument list", () => {
  it("has the four instruments with the spec's slugs, titles and durations", () => {
    expect(INSTRUMENTS.map((i) => [i.slug, i.type, i.title, i.timeEstimate])).toEqual([
      ["personality-type", "personality", "Personality Type Assessment", 15],
      ["cognitive-intelligence", "iq", "Cognitive Intelligence Test", 20],
      ["emotional-intelligence", "eq", "Emotional Intelligence", 15],
      ["leadership-style", "leadership", "Leadership Style Analysis", 12],
    ]);
  });

  it.each(INSTRUMENTS)("$slug: orders are consecutive from 1 and items are unique", (inst) => {
    expect(inst.questions.map((q) => q.order)).toEqual(inst.questions.map((_, i) => i + 1));
    // Matrix items share a prompt and differ by their figure.
    expect(new Set(inst.questions.map((q) => `${q.text}|${q.imageUrl ?? ""}`)).size).toBe(inst.questions.length);
    for (const q of inst.questions) expect(q.text.trim().length).toBeGreaterThan(10);
    expect(inst.description.length).toBeGreaterThan(100);
  });

  it("gives every item a key unique across all instruments, named after its instrument and scale", () => {
    const keys = INSTRUMENTS.flatMap((i) => i.questions.map((q) => q.key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const inst of SLIDERS) {
      for (const q of inst.questions) expect(q.key).toMatch(new RegExp(`^${inst.type}-${q.scoring?.scale}-\\d{2}$`));
    }
    for (const q of instrument("iq").questions) expect(q.key).toMatch(/^iq2-(matrix|series|equation)-\d{3}$/);
  });

  it("uses no trademarked type-indicator names", () => {
    expect(JSON.stringify(INSTRUMENTS)).not.toMatch(/myers|briggs|mbti|16\s*personalities/i);
  });

  it("fits the slider banks in their time budgets at about 7 seconds an item plus a minute of instructions", () => {
    for (const inst of SLIDERS) expect((inst.questions.length * 7) / 60 + 1).toBeLessThanOrEqual(inst.timeEstimate);
  });
});

describe.each(SLIDERS)("$slug items", (inst) => {
  it("are 1-5 sliders with a scale, a keying and ordered provisional graded-response parameters", () => {
    for (const q of inst.questions) {
      expect(q.type).toBe("slider");
      expect(q.options).toBeUndefined();
      expect(q.correctAnswer).toBeUndefined();
      expect(q.scoring?.scale).toBeTruthy();
      expect([1, -1]).toContain(q.scoring?.keying);
      const grm = q.scoring?.grm;
      expect(grm?.a).toBeGreaterThanOrEqual(1.3);
      expect(grm?.a).toBeLessThanOrEqual(1.8);
      const t = grm?.thresholds ?? [];
      expect(t).toHaveLength(4);
      for (let i = 1; i < 4; i++) expect(t[i]!).toBeGreaterThan(t[i - 1]!);
      expect(Math.abs(t[0]!)).toBeLessThan(4);
      expect(Math.abs(t[3]!)).toBeLessThan(4);
    }
  });

  it("say one thing in a short sentence of plain words", () => {
    for (const q of inst.questions) {
      expect(q.text.split(/\s+/).length, q.text).toBeLessThanOrEqual(13);
      expect(q.text, q.text).not.toMatch(/[;:()]/);
      expect(q.text).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("are no rewordings of one another: near-duplicates neither within a scale nor across scales", () => {
    const qs = inst.questions;
    for (let i = 0; i < qs.length; i++) {
      for (let j = i + 1; j < qs.length; j++) {
        const sameScale = qs[i]!.scoring?.scale === qs[j]!.scoring?.scale;
        const limit = sameScale ? 0.55 : 0.45;
        expect(similarity(qs[i]!.text, qs[j]!.text), `${qs[i]!.text} | ${qs[j]!.text}`).toBeLessThan(limit);
      }
    }
  });

  it("never run more than two items of one scale in a row", () => {
    const scales = inst.questions.map((q) => q.scoring?.scale);
    for (let i = 2; i < scales.length; i++) expect(scales[i] === scales[i - 1] && scales[i] === scales[i - 2]).toBe(false);
  });
});

describe("the similarity check", () => {
  it("flags a reworded item and passes distinct ones", () => {
    expect(similarity("I notice when a colleague is stressed.", "I notice when colleagues are stressed.")).toBeGreaterThan(0.6);
    expect(similarity("I take charge in a crisis.", "I enjoy surprises.")).toBe(0);
  });
});

describe("personality content", () => {
  const questions = instrument("personality").questions;

  it("has 30 items per dichotomy, 15 keyed toward each pole", () => {
    for (const axis of PERSONALITY_AXES) {
      const items = byScale(questions, axis.key);
      expect(items).toHaveLength(30);
      expect(items.filter((q) => q.scoring?.keying === 1)).toHaveLength(15);
    }
    expect(questions).toHaveLength(120);
  });

  it("keeps the poles the scorer reads consistent with keying: agreeing points to rightPole, the second pole when keying is 1", () => {
    for (const axis of PERSONALITY_AXES) {
      for (const q of byScale(questions, axis.key)) {
        expect([q.scoring?.leftPole, q.scoring?.rightPole].sort()).toEqual([axis.first, axis.second].sort());
        expect(q.scoring?.rightPole).toBe(q.scoring?.keying === 1 ? axis.second : axis.first);
      }
    }
  });

  it("asks nothing comparative or double on an agree scale", () => {
    for (const q of questions) expect(q.text, q.text).not.toMatch(/\b(than|rather|prefer|instead|whereas|but)\b/i);
  });
});

describe("emotional intelligence content", () => {
  const questions = instrument("eq").questions;

  it("has 22 items per domain, 7 of them reversed, with `reverse` equal to keying −1", () => {
    for (const category of EQ_CATEGORIES) {
      const items = byScale(questions, category);
      expect(items).toHaveLength(22);
      expect(items.filter((q) => q.scoring?.keying === -1)).toHaveLength(7);
      for (const q of items) expect(q.scoring?.reverse).toBe(q.scoring?.keying === -1);
    }
    expect(questions).toHaveLength(110);
  });
});

describe("leadership content", () => {
  const questions = instrument("leadership").questions;

  it("has 15 items per style, 5 of them reversed, with `reverse` equal to keying −1", () => {
    for (const style of LEADERSHIP_STYLES) {
      const items = byScale(questions, style);
      expect(items).toHaveLength(15);
      expect(items.filter((q) => q.scoring?.keying === -1)).toHaveLength(5);
      for (const q of items) expect(q.scoring?.reverse).toBe(q.scoring?.keying === -1);
    }
    expect(questions).toHaveLength(90);
  });

  it("writes reversed items as the absence of their own style, not the presence of another", () => {
    // A reversed item says the leader does little of this ("rarely", "seldom", "not", …).
    const absence =
      /\b(rarely|seldom|not|no|little|avoid|hard|struggle|uncomfortable|slow|leave|keep my conversations|accept|comfortable with work|easy to reach)\b/i;
    for (const q of questions.filter((x) => x.scoring?.keying === -1)) expect(q.text, q.text).toMatch(absence);
  });
});
