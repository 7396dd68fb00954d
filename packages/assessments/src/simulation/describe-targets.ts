/**
 * Issue 29's targets as test cases (docs/decisions/0039): each figure's worst of seeds 1–3 (N 4,000
 * people each) held to its target, on the written banks the methodology page quotes and on the
 * synthetic banks of world.ts. Used by the `*.sim.test.ts` files (`pnpm --filter @coach/assessments
 * test:sim`), one file per test so they run in parallel.
 */
import { describe, expect, it } from "vitest";
import { calibratedTargetRows } from "./calibrated-coverage";
import { iqFigures } from "./iq-figures";
import { formatRows, iqRows, type Row, sliderRows } from "./report";
import { type Bank, sliderFigures } from "./slider-figures";

export type SimulatedTest = "leadership" | "eq" | "personality" | "iq";

const SEEDS = [1, 2, 3];
const PEOPLE = 4000;
const BANKS: readonly Bank[] = ["real", "synthetic"];

function targetRows(test: SimulatedTest, bank: Bank): Row[] {
  if (test === "iq") return iqRows(SEEDS.map((seed) => iqFigures(seed, PEOPLE, bank)));
  return [
    ...sliderRows(SEEDS.map((seed) => sliderFigures(test, seed, PEOPLE, "adaptive", 1000, bank))),
    // The ranges once the items are calibrated on the first unflagged attempts (decisions 57, 58).
    ...calibratedTargetRows(test, SEEDS, PEOPLE, bank),
  ];
}

export function describeTargets(test: SimulatedTest): void {
  describe.each(BANKS)(`${test} simulation on the %s banks, worst of three seeds`, (bank) => {
    const rows = targetRows(test, bank);
    // eslint-disable-next-line no-console -- the simulation tests print the figures they hold
    console.log(`\n${test}, ${bank} banks (worst of seeds 1-3, N 4,000 each)\n${formatRows(rows)}`);
    it.each(rows.filter((r) => r.kind !== "info"))("$figure $kind $target", (row) => {
      expect(row.worst, `seeds: ${row.values.join(", ")}`)[row.kind === ">=" ? "toBeGreaterThanOrEqual" : "toBeLessThanOrEqual"](
        row.target!,
      );
    });
  });
}
