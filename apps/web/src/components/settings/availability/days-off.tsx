"use client";

import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { Label } from "@coach/ui/field";
import type { AvailabilitySettings } from "@coach/scheduling";
import { input, type EditSettings } from "./edit-settings";

/** Single days the coach does not work (holidays): added by date, kept sorted, removed one by one. */
export function DaysOff({ daysOff, onChange }: { daysOff: AvailabilitySettings["daysOff"]; onChange: EditSettings }) {
  const [newDayOff, setNewDayOff] = useState("");
  const dayOffId = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Days off</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <Label htmlFor={dayOffId}>Add a day off</Label>
          <input id={dayOffId} type="date" value={newDayOff} onChange={(e) => setNewDayOff(e.target.value)} className={`${input} w-48`} />
        </div>
        <Button
          variant="outline"
          disabled={!newDayOff}
          onClick={() => {
            onChange((v) => ({ ...v, daysOff: [...new Set([...v.daysOff, newDayOff])].sort() }));
            setNewDayOff("");
          }}
        >
          Add day off
        </Button>
      </div>
      {daysOff.length ? (
        <ul className="flex flex-wrap gap-2">
          {daysOff.map((day) => (
            <li key={day} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800">
              {day}
              <button
                type="button"
                onClick={() => onChange((v) => ({ ...v, daysOff: v.daysOff.filter((d) => d !== day) }))}
                className="rounded-full px-2 text-slate-700 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                aria-label={`Remove day off ${day}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No days off planned.</p>
      )}
    </fieldset>
  );
}
