/** Hand-computed cases for the error model, the verdict rule, reliable change and reliability. */
import { describe, expect, it } from "vitest";
import { cronbachAlpha, itemStatistics, kr20 } from "../stats/reliability";
import { clearExtreme, reliableChange, retestAgreement, standardError, verdictZ } from "./measurement";
import { scoreIq } from "./iq";
import { scoreLeadership } from "./leadership";

describe("standard error, verdicts and reliable change", () => {
  it("SEM = SD √(1 − reliability)", () => {
    expect(standardError({ sd: 15, reliability: 0.64 })).toBeCloseTo(9, 10);
  });

  it("names the highest scale only when it clears every other by z × SE of the difference", () => {
    const sems = { a: 9, b: 9, c: 9 };
    const z = verdictZ(3); // 1 − 0.10/2 → 1.645
    expect(z).toBeCloseTo(1.645, 3);
    const gap = z * Math.hypot(9, 9); // 20.9
    expect(clearExtreme({ a: 80, b: 80 - 21, c: 30 }, sems, ["a", "b", "c"], "highest")).toEqual({ clear: "a", top: "a", withinError: [] });
    expect(clearExtreme({ a: 80, b: 80 - gap + 0.5, c: 75 }, sems, ["a", "b", "c"], "highest")).toEqual({
      clear: null,
      top: "a",
      withinError: ["c", "b"],
    });
    expect(clearExtreme({ a: 80, b: 10, c: 75 }, sems, ["a", "b", "c"], "lowest").clear).toBe("b");
  });

  it("reliable change: |Δ| / (√2 SEM) > 1.96", () => {
    // SEM 5 → SE_diff 7.07 → threshold 13.9
    expect(reliableChange(50, 64, { sem: 5 })).toMatchObject({ delta: 14, reliable: true });
    expect(reliableChange(50, 63, { sem: 5 })).toMatchObject({ delta: 13, reliable: false });
    expect(reliableChange(50, 36, { reliability: 0.75, sd: 10 }).reliable).toBe(true);
    expect(reliableChange(100, 110, { previousSe: 6, currentSe: 8 }).reliable).toBe(false);
  });

  it("retest agreement is 1/2 at the cut point and regresses toward the mean", () => {
    const norm = { reliability: 0.75, sd: 30, source: "provisional" } as const;
    expect(retestAgreement(0.0001, norm)).toBeCloseTo(0.5, 3);
    // s = 40, SEM 15: predicted 30, spread 15 √1.75 = 19.84 → Φ(1.512) = 0.935
    expect(retestAgreement(40, norm)).toBeCloseTo(0.935, 3);
    expect(retestAgreement(-40, norm)).toBeCloseTo(0.935, 3);
  });

  it("a straight-lined leadership sheet names no primary style, whatever the level", () => {
    const q = ["visionary", "coaching"].flatMap((scale, s) =>
      [1, 2, 3].map((k) => ({ id: s * 10 + k, type: "slider", scoring: { scale } })),
    );
    const r = scoreLeadership(q, Object.fromEntries(q.map((x) => [String(x.id), "1"])));
    expect(r.resultData.primary).toBeNull();
    expect(r.resultData.quality.flags).toContain("straight-lining");
    expect(r.resultType).toBe("No single dominant style");
  });
});

describe("reliability", () => {
  // Three people × three items where every item is the same: alpha 1; with noise below 1.
  const rows = Array.from({ length: 40 }, (_, i) => [i % 5, (i % 5) + ((i * 7) % 3) - 1, (i % 5) + ((i * 11) % 3) - 1]);

  it("withholds alpha below 30 people and says why", () => {
    expect(cronbachAlpha(rows.slice(0, 29))).toMatchObject({ alpha: null, reason: "too-few-people", n: 29, minimum: 30 });
  });

  it("gives a Feldt interval around alpha that contains it", () => {
    const r = cronbachAlpha(rows);
    if (r.alpha === null) throw new Error("expected alpha");
    expect(r.low).toBeLessThan(r.alpha);
    expect(r.high).toBeGreaterThan(r.alpha);
    expect(r.high).toBeLessThan(1);
    expect(r.level).toBe(0.9);
  });

  it("KR-20 refuses non 0/1 data, and item statistics flag an item everyone gets right", () => {
    expect(() => kr20(rows)).toThrow();
    const binary = Array.from({ length: 40 }, (_, i) => [1, i % 2, i % 3 === 0 ? 1 : 0, i % 2]);
    const stats = itemStatistics(binary, true);
    expect(stats[0]!.flags).toContain("too-easy");
    expect(stats[1]!.itemRest).toBeGreaterThan(0.5);
  });
});

describe("IQ chance level", () => {
  const q = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    type: "multiple-choice",
    options: ["a", "b", "c", "d"],
    correctAnswer: "a",
  }));
  const sheet = (correct: number) => Object.fromEntries(q.map((x, i) => [String(x.id), i < correct ? "a" : "b"]));

  it("flags a number correct that guessing gives with probability >= 5%", () => {
    // Binomial(20, 1/4): P(X >= 8) = 0.10, P(X >= 9) = 0.041
    expect(scoreIq(q, sheet(8)).resultData.quality.flags).toContain("chance-level");
    expect(scoreIq(q, sheet(9)).resultData.quality.flags).not.toContain("chance-level");
    expect(scoreIq(q, sheet(8)).resultSummary).toMatch(/not a measurement/);
  });
});
