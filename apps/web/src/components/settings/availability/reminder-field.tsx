"use client";

import { useState, useId } from "react";
import { Label } from "@coach/ui/field";
import { input } from "./edit-settings";

/** Reminder lead times typed as hours ("24, 1"), stored as minutes. */
export function ReminderField({ minutes, onChange }: { minutes: number[]; onChange: (list: number[]) => void }) {
  const id = useId();
  const [text, setText] = useState(minutes.map((m) => String(m / 60)).join(", "));
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Reminder hours</Label>
      <input
        id={id}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const list = e.target.value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => Math.round(Number(part) * 60));
          onChange(list.some((n) => Number.isNaN(n)) ? [Number.NaN] : list);
        }}
        className={`${input} max-w-xs`}
      />
    </div>
  );
}
