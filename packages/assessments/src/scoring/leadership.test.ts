import { describe, expect, it } from "vitest";
import { SELF_REFLECTION_NOTE } from "../labels";
import type { ScorableQuestion } from "./common";
import { BLEND_MARGIN, scoreLeadership } from "./leadership";

const STYLES = ["visionary", "coaching", "affiliative", "democratic", "pacesetting", "commanding"];
// Five items per style, so a style score moves in steps of 5: (sum/5 - 1)/4 × 100 = 5 × sum - 25.
const QUESTIONS: ScorableQuestion[] = STYLES.flatMap((scale, s) =>
  [1, 2, 3, 4, 5].map((k) => ({ id: s * 10 + k, type: "slider", scoring: { scale } })),
);
const answersFor = (rows: string[][]) =>
  Object.fromEntries(rows.flatMap((row, s) => row.map((a, k) => [String(s * 10 + k + 1), a])));

describe("scoreLeadership", () => {
  it(`scores a hand-computed case; blends are within ${BLEND_MARGIN} points inclusive`, () => {
    const result = scoreLeadership(
      QUESTIONS,
      answersFor([
        ["5", "4", "4", "4", "4"], // visionary   sum 21 → 80
        ["4", "4", "4", "4", "4"], // coaching    sum 20 → 75 (exactly 5 below: a blend)
        ["4", "4", "4", "4", "3"], // affiliative sum 19 → 70 (10 below: not a blend)
        ["4", "4", "4", "4", "4"], // democratic  sum 20 → 75
        ["2", "2", "2", "2", "2"], // pacesetting sum 10 → 25
        ["1", "1", "1", "1", "1"], // commanding  sum 5  → 0
      ]),
    );
    expect(result.resultData).toEqual({
      styles: { visionary: 80, coaching: 75, affiliative: 70, democratic: 75, pacesetting: 25, commanding: 0 },
      primary: "visionary",
      blends: ["coaching", "democratic"],
    });
    expect(result.resultType).toBe("Visionary");
    expect(result.score).toBe(80);
    expect(result.resultSummary).toContain("primary leadership style is Visionary (80)");
    expect(result.resultSummary).toContain("Coaching (75) and Democratic (75)");
    expect(result.resultSummary).toContain("least-used style is Commanding (0)");
    expect(result.resultSummary.split("\n").at(-1)).toBe(SELF_REFLECTION_NOTE);
  });

  it("gives ties to the earlier style and treats a flat profile as broad range", () => {
    const result = scoreLeadership(QUESTIONS, answersFor(STYLES.map(() => ["3", "3", "3", "3", "3"])));
    expect(result.resultData.primary).toBe("visionary");
    expect(result.resultData.blends).toEqual(["coaching", "affiliative", "democratic", "pacesetting", "commanding"]);
    expect(result.resultSummary).toContain("all six styles to a similar degree");
  });

  it("honours reverse keys like the EQ scorer", () => {
    const q: ScorableQuestion[] = [
      { id: 1, type: "slider", scoring: { scale: "coaching" } },
      { id: 2, type: "slider", scoring: { scale: "coaching", reverse: true } },
    ];
    // 5 and (6 - 2) = 4 → mean 4.5 → 87.5 → 88
    expect(scoreLeadership(q, { 1: "5", 2: "2" }).resultData.styles.coaching).toBe(88);
  });
});
