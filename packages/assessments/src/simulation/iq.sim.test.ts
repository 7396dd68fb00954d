/** IQ figures of issue 29 (docs/decisions/0039): N 4,000 people per seed, seeds 1–3, worst seed held to each target. */
import { describe, expect, it } from "vitest";
import { iqFigures } from "./iq-figures";
import { formatRows, iqRows } from "./report";

const figures = [1, 2, 3].map((seed) => iqFigures(seed, 4000));
const rows = iqRows(figures);
console.log(`\niq (worst of seeds 1-3, N 4,000 each)\n${formatRows(rows)}`);
for (const f of figures) console.log(`iq seed ${f.seed} coverage by band: ${JSON.stringify(f.coverage)}`);

describe("iq simulation, worst of three seeds", () => {
  it.each(rows.filter((r) => r.kind !== "info"))("$figure $kind $target", (row) => {
    expect(row.worst, `seeds: ${row.values.join(", ")}`)[row.kind === ">=" ? "toBeGreaterThanOrEqual" : "toBeLessThanOrEqual"](row.target!);
  });
});
