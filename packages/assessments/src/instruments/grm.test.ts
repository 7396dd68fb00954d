/** The provisional graded-response parameters follow how an item is written (docs/decisions/0036). */
import { describe, expect, it } from "vitest";
import { BASE_THRESHOLDS, provisionalGrm } from "./grm";

describe("provisionalGrm", () => {
  it("gives a direct, short statement the highest slope and a hedged, reversed one less", () => {
    const direct = provisionalGrm({ text: "I set tight deadlines.", keying: 1, desirability: 0 });
    const hedged = provisionalGrm({ text: "I rarely push people to do better.", keying: -1, desirability: 0 });
    expect(direct.a).toBe(1.8);
    expect(hedged.a).toBeLessThan(direct.a);
    expect(hedged.a).toBeGreaterThanOrEqual(1.3);
  });

  it("moves the thresholds down for a statement that is easy to agree with", () => {
    const neutral = provisionalGrm({ text: "I keep a to-do list.", keying: 1, desirability: 0 });
    const flattering = provisionalGrm({ text: "I keep a to-do list.", keying: 1, desirability: 0.4 });
    expect(neutral.thresholds).toEqual([...BASE_THRESHOLDS]);
    flattering.thresholds.forEach((t, i) => expect(t).toBeCloseTo(BASE_THRESHOLDS[i]! - 0.4, 10));
  });

  it("writes a reversed item's thresholds for the keyed response 6 − r: the agree-scale ones mirrored", () => {
    const reversed = provisionalGrm({ text: "I lose my temper easily.", keying: -1, desirability: -0.4 });
    // Agreeing is harder here (thresholds up by 0.4 on the agree scale), so the keyed response sits higher.
    expect(reversed.thresholds).toEqual([-2.0, -0.7, 0.5, 1.8]);
  });
});
