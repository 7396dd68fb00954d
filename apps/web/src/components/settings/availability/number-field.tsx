"use client";

import { useId } from "react";
import { Label } from "@coach/ui/field";
import { input } from "./edit-settings";

/** A whole number with its unit beside it; an emptied field holds NaN, which the schema refuses on save. */
export function NumberField({
  label,
  unit,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  unit: string;
  value: number;
  onChange: (n: number) => void;
  min: number;
  max: number;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={Number.isNaN(value) ? "" : value}
          onChange={(e) => onChange(e.target.valueAsNumber)}
          className={`${input} w-28`}
        />
        <span className="text-sm text-slate-700">{unit}</span>
      </div>
    </div>
  );
}
