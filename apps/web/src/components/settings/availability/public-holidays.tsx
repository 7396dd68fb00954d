"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Label } from "@coach/ui/field";
import type { AvailabilitySettings } from "@coach/scheduling";
import { useTRPC } from "~/trpc/react";
import { input, type EditSettings } from "./edit-settings";

/**
 * Public holidays: closed unless the coach opens one. The calendars live on the server (a large
 * maintained library), so the country list and the holidays of this year and next come from it.
 */
export function PublicHolidays({ value, onChange }: { value: AvailabilitySettings; onChange: EditSettings }) {
  const trpc = useTRPC();
  const countryId = useId();
  const calendar = useQuery(trpc.settings.holidays.queryOptions({ country: value.holidayCountry }));
  const open = new Set(value.openHolidays);
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = (calendar.data?.holidays ?? []).filter((h) => h.date >= today);

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Public holidays</legend>
      <p className="text-sm text-slate-700">Closed for bookings unless you open the day. Your days off below are closed too.</p>
      <div className="space-y-1.5">
        <Label htmlFor={countryId}>Holidays of</Label>
        <select
          id={countryId}
          value={value.holidayCountry ?? ""}
          onChange={(e) => onChange((v) => ({ ...v, holidayCountry: e.target.value || null, openHolidays: [] }))}
          className={`${input} max-w-sm`}
        >
          <option value="">No public holidays</option>
          {value.holidayCountry && !calendar.data ? <option value={value.holidayCountry}>{value.holidayCountry}</option> : null}
          {(calendar.data?.countries ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {calendar.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The holiday calendar could not be loaded. Your saved choice still applies.
        </p>
      ) : null}
      {upcoming.length ? (
        <ul className="grid gap-1 sm:grid-cols-2" aria-label="Upcoming public holidays">
          {upcoming.map((holiday) => (
            <li key={holiday.date}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={open.has(holiday.date)}
                  onChange={(e) =>
                    onChange((v) => ({
                      ...v,
                      openHolidays: e.target.checked
                        ? [...new Set([...v.openHolidays, holiday.date])].sort()
                        : v.openHolidays.filter((d) => d !== holiday.date),
                    }))
                  }
                />
                <span>
                  Open on {holiday.name} ({holiday.date})
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
