import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../instruments";
import type { InstrumentType } from "../types";
import {
  CHOICE_ANSWER_MESSAGE,
  SLIDER_ANSWER_MESSAGE,
  scoreAttempt,
  scoreEq,
  scoreIq,
  scoreLeadership,
  scorePersonality,
  validateAnswer,
} from "./index";

/** The real instruments as the API would load them: with ids and nullable columns. */
function loaded(type: InstrumentType) {
  const inst = INSTRUMENTS.find((i) => i.type === type)!;
  return inst.questions.map((q) => ({
    id: q.order * 7,
    type: q.type,
    options: q.options ?? null,
    correctAnswer: q.correctAnswer ?? null,
    scoring: q.scoring ?? null,
  }));
}

describe("validateAnswer", () => {
  const slider = { type: "slider" };
  const choice = { type: "multiple-choice", options: ["foot", "shoe", "leg"] };

  it.each(["1", "2", "3", "4", "5"])("accepts slider %s", (a) => expect(validateAnswer(slider, a)).toBeNull());
  it.each(["0", "6", "3.0", " 3", "3 ", "", "three", "-1", "10"])("rejects slider %j", (a) =>
    expect(validateAnswer(slider, a)).toBe(SLIDER_ANSWER_MESSAGE),
  );
  it("accepts only an exact option for multiple choice", () => {
    expect(validateAnswer(choice, "shoe")).toBeNull();
    expect(validateAnswer(choice, "Shoe")).toBe(CHOICE_ANSWER_MESSAGE);
    expect(validateAnswer(choice, "hat")).toBe(CHOICE_ANSWER_MESSAGE);
    expect(validateAnswer({ type: "multiple-choice", options: null }, "x")).toMatch(/no options/);
  });
  it("rejects non-strings and unknown question types", () => {
    expect(validateAnswer(slider, 3 as unknown as string)).not.toBeNull();
    expect(validateAnswer({ type: "essay" }, "x")).toMatch(/Unsupported/);
  });
  it("accepts every keyed answer of the real IQ test", () => {
    for (const q of loaded("iq")) expect(validateAnswer(q, q.correctAnswer!)).toBeNull();
  });
});

describe("scoreAttempt", () => {
  it("dispatches to the scorer for each type", () => {
    const answers = Object.fromEntries(loaded("eq").map((q) => [q.id, "4"]));
    expect(scoreAttempt("eq", loaded("eq"), answers)).toEqual(scoreEq(loaded("eq"), answers));
    expect(scoreAttempt("leadership", loaded("leadership"), answers)).toEqual(scoreLeadership(loaded("leadership"), answers));
    expect(scoreAttempt("personality", loaded("personality"), answers)).toEqual(scorePersonality(loaded("personality"), answers));
    expect(scoreAttempt("iq", loaded("iq"), {})).toEqual(scoreIq(loaded("iq"), {}));
    expect(() => scoreAttempt("astrology", [], {})).toThrow(/Unknown test type/);
  });

  it("scores the real instruments end to end", () => {
    const all = (type: InstrumentType, value: string) => Object.fromEntries(loaded(type).map((q) => [q.id, value]));
    // Neutral answers everywhere: flagged as a flat pattern, so no letter is named.
    const neutral = scoreAttempt("personality", loaded("personality"), all("personality", "3"));
    expect(neutral.resultType).toBe("----");
    expect((neutral.resultData as { quality: { flags: string[] } }).quality.flags).toContain("straight-lining");
    // The same answer to every statement is flagged and names nothing (the scales' estimates differ
    // only by how easy their items are to agree with, which says nothing about the person).
    for (const type of ["eq", "leadership"] as const) {
      for (const value of ["3", "5"]) {
        const r = scoreAttempt(type, loaded(type), all(type, value));
        expect(r.resultType).toMatch(/^No (single dominant style|clear strongest domain)$/);
        expect((r.resultData as { quality: { flags: string[] } }).quality.flags).toContain("straight-lining");
      }
    }
    // Agreeing with everything on the personality test cannot produce a type: each axis is keyed
    // 15:15, so no letter is firm, and the flat pattern is flagged.
    const yes = scoreAttempt("personality", loaded("personality"), all("personality", "5"));
    expect(yes.resultData).toMatchObject({ tentative: ["EI", "SN", "TF", "JP"] });
    expect(yes.resultType).toBe("----");

    const keyed = Object.fromEntries(loaded("iq").map((q) => [q.id, q.correctAnswer!]));
    const iq = scoreAttempt("iq", loaded("iq"), keyed);
    expect(iq.resultData).toMatchObject({ correctAnswers: loaded("iq").length, totalQuestions: loaded("iq").length });
    // A perfect sheet is a ceiling result: "at least" the lower bound, no upper bound, provisional norm.
    expect(iq.resultData).toMatchObject({ estimate: { ceiling: true, high: null, level: 0.9, norm: { kind: "provisional" } } });
    expect(iq.score).toBe((iq.resultData as { estimate: { score: number } }).estimate.score);
    expect(iq.resultSummary).toMatch(/at least \d+/);
    expect(iq.resultSummary).toMatch(/provisional/i);
  });
});
