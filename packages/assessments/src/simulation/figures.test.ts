/**
 * Fast versions of the simulation claims (docs/decisions/0039) for the default suite: one seed,
 * about 200 people, bounds widened by the Monte Carlo error of that N (a share near p has SE
 * √(p(1 − p)/200) ≈ 0.02–0.035). The full figures: `SIMULATION=1` (*.sim.test.ts) or `pnpm bench psychometrics`.
 */
import { describe, expect, it } from "vitest";
import { calibratedCoverage } from "./calibrated-coverage";
import { iqFigures } from "./iq-figures";
import { sliderFigures } from "./slider-figures";

describe("slider tests under respondents the scorer does not assume (200 people, seed 7)", () => {
  it.each(["leadership", "eq"] as const)("%s: names a top for many, and a named top is usually the true and the retake's top", (type) => {
    const f = sliderFigures(type, 7, 200, "adaptive", 200);
    expect(f.named).toBeGreaterThanOrEqual(0.25);
    expect(f.retakeSame).toBeGreaterThanOrEqual(0.75);
    expect(f.trueTop).toBeGreaterThanOrEqual(0.85);
    expect(f.topShareGap).toBeLessThanOrEqual(8);
    expect(f.coverageMin).toBeGreaterThanOrEqual(0.82);
    expect(f.coverageMax).toBeLessThanOrEqual(0.97);
    expect(f.genuineFlagged).toBeLessThanOrEqual(0.06);
    expect(f.randomFlagged).toBeGreaterThanOrEqual(0.9);
    // The target is ≤ 0.5%; of 200 answerers a true 0.5% names 4 or more 2% of the time, so the bound is 4.
    expect(f.randomNamed).toBeLessThanOrEqual(0.02);
    expect(f.falseChange).toBeLessThanOrEqual(0.09);
    expect(f.maxMinutes).toBeLessThanOrEqual(type === "eq" ? 15 : 12);
  });

  it("personality: most letters firm, and firm letters repeat on a retake", () => {
    const f = sliderFigures("personality", 7, 200, "adaptive", 200);
    expect(f.firmLetters).toBeGreaterThanOrEqual(2.9);
    expect(f.letterRetake).toBeGreaterThanOrEqual(0.92);
    expect(f.allFour).toBeGreaterThanOrEqual(0.3);
    expect(f.coverageMin).toBeGreaterThanOrEqual(0.82);
    expect(f.genuineFlagged).toBeLessThanOrEqual(0.06);
    expect(f.randomFlagged).toBeGreaterThanOrEqual(0.9);
    expect(f.falseChange).toBeLessThanOrEqual(0.09);
    expect(f.trueChangeFlagged).toBeGreaterThanOrEqual(0.5);
    expect(f.maxMinutes).toBeLessThanOrEqual(15);
  });
});

describe("IQ under a 4PL with slips and executive takers (300 people, seed 7)", () => {
  it("intervals cover in every band, executives rarely hit the ceiling, the test fits in 20 minutes", () => {
    const f = iqFigures(7, 300);
    expect(f.coverageMin).toBeGreaterThanOrEqual(0.8);
    expect(f.calibratedCoverageFiltered).toBeGreaterThanOrEqual(0.7);
    expect(f.executivesAtCeiling).toBeLessThanOrEqual(0.03);
    expect(f.falseChangeRescored).toBeLessThanOrEqual(0.12);
    expect(f.maxMinutes).toBeLessThanOrEqual(20);
  });
});

describe("slider ranges once the items are calibrated (300 people, seed 7, written banks)", () => {
  it.each(["leadership", "eq"] as const)("%s: calibrated on the first unflagged attempts, every range covers most true scores", (type) => {
    const f = calibratedCoverage(type, 7, 300, "real");
    expect(f.calibratedOn).toBe(300);
    // One seed of 300: a share near 0.9 has SE ≈ 0.017, so the bounds are the 88–92% target widened by about 3.5 SE.
    for (const c of f.coverage) {
      expect(c).toBeGreaterThanOrEqual(0.82);
      expect(c).toBeLessThanOrEqual(0.97);
    }
  });
});
