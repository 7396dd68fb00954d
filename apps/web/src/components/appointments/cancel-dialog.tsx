"use client";

import { Description } from "@headlessui/react";
import { Modal } from "@coach/ui/modal";
import { useId, useRef, useState } from "react";
import { Button } from "@coach/ui/button";
import { Label, inputClasses } from "@coach/ui/field";
import { CancelTerms } from "../payments/cancel-terms";

export const REASON_NEEDED_MESSAGE = "Please give a reason for canceling.";

interface Props {
  target: { id: number; title: string } | null;
  pending: boolean;
  /** The practice's policy: clients must say why (the server refuses without one either way). */
  reasonRequired: boolean;
  onClose: () => void;
  onConfirm: (reason?: string) => void;
}

/** The client confirms a cancellation, with a reason the coach reads in her email (required or optional by policy). */
export function CancelDialog({ target, pending, reasonRequired, onClose, onConfirm }: Props) {
  const reasonId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const close = () => {
    if (pending) return;
    setReason("");
    setMissing(false);
    onClose();
  };

  return (
    <Modal open={target !== null} onClose={close} title="Cancel this appointment?">
      {target ? (
        <Description className="mt-2 text-sm text-slate-700">
          &quot;{target.title}&quot; will be canceled and the time released. We&apos;ll email you a confirmation.
        </Description>
      ) : null}
      {target ? <CancelTerms appointmentId={target.id} /> : null}
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (reasonRequired && !reason.trim()) {
            setMissing(true);
            field.current?.focus();
            return;
          }
          onConfirm(reason.trim() || undefined);
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={reasonId}>{reasonRequired ? "Reason" : "Reason (optional)"}</Label>
          <textarea
            ref={field}
            id={reasonId}
            rows={3}
            maxLength={1000}
            value={reason}
            required={reasonRequired}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
            className={`${inputClasses} ${missing ? "border-red-600" : "border-slate-300"}`}
          />
          {missing ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {REASON_NEEDED_MESSAGE}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={pending}>
            Keep Appointment
          </Button>
          <Button type="submit" variant="destructive" loading={pending}>
            Cancel Appointment
          </Button>
        </div>
      </form>
    </Modal>
  );
}
