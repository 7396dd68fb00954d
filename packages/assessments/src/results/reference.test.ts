import { describe, expect, it } from "vitest";
import { percentileAmong, referenceScores, referenceWords, resultReference } from "./reference";

describe("percentile among the people who took a test", () => {
  it("counts the people below and half of those level with the score, as a whole number 1-99", () => {
    const values = Array.from({ length: 200 }, (_, i) => i % 100); // each of 0..99 twice
    expect(percentileAmong(49, values)).toBe(50); // 98 below, 2 level: (98 + 1) / 200
    expect(percentileAmong(-5, values)).toBe(1); // nobody below, yet never "0 in 100"
    expect(percentileAmong(500, values)).toBe(99); // everybody below, yet never "100 in 100"
    expect(referenceWords(62, 1240)).toBe("higher than about 62 in 100 of the 1,240 people who took it here");
  });

  it("gives a flagged result, a personality result and an earlier scorer's result no reference", () => {
    const flagged = { score: 60, resultData: { quality: { flags: ["careless"] } } };
    expect(referenceScores("eq", flagged)).toBeNull();
    expect(referenceScores("personality", { score: null, resultData: {} })).toBeNull();
    expect(resultReference("eq", { score: 60, resultData: { categories: { empathy: 3 } } }, [])).toBeNull();
  });
});
