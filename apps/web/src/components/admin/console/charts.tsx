"use client";

import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * Bar charts that read without colour: each series has its own fill pattern (solid, diagonal
 * hatching, dots) with a dark outline, every bar carries its value as a direct label, and every
 * chart has a table with the same figures for screen readers and for reading exact numbers.
 */

const INK = "#0c1f3a"; // brand-900: outlines, labels (AA on white)
const SOLID = "#1f4e8c"; // brand-600

export type SeriesStyle = "solid" | "hatch" | "dots";
export interface Series {
  key: string;
  label: string;
  style: SeriesStyle;
}

const FILL: Record<SeriesStyle, string> = {
  solid: SOLID,
  hatch: "url(#console-hatch)",
  dots: "url(#console-dots)",
};

/** SVG patterns shared by every chart on the page (referenced by id). */
export function ChartPatterns() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <defs>
        <pattern id="console-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill="#f7ecd6" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#7a571b" strokeWidth="4" />
        </pattern>
        <pattern id="console-dots" width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill="#ffffff" />
          <circle cx="4" cy="4" r="2.2" fill={INK} />
        </pattern>
      </defs>
    </svg>
  );
}

export interface ChartFigureProps<Row extends Record<string, string | number | null>> {
  title: string;
  description?: string;
  rows: Row[];
  /** the category column (x axis) */
  categoryKey: keyof Row & string;
  categoryLabel: string;
  series: Series[];
  /** formats values in labels and the table */
  format?: (value: number | null) => string;
  yMax?: number;
  empty?: boolean;
  emptyText?: string;
  /** extra columns for the table only */
  extraColumns?: { key: keyof Row & string; label: string; format?: (value: Row[keyof Row]) => string }[];
  height?: number;
  footnote?: ReactNode;
}

const defaultFormat = (v: number | null) => (v === null ? "—" : String(v));

/** An axis label of at most 16 characters ("Emotional Intell…"); the tooltip and the table say it in full. */
export const shortLabel = (label: unknown) => {
  const text = String(label);
  return text.length > 16 ? `${text.slice(0, 15).trimEnd()}…` : text;
};

export function ChartFigure<Row extends Record<string, string | number | null>>({
  title,
  description,
  rows,
  categoryKey,
  categoryLabel,
  series,
  format = defaultFormat,
  yMax,
  empty,
  emptyText = "No data for this period.",
  extraColumns = [],
  height = 260,
  footnote,
}: ChartFigureProps<Row>) {
  // Many or long category names stand upright: each then takes only a line's height across, so
  // neighbours never touch (slanted ones did, and recharts' thinning missed it).
  const slanted = rows.length > 4 || rows.some((r) => String(r[categoryKey]).length > 12);
  // Beyond this many bars per series the numbers would overlap; the table below carries them instead.
  const directLabels = rows.length * series.length <= 36;
  const summary = `${title}: ${rows
    .map((r) => `${String(r[categoryKey])} — ${series.map((s) => `${s.label} ${format(r[s.key] as number | null)}`).join(", ")}`)
    .join("; ")}`;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <h3 className="font-semibold text-slate-900">{title}</h3>
        {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      </figcaption>
      {empty ? (
        <p className="py-10 text-center text-sm text-slate-700">{emptyText}</p>
      ) : (
        <>
          <div role="img" aria-label={summary} className="mt-3" style={{ height }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} margin={{ top: 24, right: 8, left: 0, bottom: 4 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#cbd5e1" />
                <XAxis
                  dataKey={String(categoryKey)}
                  tick={{ fill: INK, fontSize: 12 }}
                  tickFormatter={shortLabel}
                  // Recharts measures each label (rotated, its width across) and leaves out
                  // those that would touch a neighbour; the first and last stay, and the table below
                  // names every category.
                  interval="preserveStartEnd"
                  minTickGap={6}
                  angle={slanted ? -90 : 0}
                  textAnchor={slanted ? "end" : "middle"}
                  height={slanted ? 104 : 30}
                />
                <YAxis allowDecimals={false} domain={[0, yMax ?? "auto"]} tick={{ fill: INK, fontSize: 12 }} width={36} />
                <Tooltip cursor={{ fill: "#f1f5f9" }} formatter={(value) => format(typeof value === "number" ? value : null)} />
                {series.length > 1 ? <Legend wrapperStyle={{ color: INK, fontSize: 13 }} iconType="rect" /> : null}
                {series.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    fill={FILL[s.style]}
                    stroke={INK}
                    strokeWidth={1}
                    isAnimationActive={false}
                    maxBarSize={48}
                  >
                    {directLabels ? (
                      <LabelList
                        dataKey={s.key}
                        position="top"
                        fill={INK}
                        fontSize={12}
                        formatter={(v: unknown) => format(typeof v === "number" ? v : null)}
                      />
                    ) : null}
                  </Bar>
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          {directLabels ? null : (
            <p className="mt-2 text-xs text-slate-700">Too many bars to label each one: open the table for exact figures.</p>
          )}
          {footnote ? <div className="mt-2 text-xs text-slate-700">{footnote}</div> : null}
        </>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 underline-offset-2 hover:underline">Show as table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 pr-3">
                {categoryLabel}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-3 text-right">
                  {s.label}
                </th>
              ))}
              {extraColumns.map((c) => (
                <th key={c.key} scope="col" className="py-1 pr-3 text-right">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={String(r[categoryKey])} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {String(r[categoryKey])}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-3 text-right tabular-nums">
                    {format(r[s.key] as number | null)}
                  </td>
                ))}
                {extraColumns.map((c) => (
                  <td key={c.key} className="py-1 pr-3 text-right tabular-nums">
                    {c.format ? c.format(r[c.key]) : String(r[c.key] ?? "—")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
