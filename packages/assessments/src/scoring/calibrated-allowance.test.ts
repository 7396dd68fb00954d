/**
 * A scale whose answered items all carry calibrated parameters drops the allowance for errors in
 * them (docs/decisions/0057): the same answers get a narrower EQ or leadership range; personality
 * keeps its allowance for response styles a calibration does not absorb.
 */
import { describe, expect, it } from "vitest";
import { realSliderWorld } from "../simulation/real-bank";
import { answerAll, person } from "../simulation/world";
import type { ScorableQuestion } from "./common";
import { scoreAttempt } from "./index";
import { CALIBRATED_INTERVAL_SD_FACTOR, INTERVAL_SD_FACTOR, PERSONALITY_INTERVAL_SD_FACTOR } from "./slider";

type Ranges = Record<string, { low: number; high: number }>;

const calibrated = (questions: readonly ScorableQuestion[]) =>
  questions.map((q) => ({ ...q, scoring: { ...q.scoring!, grm: { ...q.scoring!.grm!, calibratedOn: 500 } } }));

const width = (r: { low: number; high: number }) => Math.abs(r.high - r.low);

describe("the displayed range once the items are calibrated", () => {
  it.each(["eq", "leadership"] as const)("%s: narrower by the provisional allowance, for the same answers", (type) => {
    const world = realSliderWorld(type, 3);
    const answers = answerAll(world, person(world));
    const before = (scoreAttempt(type, world.questions, answers).resultData as { intervals: Ranges }).intervals;
    const after = (scoreAttempt(type, calibrated(world.questions), answers).resultData as { intervals: Ranges }).intervals;
    expect(CALIBRATED_INTERVAL_SD_FACTOR[type]).toBeLessThan(INTERVAL_SD_FACTOR);
    for (const scale of world.scales) {
      const ratio = CALIBRATED_INTERVAL_SD_FACTOR[type] / INTERVAL_SD_FACTOR;
      // Bounds are whole points: each end may move by one in rounding.
      expect(Math.abs(width(after[scale]!) - ratio * width(before[scale]!)), scale).toBeLessThanOrEqual(2);
      expect(width(after[scale]!)).toBeLessThanOrEqual(width(before[scale]!));
    }
  });

  it("personality keeps its allowance", () => {
    const world = realSliderWorld("personality", 3);
    const answers = answerAll(world, person(world));
    const before = (scoreAttempt("personality", world.questions, answers).resultData as { intervals: Ranges }).intervals;
    const after = (scoreAttempt("personality", calibrated(world.questions), answers).resultData as { intervals: Ranges }).intervals;
    expect(CALIBRATED_INTERVAL_SD_FACTOR.personality).toBe(PERSONALITY_INTERVAL_SD_FACTOR);
    expect(after).toEqual(before);
  });

  it("keeps the provisional allowance while any answered item of the scale is provisional", () => {
    const world = realSliderWorld("eq", 3);
    const answers = answerAll(world, person(world));
    const mixed = calibrated(world.questions).map((q, i) => (i === 0 ? world.questions[0]! : q));
    const scale = world.questions[0]!.scoring!.scale!;
    const before = (scoreAttempt("eq", world.questions, answers).resultData as { intervals: Ranges }).intervals;
    const after = (scoreAttempt("eq", mixed, answers).resultData as { intervals: Ranges }).intervals;
    expect(after[scale]).toEqual(before[scale]);
  });
});
