/** The real-bank worlds hold every written item, and the scorer sees its parameters with error, not the truth. */
import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../instruments";
import { realIqWorld, realSliderWorld } from "./real-bank";
import { iqAnswer } from "./world";

describe("simulation worlds on the written item banks", () => {
  it.each(["personality", "eq", "leadership"] as const)(
    "%s: every written slider item, parameters off by calibration-sized error",
    (type) => {
      const written = INSTRUMENTS.find((i) => i.type === type)!.questions.filter((q) => q.type === "slider");
      const world = realSliderWorld(type, 1);
      expect(world.questions).toHaveLength(written.length);
      expect(new Set(world.scales).size).toBe(new Set(written.map((q) => q.scoring!.scale)).size);
      const slopeGaps = world.questions.map((q, j) => Math.abs(Math.log(q.scoring!.grm!.a / world.truth[j]!.a)));
      expect(slopeGaps.filter((g) => g > 0.01).length).toBeGreaterThan(written.length / 2);
      expect(Math.max(...slopeGaps)).toBeLessThan(1.2);
    },
  );

  it("iq: a very able taker mostly picks the written correct answer, a clicker does not", () => {
    const world = realIqWorld(1);
    expect(world.questions.length).toBe(
      INSTRUMENTS.find((i) => i.type === "iq")!.questions.filter((q) => q.type === "multiple-choice").length,
    );
    const right = (theta: number | "random") =>
      world.questions.filter((q, j) => iqAnswer(world, j, theta) === q.correctAnswer).length / world.questions.length;
    expect(right(4)).toBeGreaterThan(0.85);
    expect(right("random")).toBeLessThan(0.4);
  });
});
