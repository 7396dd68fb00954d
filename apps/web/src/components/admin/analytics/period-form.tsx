"use client";

import type { Dispatch, SetStateAction } from "react";
import { Button } from "@coach/ui/button";
import { inputClasses } from "@coach/ui/field";

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` whole days up to today (UTC dates, as the API counts them). */
export function lastDays(days: number) {
  const today = new Date();
  return { from: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: isoDay(today) };
}
const PRESETS = [
  { label: "Last 30 days", days: 30 },
  { label: "Last 90 days", days: 90 },
  { label: "Last 12 months", days: 365 },
];

export type Period = { from: string; to: string };

/** The period the tab counts over: two dates and three presets; a period the schema refuses says why. */
export function PeriodForm({
  period,
  onPeriod,
  problem,
}: {
  period: Period;
  onPeriod: Dispatch<SetStateAction<Period>>;
  /** Why the period is refused, or null while it is valid. */
  problem: string | null;
}) {
  return (
    <form onSubmit={(e) => e.preventDefault()} className="mb-6 flex flex-wrap items-end gap-4" aria-label="Analytics period">
      <div>
        <label htmlFor="analytics-from" className="block text-sm font-medium text-slate-800">
          From
        </label>
        <input
          id="analytics-from"
          type="date"
          value={period.from}
          max={period.to}
          onChange={(e) => onPeriod((p) => ({ ...p, from: e.target.value }))}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
      </div>
      <div>
        <label htmlFor="analytics-to" className="block text-sm font-medium text-slate-800">
          To
        </label>
        <input
          id="analytics-to"
          type="date"
          value={period.to}
          min={period.from}
          onChange={(e) => onPeriod((p) => ({ ...p, to: e.target.value }))}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {PRESETS.map((p) => (
          <Button key={p.days} variant="outline" size="sm" onClick={() => onPeriod(lastDays(p.days))}>
            {p.label}
          </Button>
        ))}
      </div>
      {problem !== null ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
