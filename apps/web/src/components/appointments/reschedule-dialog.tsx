"use client";

import { Description } from "@headlessui/react";
import { Modal } from "@coach/ui/modal";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { Label, inputClasses } from "@coach/ui/field";
import type { AppointmentType } from "@coach/db/enums";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { formatDateTime, formatTime } from "./use-time-zone";

export interface RescheduleTarget {
  id: number;
  title: string;
  appointmentType: AppointmentType;
  startTime: Date | string;
}

interface Props {
  target: RescheduleTarget | null;
  timeZone: string;
  pending: boolean;
  /** "Reason (optional)" for clients, "Message to the client" for the coach. */
  reasonLabel: string;
  reasonRequired?: boolean;
  onClose: () => void;
  onSubmit: (value: { id: number; startTime: string; endTime: string; reason?: string }) => void;
}

/** Today's date in a zone as yyyy-MM-dd (the date input's format). */
const today = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** Pick a new day and one of its free times for an existing booking (same type and length). */
export function RescheduleDialog({ target, timeZone, pending, reasonLabel, reasonRequired, onClose, onSubmit }: Props) {
  const trpc = useTRPC();
  const dateId = useId();
  const reasonId = useId();
  const [day, setDay] = useState("");
  const [choice, setChoice] = useState<{ start: string; end: string } | null>(null);
  const [reason, setReason] = useState("");
  const dayStart = day ? new Date(`${day}T00:00:00`) : null;
  const slots = useQuery({
    ...trpc.appointments.availableSlots.queryOptions({
      startDate: dayStart?.toISOString() ?? "",
      endDate: dayStart ? new Date(dayStart.getTime() + 86_400_000).toISOString() : "",
      appointmentType: target?.appointmentType ?? "consultation",
    }),
    enabled: !!dayStart && !!target,
  });
  const close = () => {
    if (pending) return;
    setDay("");
    setChoice(null);
    setReason("");
    onClose();
  };

  return (
    <Modal open={target !== null} onClose={close} title={<>Reschedule {target?.title}</>} size="lg">
      {target ? (
        <Description className="mt-1 text-sm text-slate-700">
          Now: {formatDateTime(target.startTime, timeZone)} ({timeZone})
        </Description>
      ) : null}
      <form
        className="mt-5 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (target && choice)
            onSubmit({ id: target.id, startTime: choice.start, endTime: choice.end, reason: reason.trim() || undefined });
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={dateId}>New date</Label>
          <input
            id={dateId}
            type="date"
            min={today(timeZone)}
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setChoice(null);
            }}
            className={`${inputClasses} w-48 border-slate-300`}
          />
        </div>
        <div aria-live="polite">
          {!day ? null : slots.isPending ? (
            <p role="status" className="text-sm text-slate-700">
              Loading available slots...
            </p>
          ) : slots.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(slots.error, "We couldn't load the available times.")}
            </p>
          ) : slots.data.length === 0 ? (
            <p className="text-sm text-slate-700">No available slots for this date. Please select another date.</p>
          ) : (
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">New time ({timeZone})</legend>
              <div className="mt-2 grid grid-cols-3 gap-2">
                {slots.data.map((s) => (
                  <label
                    key={s.start}
                    className="flex cursor-pointer items-center justify-center rounded-md border border-brand-200 px-2 py-2 text-sm font-medium text-brand-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                  >
                    <input
                      type="radio"
                      name="new-time"
                      className="sr-only"
                      checked={choice?.start === s.start}
                      onChange={() => setChoice(s)}
                    />
                    {formatTime(s.start, timeZone)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={reasonId}>{reasonLabel}</Label>
          <textarea
            id={reasonId}
            rows={2}
            value={reason}
            required={reasonRequired}
            onChange={(e) => setReason(e.target.value)}
            className={`${inputClasses} border-slate-300`}
          />
        </div>
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="outline" onClick={close} disabled={pending}>
            Keep Current Time
          </Button>
          <Button type="submit" loading={pending} disabled={!choice || (reasonRequired && !reason.trim())}>
            Reschedule
          </Button>
        </div>
      </form>
    </Modal>
  );
}
