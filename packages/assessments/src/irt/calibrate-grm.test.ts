/**
 * Slider calibration recovers item parameters it was not given: answers simulated from known
 * graded-response items, the calibration started from parameters off by calibration-sized and larger
 * errors, with a third of the answers missing as in an adaptive attempt.
 */
import { describe, expect, it } from "vitest";
import { normal, rng } from "../testing/simulate";
import { calibrateGrmScale } from "./calibrate-grm";
import { type GrmItem, grmProbabilities } from "./grm";

function draw(random: () => number, probabilities: readonly number[]): number {
  let u = random();
  for (let k = 0; k < probabilities.length; k++) {
    u -= probabilities[k]!;
    if (u <= 0) return k;
  }
  return probabilities.length - 1;
}

describe("calibrateGrmScale", () => {
  const random = rng(2911);
  const truth: GrmItem[] = Array.from({ length: 15 }, (_, j) => {
    const shift = normal(random) * 0.5;
    return {
      a: 1.5 * Math.exp(normal(random) * 0.35),
      thresholds: [-2.1, -0.9, 0.2, 1.4].map((t) => t + shift),
      keying: j % 3 === 0 ? -1 : 1,
    };
  });
  const people = Array.from({ length: 2000 }, () => normal(random));
  const matrix = people.map((theta) => truth.map((item) => (random() < 0.33 ? null : draw(random, grmProbabilities(item, theta)))));
  const start = truth.map((item) => ({
    ...item,
    a: item.a * Math.exp(normal(random) * 0.4),
    thresholds: item.thresholds.map((t) => t + normal(random) * 0.4),
  }));
  const result = calibrateGrmScale(start, matrix);

  it("converges and recovers every slope and threshold far better than it started", () => {
    expect(result.converged).toBe(true);
    expect(result.n).toBe(2000);
    const error = (items: readonly GrmItem[]) => ({
      slope: Math.max(...items.map((it, j) => Math.abs(Math.log(it.a / truth[j]!.a)))),
      threshold: Math.max(...items.flatMap((it, j) => it.thresholds.map((t, k) => Math.abs(t - truth[j]!.thresholds[k]!)))),
    });
    const before = error(start);
    const after = error(result.items);
    expect(after.slope).toBeLessThan(0.2);
    expect(after.threshold).toBeLessThan(0.35);
    expect(after.slope).toBeLessThan(before.slope / 2);
    expect(after.threshold).toBeLessThan(before.threshold / 2);
  });

  it("keeps each item's keying and its thresholds in order", () => {
    result.items.forEach((it, j) => {
      expect(it.keying).toBe(truth[j]!.keying);
      for (let k = 1; k < 4; k++) expect(it.thresholds[k]!).toBeGreaterThan(it.thresholds[k - 1]!);
    });
  });
});
