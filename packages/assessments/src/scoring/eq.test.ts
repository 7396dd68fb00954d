import { describe, expect, it } from "vitest";
import { SELF_REFLECTION_NOTE } from "../labels";
import type { ScorableQuestion } from "./common";
import { scoreEq } from "./eq";

const CATEGORIES = ["selfAwareness", "selfRegulation", "motivation", "empathy", "socialSkills"];
// Three items per category: two normal, the third reverse-keyed. Ids: category index * 10 + 1..3.
const QUESTIONS: ScorableQuestion[] = CATEGORIES.flatMap((scale, c) =>
  [1, 2, 3].map((k) => ({ id: c * 10 + k, type: "slider", scoring: { scale, reverse: k === 3 } })),
);
const answersFor = (byCategory: Record<string, [string, string, string]>) =>
  Object.fromEntries(
    CATEGORIES.flatMap((cat, c) => (byCategory[cat] ?? ["3", "3", "3"]).map((a, k) => [String(c * 10 + k + 1), a])),
  );

describe("scoreEq", () => {
  it("scores a hand-computed case with reverse keys", () => {
    const result = scoreEq(
      QUESTIONS,
      answersFor({
        selfAwareness: ["5", "4", "2"], // 5 + 4 + (6-2) = 13 → mean 4.33 → 83.3 → 83
        selfRegulation: ["2", "3", "5"], // 2 + 3 + 1 = 6 → mean 2 → 25
        motivation: ["3", "3", "3"], // → 50
        empathy: ["5", "5", "1"], // 5 + 5 + 5 → 100
        socialSkills: ["1", "2", "4"], // 1 + 2 + 2 = 5 → mean 1.67 → 16.7 → 17
      }),
    );
    expect(result.resultData).toEqual({
      categories: { selfAwareness: 83, selfRegulation: 25, motivation: 50, empathy: 100, socialSkills: 17 },
    });
    expect(result.score).toBe(55); // (83 + 25 + 50 + 100 + 17) / 5 = 55
    expect(result.resultType).toBe("Empathy");
    expect(result.resultSummary).toContain("strongest domain is Empathy (100)");
    expect(result.resultSummary).toContain("most room to grow is Social Skills (17)");
    expect(result.resultSummary.split("\n").at(-1)).toBe(SELF_REFLECTION_NOTE);
  });

  it("scores a reverse item answered 1 as the maximum and 5 as the minimum", () => {
    const onlyReverse = QUESTIONS.filter((q) => q.scoring?.reverse && q.scoring.scale === "empathy");
    expect(scoreEq(onlyReverse, { 33: "1" }).resultData.categories.empathy).toBe(100);
    expect(scoreEq(onlyReverse, { 33: "5" }).resultData.categories.empathy).toBe(0);
  });

  it("describes an even profile and breaks ties by the fixed category order", () => {
    const result = scoreEq(QUESTIONS, answersFor({}));
    expect(Object.values(result.resultData.categories)).toEqual([50, 50, 50, 50, 50]);
    expect(result.resultType).toBe("Self-Awareness");
    expect(result.resultSummary).toContain("evenly balanced");
  });

  it("skips invalid answers and scores an unanswered category 0", () => {
    const result = scoreEq(QUESTIONS, { 1: "5", 2: "x", 3: "0" });
    expect(result.resultData.categories.selfAwareness).toBe(100);
    expect(result.resultData.categories.empathy).toBe(0);
  });
});
