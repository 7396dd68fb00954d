import { describe, expect, it } from "vitest";
import { scaleReadings } from "./scales";

describe("scale readings for the coach", () => {
  it("labels a personality balance with the pole each sign stands for", () => {
    const readings = scaleReadings("personality", {
      score: 40,
      resultData: { balance: { EI: -55, SN: 30 }, standardErrors: { EI: 8, SN: 8 } },
    });
    // −55 on E–I leans to Introversion: the label must say that minus is Introversion.
    expect(readings.find((r) => r.key === "EI")).toMatchObject({ label: "Extraversion (+) – Introversion (−)", score: -55 });
    expect(readings.find((r) => r.key === "SN")).toMatchObject({ label: "Sensing (+) – Intuition (−)", score: 30 });
  });
});
