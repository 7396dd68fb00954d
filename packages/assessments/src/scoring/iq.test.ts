import { describe, expect, it } from "vitest";
import { SELF_REFLECTION_NOTE } from "../labels";
import type { ScorableQuestion } from "./common";
import { iqBand, scoreIq } from "./iq";

const OPTIONS = ["a", "b", "c", "d"];
const DOMAINS = ["series", "series", "series", "series", "verbal", "verbal", "verbal", "matrix", "matrix", "matrix"];
const QUESTIONS: ScorableQuestion[] = DOMAINS.map((domain, i) => ({
  id: i + 1,
  type: "multiple-choice",
  options: OPTIONS,
  correctAnswer: "b",
  scoring: { domain },
}));
/** The first `correct` items answered correctly, the rest wrong. */
const answers = (correct: number) =>
  Object.fromEntries(QUESTIONS.map((q, i) => [String(q.id), i < correct ? "b" : "c"]));

describe("scoreIq", () => {
  it("estimates 7 of 10 as 100 + 15 × 0.2 / 0.18 with a binomial standard error", () => {
    const result = scoreIq(QUESTIONS, answers(7));
    // p = 0.7 → 116.67 → 116.7 → score 117. SE: p̃ = 8/12, sqrt(p̃(1-p̃)/10) = 0.1491 → × 15/0.18 = 12.42
    expect(result.resultData).toEqual({
      correctAnswers: 7,
      totalQuestions: 10,
      estimate: 116.7,
      standardError: 12.4,
      band: "High Average",
      domains: { series: { correct: 4, total: 4 }, verbal: { correct: 3, total: 3 }, matrix: { correct: 0, total: 3 } },
    });
    expect(result.score).toBe(117);
    expect(result.resultType).toBe("High Average");
    expect(result.resultSummary).toContain("7 of 10");
    expect(result.resultSummary).toContain("between 104 and 129");
    expect(result.resultSummary).toContain("strongest area was number and letter series (4 of 4)");
    expect(result.resultSummary).toContain("weakest was visual matrices (0 of 3)");
    expect(result.resultSummary).toContain("not a clinical or diagnostic IQ assessment");
    expect(result.resultSummary.split("\n").at(-1)).toBe(SELF_REFLECTION_NOTE);
  });

  it("keeps uncertainty at the extremes and stays inside the scale", () => {
    const perfect = scoreIq(QUESTIONS, answers(10)); // p = 1 → 141.67
    expect(perfect.resultData).toMatchObject({ estimate: 141.7, standardError: 7.3, band: "Very Superior" });
    expect(perfect.score).toBe(142);
    const none = scoreIq(QUESTIONS, answers(0)); // p = 0 → 58.33
    expect(none.resultData).toMatchObject({ estimate: 58.3, standardError: 7.3, band: "Below Average" });
    const half = scoreIq(QUESTIONS, answers(5));
    expect(half.score).toBe(100);
    expect(half.resultType).toBe("Average");
  });

  it("counts unanswered and non-exact answers as incorrect", () => {
    const result = scoreIq(QUESTIONS, { 1: "b", 2: "B", 3: " b" });
    expect(result.resultData.correctAnswers).toBe(1);
    expect(result.resultData.totalQuestions).toBe(10);
  });

  it("refuses a test with no keyed questions", () => {
    expect(() => scoreIq([{ id: 1, type: "slider" }], {})).toThrow();
  });
});

describe("iqBand", () => {
  it.each([
    [145, "Very Superior"],
    [130.1, "Very Superior"],
    [130, "Superior"],
    [120.5, "Superior"],
    [120, "High Average"],
    [110.01, "High Average"],
    [110, "Average"],
    [100, "Average"],
    [90, "Low Average"],
    [80.5, "Low Average"],
    [80, "Below Average"],
    [55, "Below Average"],
  ])("%s → %s", (score, label) => {
    const band = iqBand(score);
    expect(band.label).toBe(label);
    expect(band.description).toMatch(/^[A-Z].{30,}\.$/);
  });
});
