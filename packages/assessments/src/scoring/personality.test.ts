import { describe, expect, it } from "vitest";
import { SELF_REFLECTION_NOTE } from "../labels";
import type { ScorableQuestion } from "./common";
import { TENTATIVE_CLARITY, scorePersonality } from "./personality";

const item = (id: number, scale: string, leftPole: string, rightPole: string): ScorableQuestion => ({
  id,
  type: "slider",
  scoring: { scale, leftPole, rightPole },
});

// Two items per axis with the poles swapped between them.
const QUESTIONS = [
  item(1, "EI", "E", "I"),
  item(2, "EI", "I", "E"),
  item(3, "SN", "S", "N"),
  item(4, "SN", "N", "S"),
  item(5, "TF", "T", "F"),
  item(6, "TF", "F", "T"),
  item(7, "JP", "J", "P"),
  item(8, "JP", "P", "J"),
];

describe("scorePersonality", () => {
  it("scores a hand-computed case: left pole gets 5 - r, right pole r - 1", () => {
    // q1 r5: I+4 | q2 r2: I+3 E+1        → E1 I7, clarity 6/8 = 75
    // q3 r3: S2 N2 | q4 r3: N2 S2        → S4 N4, tie → N, clarity 0 (tentative)
    // q5 r1: T+4 | q6 r4: F+1 T+3        → T7 F1, clarity 75
    // q7 r4: J1 P3 | q8 r3: P2 J2        → J3 P5, clarity 2/8 = 25
    const answers = { 1: "5", 2: "2", 3: "3", 4: "3", 5: "1", 6: "4", 7: "4", 8: "3" };
    const result = scorePersonality(QUESTIONS, answers);
    expect(result.resultType).toBe("INTP");
    expect(result.resultData).toEqual({
      E: 1, I: 7, S: 4, N: 4, T: 7, F: 1, J: 3, P: 5,
      clarity: { EI: 75, SN: 0, TF: 75, JP: 25 },
      tentative: ["SN"],
    });
    expect(result.score).toBe(44); // (75 + 0 + 75 + 25) / 4 = 43.75
    expect(result.resultSummary).toContain("INTP");
    expect(result.resultSummary).toContain("clearest preference is Introversion (clarity 75");
    expect(result.resultSummary).toContain("least pronounced firm preference is Perceiving (clarity 25)");
    expect(result.resultSummary).toContain("Tentative: Sensing – Intuition (leaning Intuition, clarity 0)");
    expect(result.resultSummary.split("\n").at(-1)).toBe(SELF_REFLECTION_NOTE);
  });

  it("breaks ties toward the second-listed pole (I, N, F, P) and marks them tentative", () => {
    const neutral = Object.fromEntries(QUESTIONS.map((q) => [q.id, "3"]));
    const result = scorePersonality(QUESTIONS, neutral);
    expect(result.resultType).toBe("INFP");
    expect(result.resultData.tentative).toEqual(["EI", "SN", "TF", "JP"]);
    expect(result.score).toBe(0);
    expect(result.resultSummary).toContain("None of your four preferences came through clearly");

    // A tie reached through strong answers (q1 r5 → I4, q2 r5 → E4) is still a tie.
    const strongTie = scorePersonality(QUESTIONS.slice(0, 2), { 1: "5", 2: "5" });
    expect(strongTie.resultType[0]).toBe("I");
    expect(strongTie.resultData).toMatchObject({ E: 4, I: 4, clarity: { EI: 0 } });
  });

  it(`marks clarity below ${TENTATIVE_CLARITY} as tentative and exactly ${TENTATIVE_CLARITY} as firm`, () => {
    const five = [1, 2, 3, 4, 5].map((id) => item(id, "EI", "E", "I"));
    // r = 3,3,3,2,2 → E = 2+2+2+3+3 = 12, I = 2+2+2+1+1 = 8 → clarity 4/20 = 20
    const atThreshold = scorePersonality(five, { 1: "3", 2: "3", 3: "3", 4: "2", 5: "2" });
    expect(atThreshold.resultData.clarity.EI).toBe(20);
    expect(atThreshold.resultData.tentative).not.toContain("EI");
    expect(atThreshold.resultType[0]).toBe("E");

    // r = 3,3,3,2 → E 9, I 7 → clarity 2/16 = 12.5 (stored rounded as 13)
    const below = scorePersonality(five.slice(0, 4), { 1: "3", 2: "3", 3: "3", 4: "2" });
    expect(below.resultData.clarity.EI).toBe(13);
    expect(below.resultData.tentative).toContain("EI");
    expect(below.resultType[0]).toBe("E");
    expect(below.resultSummary).toContain("leaning Extraversion");
  });

  it("ignores missing and invalid answers and items whose poles do not belong to the axis", () => {
    const questions = [
      item(1, "EI", "E", "I"),
      item(2, "EI", "I", "E"),
      item(3, "EI", "S", "N"), // wrong poles for EI
      item(4, "XY", "E", "I"), // unknown axis
      { id: 5, type: "slider", scoring: null },
    ];
    const result = scorePersonality(questions, new Map([[1, "4"], [2, "7"], [3, "5"], [4, "5"], [5, "5"]]));
    expect(result.resultData).toMatchObject({ E: 1, I: 3, S: 0, N: 0 });
  });

  it("accepts answers keyed by string ids (JSON) for numeric question ids", () => {
    const viaMap = scorePersonality(QUESTIONS, new Map([["1", "5"]]));
    const viaRecord = scorePersonality(QUESTIONS, { "1": "5" });
    expect(viaMap.resultData.I).toBe(4);
    expect(viaRecord.resultData.I).toBe(4);
  });
});
