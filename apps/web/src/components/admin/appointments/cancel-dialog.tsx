"use client";

import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { Label, inputClasses } from "@coach/ui/field";
import type { Booking } from "./booking";

/** The coach's cancellation of a booking, with an optional message the client receives by email. */
export function CancelWithMessage({
  booking,
  pending,
  onClose,
  onConfirm,
}: {
  booking: Booking | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (message?: string) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState("");
  if (!booking) return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
    >
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Cancel {booking.client.name}&apos;s appointment?
        </h2>
        <p className="mt-1 text-sm text-slate-700">{booking.title}. The client is emailed with your message.</p>
        <Label htmlFor={id} className="mt-4 block">
          Message to the client (optional)
        </Label>
        <textarea
          id={id}
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Keep Appointment
          </Button>
          <Button variant="destructive" loading={pending} onClick={() => onConfirm(message.trim() || undefined)}>
            Cancel Appointment
          </Button>
        </div>
      </div>
    </div>
  );
}
