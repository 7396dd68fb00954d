"use client";

import { useId } from "react";
import { Label, inputClasses } from "@coach/ui/field";
import { TEST_TYPES, type TestType } from "@coach/db/enums";
import { SearchBox } from "../console/shared";

export const TYPE_LABELS: Record<string, string> = { personality: "Personality", iq: "IQ", eq: "Emotional IQ", leadership: "Leadership" };

export interface AttemptFilterState {
  testType: TestType | "";
  person: string;
  /** calendar days (YYYY-MM-DD) in the coach's browser zone, both included */
  fromDay: string;
  toDay: string;
}
export const NO_FILTERS: AttemptFilterState = { testType: "", person: "", fromDay: "", toDay: "" };

/** The procedure's input: days become the instants they start and end in the browser's zone; empty fields are left out. */
export function filterInput(f: AttemptFilterState, person: string) {
  const input: { testType?: TestType; q?: string; from?: Date; to?: Date } = {};
  if (f.testType) input.testType = f.testType;
  if (person) input.q = person;
  if (f.fromDay) input.from = new Date(`${f.fromDay}T00:00:00`);
  if (f.toDay) input.to = new Date(`${f.toDay}T23:59:59.999`);
  return Object.keys(input).length > 0 ? input : undefined;
}

/** Test type, person and period: the list is narrowed on the server as the coach changes them. */
export function AttemptFilters({ value, onChange }: { value: AttemptFilterState; onChange: (next: AttemptFilterState) => void }) {
  const ids = { type: useId(), from: useId(), to: useId() };
  const set = (patch: Partial<AttemptFilterState>) => onChange({ ...value, ...patch });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-4">
      <SearchBox
        id="attempt-person"
        label="Person"
        placeholder="Name, username or e-mail"
        value={value.person}
        onChange={(person) => set({ person })}
      />
      <div className="mb-4">
        <Label htmlFor={ids.type}>Test</Label>
        <select
          id={ids.type}
          value={value.testType}
          onChange={(e) => set({ testType: e.target.value as TestType | "" })}
          className={`${inputClasses} mt-1 border-slate-300`}
        >
          <option value="">All tests</option>
          {TEST_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-4">
        <Label htmlFor={ids.from}>Completed from</Label>
        <input
          id={ids.from}
          type="date"
          value={value.fromDay}
          onChange={(e) => set({ fromDay: e.target.value })}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
      </div>
      <div className="mb-4">
        <Label htmlFor={ids.to}>Completed to</Label>
        <input
          id={ids.to}
          type="date"
          value={value.toDay}
          onChange={(e) => set({ toDay: e.target.value })}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
      </div>
    </div>
  );
}
