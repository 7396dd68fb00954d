/**
 * Calibrating a whole slider test as the app does (decision 58): simulated people answer the adaptive
 * EQ test on the written bank, whose true parameters the scorer does not have; the calibration fits
 * every domain, its parameters reach the scorer, and the result says whom its scores compare with.
 */
import { describe, expect, it } from "vitest";
import { readResultData } from "../results";
import { scoreAttempt } from "../scoring";
import { administer } from "../simulation/administer";
import { realSliderWorld } from "../simulation/real-bank";
import { answerItem, person } from "../simulation/world";
import { MIN_SLIDER_CALIBRATION_PEOPLE, calibrateSliderTest, withSliderCalibration } from "./calibrate-slider";

const world = realSliderWorld("eq", 5);
const take = (questions = world.questions) => {
  const p = person(world);
  return administer("eq", questions, (j) => answerItem(world, world.truth[j]!, p));
};
const sample = Array.from({ length: 600 }, () => take());

describe("calibrateSliderTest", () => {
  it("refuses below the minimum, saying how many more people are needed", () => {
    const outcome = calibrateSliderTest(world.questions, sample.slice(0, 100));
    expect(outcome).toEqual({
      ok: false,
      reason: "too-few-people",
      n: 100,
      minimum: MIN_SLIDER_CALIBRATION_PEOPLE,
      needed: MIN_SLIDER_CALIBRATION_PEOPLE - 100,
    });
  });

  const outcome = calibrateSliderTest(world.questions, sample, new Date("2026-11-27T00:00:00Z"), 600);
  if (!outcome.ok) throw new Error("expected a calibration");
  const { calibration } = outcome;

  it("fits every domain, every item someone was asked, and moves the slopes toward the true ones", () => {
    expect(calibration.n).toBe(600);
    expect(calibration.scales.map((s) => s.scale).sort()).toEqual([...world.scales].sort());
    expect(calibration.scales.every((s) => s.converged)).toBe(true);
    const asked = new Set(sample.flatMap((answers) => Object.keys(answers)));
    expect(new Set(calibration.items.map((it) => it.id))).toEqual(asked);
    // Relative error of the slopes, provisional (the scorer's) against fitted, over the items asked most.
    const index = new Map(world.questions.map((q, j) => [String(q.id), j]));
    const counts = new Map([...asked].map((id) => [id, sample.filter((a) => id in a).length]));
    const busy = calibration.items.filter((it) => counts.get(it.id)! >= 300);
    expect(busy.length).toBeGreaterThan(20);
    const error = (a: number, j: number) => Math.abs(Math.log(a / world.truth[j]!.a));
    const before = busy.reduce((s, it) => s + error(world.questions[index.get(it.id)!]!.scoring!.grm!.a, index.get(it.id)!), 0);
    const after = busy.reduce((s, it) => s + error(it.a, index.get(it.id)!), 0);
    expect(after).toBeLessThan(before);
  });

  it("reaches the scorer: a result on calibrated items says it compares with the people it rests on", () => {
    const calibrated = withSliderCalibration(world.questions, calibration);
    const unasked = world.questions.filter((q) => !calibration.items.some((it) => it.id === String(q.id)));
    for (const q of unasked) expect(calibrated.find((c) => c.id === q.id)!.scoring).toEqual(q.scoring);

    const answers = take(calibrated);
    const result = scoreAttempt("eq", calibrated, answers);
    expect(readResultData("eq", result.resultData).data).toMatchObject({ calibratedOn: 600 });
    expect(result.resultSummary).toContain("50 is the average of the 600 people who took this test here");

    const provisional = scoreAttempt("eq", world.questions, answers);
    expect(readResultData("eq", provisional.resultData).data).not.toHaveProperty("calibratedOn");
    expect(provisional.resultSummary).toContain("50 is the middle of a provisional scale, not yet compared with people who took the test");
  });
});
