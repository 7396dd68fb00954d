/** eq figures of issue 29 (docs/decisions/0039): N 4,000 people per seed, seeds 1–3, worst seed held to each target. */
import { describe, expect, it } from "vitest";
import { formatRows, sliderRows } from "./report";
import { sliderFigures } from "./slider-figures";

const rows = sliderRows([1, 2, 3].map((seed) => sliderFigures("eq", seed, 4000)));
console.log(`\neq (worst of seeds 1-3, N 4,000 each)\n${formatRows(rows)}`);

describe("eq simulation, worst of three seeds", () => {
  it.each(rows.filter((r) => r.kind !== "info"))("$figure $kind $target", (row) => {
    expect(row.worst, `seeds: ${row.values.join(", ")}`)[row.kind === ">=" ? "toBeGreaterThanOrEqual" : "toBeLessThanOrEqual"](row.target!);
  });
});
