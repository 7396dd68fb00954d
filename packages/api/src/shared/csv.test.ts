import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

const cells = (csv: string) => Papa.parse<string[]>(csv).data[1]!;

describe("CSV exports (issue 30, finding 2)", () => {
  it("turns every cell a spreadsheet would run as a formula into text", () => {
    const attacks = ['=HYPERLINK("http://evil.example")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=1\nsecond line"];
    const columns = attacks.map((_, i) => `c${i}`);
    const row = Object.fromEntries(attacks.map((a, i) => [`c${i}`, a]));
    expect(cells(toCsv(columns, [row]))).toEqual(attacks.map((a) => `'${a}`));
  });

  it("leaves ordinary text, numbers and empty cells as they are, in the given column order", () => {
    const csv = toCsv(["b", "a", "n", "missing"], [{ a: "Delegating, well", b: "x-y", n: -3 }]);
    expect(Papa.parse<string[]>(csv).data).toEqual([
      ["b", "a", "n", "missing"],
      ["x-y", "Delegating, well", "-3", ""],
    ]);
  });
});
