/**
 * The methodology page quotes these figures (published.ts); this reruns the simulation on the written
 * banks (N 4,000 per seed, seeds 1–3, worst seed, as `pnpm bench psychometrics -- --banks real`) and
 * fails when a quoted figure is no longer the one the simulation prints.
 */
import { describe, expect, it } from "vitest";
import { iqFigures } from "./iq-figures";
import { PUBLISHED_FIGURES } from "./published";
import { sliderFigures } from "./slider-figures";

const SEEDS = [1, 2, 3];
const PEOPLE = 4000;

/** Figures where more is better: their worst seed is the lowest (report.ts's floors); for the rest it is the highest. */
const FLOORS = new Set([
  "named",
  "retakeSame",
  "trueTop",
  "firmLetters",
  "allFour",
  "letterRetake",
  "coverageMin",
  "randomFlagged",
  "trueChangeFlagged",
  "calibratedCoverageFiltered",
]);

/** As published.ts rounds it: a share to 0.1 percentage point, a mean count or IQ points to two decimals. */
const rounded = (key: string, value: number) =>
  key === "firmLetters" || key === "error115to135" ? value.toFixed(2) : (value * 100).toFixed(1);

function compare(test: string, published: Record<string, number>, figures: readonly Record<string, unknown>[]) {
  for (const [key, quoted] of Object.entries(published)) {
    const values = figures.map((f) => f[key] as number);
    const worst = FLOORS.has(key) ? Math.min(...values) : Math.max(...values);
    expect(rounded(key, worst), `${test} ${key} (seeds ${values.join(", ")})`).toBe(rounded(key, quoted));
  }
}

describe.each(["personality", "eq", "leadership"] as const)("%s figures quoted on the methodology page", (type) => {
  it("are the ones the simulation prints for the written bank", () => {
    const figures = SEEDS.map((seed) => sliderFigures(type, seed, PEOPLE, "adaptive", 1000, "real"));
    compare(type, PUBLISHED_FIGURES[type], figures as unknown as Record<string, unknown>[]);
  });
});

describe("iq figures quoted on the methodology page", () => {
  it("are the ones the simulation prints for the written bank", () => {
    const figures = SEEDS.map((seed) => iqFigures(seed, PEOPLE, "real"));
    compare("iq", PUBLISHED_FIGURES.iq, figures as unknown as Record<string, unknown>[]);
  });
});
