"use client";

import { useId } from "react";
import { APPOINTMENT_TYPES, type AvailabilitySettings } from "@coach/scheduling";
import { Label } from "@coach/ui/field";
import { input, type EditSettings } from "./edit-settings";

// Not the types' own names ("Coaching Session"): those label the lengths above, and a label should name one field.
const PLACE_LABELS = {
  consultation: "Where consultations take place",
  coaching: "Where coaching takes place",
  followup: "Where follow-ups take place",
} as const;

/** Where each type of session happens: an address or a video link, sent with every confirmation and invitation. */
export function MeetingPlaces({ locations, onChange }: { locations: AvailabilitySettings["locations"]; onChange: EditSettings }) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Where you meet</legend>
      <p className="text-sm text-slate-700">
        An address or a video link (https://…) per type. Confirmations, reminders and calendar invitations carry it.
      </p>
      {APPOINTMENT_TYPES.map((type) => (
        <div key={type} className="space-y-1.5">
          <Label htmlFor={`${id}-${type}`}>{PLACE_LABELS[type]}</Label>
          <input
            id={`${id}-${type}`}
            value={locations[type]}
            maxLength={500}
            onChange={(e) => onChange((v) => ({ ...v, locations: { ...v.locations, [type]: e.target.value } }))}
            className={`${input} w-full`}
          />
        </div>
      ))}
    </fieldset>
  );
}
