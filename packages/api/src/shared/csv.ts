import Papa from "papaparse";

/**
 * A cell a spreadsheet would run as a formula (OWASP, "CSV injection"): one starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return. Papa's own `escapeFormulae: true` pattern (`^[…].*$`) misses a
 * cell whose formula is followed by a line break, so the start alone decides here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every CSV export goes through here: columns in the given order, and every text cell that could be
 * read as a formula prefixed with `'` so a spreadsheet shows it as text. Numbers stay numbers.
 */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  return Papa.unparse(
    rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? ""]))),
    { columns: [...columns], escapeFormulae: FORMULA_START },
  );
}
