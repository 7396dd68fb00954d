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
    expect(scoreAttempt("personality", loaded("personality"), answers)).toEqual(
      scorePersonality(loaded("personality"), answers),
    );
    expect(scoreAttempt("iq", loaded("iq"), {})).toEqual(scoreIq(loaded("iq"), {}));
    expect(() => scoreAttempt("astrology", [], {})).toThrow(/Unknown test type/);
  });

  it("scores the real instruments end to end", () => {
    const all = (type: InstrumentType, value: string) => Object.fromEntries(loaded(type).map((q) => [q.id, value]));
    // Neutral answers everywhere: balanced personality, mid-scale EQ and leadership.
    expect(scoreAttempt("personality", loaded("personality"), all("personality", "3")).resultType).toBe("INFP");
    expect(scoreAttempt("eq", loaded("eq"), all("eq", "3")).score).toBe(50);
    expect(scoreAttempt("leadership", loaded("leadership"), all("leadership", "5")).score).toBe(100);
    // Agreeing with everything on the EQ cancels out on the reverse-keyed items: (4 × 5 + 2 × 1) / 6.
    expect(scoreAttempt("eq", loaded("eq"), all("eq", "5")).score).toBe(Math.round(((22 / 6 - 1) / 4) * 100));
    // Agreeing with everything on the personality test cannot produce a confident type: keying
    // alternates (6 vs 5 items per axis), so each axis lands at clarity 4/44 ≈ 9 and is tentative.
    const yes = scoreAttempt("personality", loaded("personality"), all("personality", "5"));
    expect(yes.resultData).toMatchObject({ tentative: ["EI", "SN", "TF", "JP"], clarity: { EI: 9, SN: 9, TF: 9, JP: 9 } });

    const keyed = Object.fromEntries(loaded("iq").map((q) => [q.id, q.correctAnswer!]));
    const iq = scoreAttempt("iq", loaded("iq"), keyed);
    expect(iq.resultData).toMatchObject({ correctAnswers: 28, totalQuestions: 28 });
    expect(iq.resultType).toBe("Very Superior");
  });
});
