import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSubsetFont, charactersOf, SUBSET_FONT_PATH } from "../../../scripts/subset-font";

describe("the site's Inter subset", () => {
  it("is what scripts/subset-font.ts makes of the installed Fontsource file (run `pnpm fonts:subset` after an update)", async () => {
    const committed = readFileSync(SUBSET_FONT_PATH);
    expect(Buffer.compare(await buildSubsetFont(), committed)).toBe(0);
  }, 30_000);

  it("is smaller than the full Fontsource file it replaces", () => {
    const full = statSync(
      new URL("../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", import.meta.url),
    ).size;
    expect(statSync(SUBSET_FONT_PATH).size).toBeLessThan(full * 0.75);
  });

  it("reads unicode ranges as every character they name", () => {
    expect(charactersOf("U+0041-0043,U+00E9")).toBe("ABCé");
  });
});
