/**
 * Issue 29's "Done when" figures as rows: each figure's value in every seed, the worst seed's value
 * and the target it is held to. The simulation tests assert them; `pnpm bench psychometrics` prints
 * them. "Worst" is the minimum for a floor and the maximum for a ceiling.
 */
import type { IqFigures } from "./iq-figures";
import type { SliderFigures } from "./slider-figures";

export interface Row {
  test: string;
  figure: string;
  /** ">=" a floor, "<=" a ceiling, "info" printed without a target */
  kind: ">=" | "<=" | "info";
  target: number | null;
  values: number[];
  worst: number;
  ok: boolean;
}

export function row<F>(
  test: string,
  figs: readonly F[],
  figure: string,
  pick: (f: F) => number,
  kind: Row["kind"],
  target: number | null,
): Row {
  const values = figs.map(pick);
  const worst = kind === "<=" ? Math.max(...values) : Math.min(...values);
  const ok = kind === "info" || target === null || (kind === ">=" ? worst >= target : worst <= target);
  return { test, figure, kind, target, values, worst, ok };
}

const MINUTES: Record<string, number> = { leadership: 12, eq: 15, personality: 15, iq: 20 };

export function sliderRows(figs: readonly SliderFigures[]): Row[] {
  const type = figs[0]!.type;
  const r = <K extends Row["kind"]>(figure: string, pick: (f: SliderFigures) => number, kind: K, target: number | null) =>
    row(type, figs, figure, pick, kind, target);
  const verdicts =
    type === "personality"
      ? [
          r("firm letters of 4 (mean)", (f) => f.firmLetters, ">=", 3.1),
          r("firm letters repeated on a retake", (f) => f.letterRetake, ">=", 0.95),
          r("people with all four letters firm", (f) => f.allFour, ">=", 0.35),
          r("firm letters on the true side", (f) => f.letterTrue, "info", null),
        ]
      : [
          r(`${type === "eq" ? "strongest domain" : "primary style"} named`, (f) => f.named, ">=", 0.3),
          r("named verdict is the retake's top", (f) => f.retakeSame, ">=", 0.85),
          r("named verdict named again on the retake", (f) => f.retakeNamedSame, "info", null),
          r("named verdict is the true top", (f) => f.trueTop, ">=", 0.9),
          r("largest gap shown-top share vs true-top share (points)", (f) => f.topShareGap, "<=", 3),
        ];
  return [
    ...verdicts,
    r("90% range covers the true score, lowest scale", (f) => f.coverageMin, ">=", 0.88),
    r("90% range covers the true score, highest scale", (f) => f.coverageMax, "<=", 0.92),
    r("genuine respondents flagged careless", (f) => f.genuineFlagged, "<=", 0.05),
    r("random answerers flagged careless", (f) => f.randomFlagged, ">=", 0.6),
    r("random answerers given a named verdict", (f) => f.randomNamed, "<=", 0.005),
    r(type === "eq" ? "false reliable change, overall" : "false reliable change, any scale", (f) => f.falseChange, "<=", 0.05),
    r("true 1 SD change flagged", (f) => f.trueChangeFlagged, ">=", 0.5),
    r("items asked (mean)", (f) => f.meanItems, "info", null),
    r("longest attempt (minutes)", (f) => f.maxMinutes, "<=", MINUTES[type]!),
  ];
}

export function iqRows(figs: readonly IqFigures[]): Row[] {
  const r = (figure: string, pick: (f: IqFigures) => number, kind: Row["kind"], target: number | null) =>
    row("iq", figs, figure, pick, kind, target);
  return [
    r("90% interval coverage, lowest band 85-145 (provisional norm)", (f) => f.coverageMin, ">=", 0.85),
    r("... after calibrating on the raw sample (latest attempts, clickers in)", (f) => f.calibratedCoverageRaw, "info", null),
    r("... after calibrating on first, unflagged attempts", (f) => f.calibratedCoverageFiltered, ">=", 0.85),
    r("error (RMSE, IQ points) for true IQ 115-135", (f) => f.error115to135, "<=", 5.5),
    r("... its standard error (IQ points)", (f) => f.error115to135Se, "info", null),
    r("executive takers at the ceiling", (f) => f.executivesAtCeiling, "<=", 0.02),
    r("false reliable change", (f) => f.falseChange, "<=", 0.05),
    r("false reliable change across a recalibration, old score not rescored", (f) => f.falseChangeAcrossRecalibration, "info", null),
    r("false reliable change across a recalibration, old attempt rescored", (f) => f.falseChangeRescored, "<=", 0.05),
    r("true 15-point change flagged", (f) => f.trueChangeFlagged, ">=", 0.5),
    r("items asked (mean)", (f) => f.meanItems, "info", null),
    r("longest attempt (minutes)", (f) => f.maxMinutes, "<=", MINUTES.iq!),
  ];
}

const fmt = (v: number) => (Math.abs(v) >= 2 ? v.toFixed(2) : `${(v * 100).toFixed(1)}%`);
const fmtFigure = (row: Row, v: number) => (/points|minutes|mean|RMSE|rested on/.test(row.figure) ? v.toFixed(2) : fmt(v));

/** A plain-text table: test, figure, worst seed, target, per-seed values, met or MISSED. */
export function formatRows(rows: readonly Row[]): string {
  return rows
    .map((row) => {
      const target = row.kind === "info" ? "" : `target ${row.kind} ${fmtFigure(row, row.target!)}`;
      const seeds = row.values.map((v) => fmtFigure(row, v)).join(" / ");
      const verdict = row.kind === "info" ? "" : row.ok ? "met" : "MISSED";
      return `${row.test.padEnd(11)} ${row.figure.padEnd(72)} worst ${fmtFigure(row, row.worst).padStart(7)}  ${target.padEnd(16)} seeds ${seeds}  ${verdict}`;
    })
    .join("\n");
}
