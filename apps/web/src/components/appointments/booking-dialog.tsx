"use client";

import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@coach/ui/button";
import { FieldError, Label, TextField, inputClasses } from "@coach/ui/field";
import { bookingFormSchema, type BookingFormInput } from "@coach/validators/booking";
import { formatDateTime, formatTime } from "./use-time-zone";

export interface SelectedSlot {
  start: string;
  end: string;
}

interface Props {
  slot: SelectedSlot | null;
  typeLabel: string;
  timeZone: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (values: { title: string; description?: string; start: string; end: string }) => Promise<boolean>;
}

/** The booking dialog: Topic/Reason, Additional Notes and the hidden slot field (start|end). */
export function BookingDialog({ slot, typeLabel, timeZone, pending, onClose, onSubmit }: Props) {
  const notesId = useId();
  const form = useForm<BookingFormInput>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { title: "", description: "", selectedSlot: "" },
  });
  const { register, handleSubmit, reset, setValue, formState } = form;

  useEffect(() => {
    setValue("selectedSlot", slot ? `${slot.start}|${slot.end}` : "");
  }, [slot, setValue]);

  const close = () => {
    if (pending) return;
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    const [start = "", end = ""] = values.selectedSlot.split("|");
    const ok = await onSubmit({ title: values.title, description: values.description || undefined, start, end });
    if (ok) reset({ title: "", description: "", selectedSlot: "" });
  });

  return (
    <Dialog open={slot !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Book {typeLabel}</DialogTitle>
          {slot ? (
            <Description className="mt-1 text-sm text-slate-700">
              {formatDateTime(slot.start, timeZone)} – {formatTime(slot.end, timeZone)} ({timeZone})
            </Description>
          ) : null}
          <form onSubmit={submit} noValidate className="mt-5 space-y-4">
            <TextField label="Topic/Reason" autoComplete="off" {...register("title")} error={formState.errors.title?.message} />
            <div className="space-y-1.5">
              <Label htmlFor={notesId}>Additional Notes</Label>
              <textarea id={notesId} rows={4} className={`${inputClasses} border-slate-300`} {...register("description")} />
              <FieldError message={formState.errors.description?.message} />
            </div>
            <input type="hidden" {...register("selectedSlot")} />
            <FieldError message={formState.errors.selectedSlot?.message} />
            <div className="flex justify-end gap-3 pt-2">
              <Button variant="outline" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                {pending ? "Scheduling..." : "Schedule Appointment"}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
