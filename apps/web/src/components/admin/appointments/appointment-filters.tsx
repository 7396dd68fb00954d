"use client";

import { useId } from "react";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "@coach/db/enums";
import { Label, inputClasses } from "@coach/ui/field";

export type AppointmentsView = "list" | "week";
export type AppointmentsWhen = "upcoming" | "past" | "all";

/**
 * The list's filters: list or week view, upcoming or past, status, calendar conflicts. Each change
 * goes back to the first page (the tab does that in its handlers).
 */
export function AppointmentFilters({
  view,
  onView,
  when,
  onWhen,
  status,
  onStatus,
  conflicts,
  onConflicts,
}: {
  view: AppointmentsView;
  onView: (view: AppointmentsView) => void;
  when: AppointmentsWhen;
  onWhen: (when: AppointmentsWhen) => void;
  status: AppointmentStatus | "";
  onStatus: (status: AppointmentStatus | "") => void;
  conflicts: boolean;
  onConflicts: (conflicts: boolean) => void;
}) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">View</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(["list", "week"] as const).map((v) => (
            <label key={v} className="inline-flex items-center gap-2">
              <input type="radio" name="appointments-view" checked={view === v} onChange={() => onView(v)} />
              {v === "list" ? "List" : "Week"}
            </label>
          ))}
        </div>
      </fieldset>
      {view === "list" ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Show</legend>
          <div className="mt-1 flex gap-4 text-sm">
            {(["upcoming", "past", "all"] as const).map((v) => (
              <label key={v} className="inline-flex items-center gap-2">
                <input type="radio" name="appointments-when" checked={when === v} onChange={() => onWhen(v)} />
                {v === "upcoming" ? "Upcoming" : v === "past" ? "Past" : "All"}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <StatusFilter value={status} onChange={onStatus} />
      {view === "list" ? (
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" checked={conflicts} onChange={(e) => onConflicts(e.target.checked)} />
          Only calendar conflicts
        </label>
      ) : null}
    </>
  );
}

function StatusFilter({ value, onChange }: { value: AppointmentStatus | ""; onChange: (v: AppointmentStatus | "") => void }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Status</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as AppointmentStatus | "")}
        className={`${inputClasses} mt-1 w-40 border-slate-300`}
      >
        <option value="">Any</option>
        {APPOINTMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {(s.charAt(0).toUpperCase() + s.slice(1)).replace("_", " ")}
          </option>
        ))}
      </select>
    </div>
  );
}
