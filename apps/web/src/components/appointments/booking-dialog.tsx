"use client";

import { Description } from "@headlessui/react";
import { Modal } from "@coach/ui/modal";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import type { IntakeQuestion } from "@coach/scheduling";
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
  /** The chosen type's intake questions, asked below the notes. */
  questions?: readonly IntakeQuestion[];
  onSubmit: (values: {
    title: string;
    description?: string;
    start: string;
    end: string;
    answers: Array<{ questionId: string; answer: string }>;
  }) => Promise<boolean>;
}

/** One intake question as a field: a line, a text area or radio buttons. */
function QuestionField({
  question,
  value,
  onChange,
  error,
}: {
  question: IntakeQuestion;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  const label = `${question.label}${question.required ? "" : " (optional)"}`;
  if (question.kind === "single-choice") {
    return (
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-900">{label}</legend>
        {question.options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={id}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-brand-700"
            />
            {option}
          </label>
        ))}
        <FieldError message={error} />
      </fieldset>
    );
  }
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {question.kind === "long-text" ? (
        <textarea
          id={id}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-required={question.required}
          aria-invalid={!!error}
          className={`${inputClasses} border-slate-300`}
        />
      ) : (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-required={question.required}
          aria-invalid={!!error}
          className={`${inputClasses} border-slate-300`}
        />
      )}
      <FieldError message={error} />
    </div>
  );
}

/** The booking dialog: Topic/Reason, Additional Notes and the hidden slot field (start|end). */
export function BookingDialog({ slot, typeLabel, timeZone, pending, onClose, onSubmit, questions = [] }: Props) {
  const notesId = useId();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
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
    const unanswered = questions.filter((q) => q.required && !answers[q.id]?.trim()).map((q) => q.id);
    setMissing(unanswered);
    if (unanswered.length) return;
    const [start = "", end = ""] = values.selectedSlot.split("|");
    const given = questions.map((q) => ({ questionId: q.id, answer: answers[q.id]?.trim() ?? "" })).filter((a) => a.answer);
    const ok = await onSubmit({ title: values.title, description: values.description || undefined, start, end, answers: given });
    if (ok) {
      reset({ title: "", description: "", selectedSlot: "" });
      setAnswers({});
    }
  });

  return (
    <Modal open={slot !== null} onClose={close} title={<>Book {typeLabel}</>} size="lg">
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
        {questions.map((q) => (
          <QuestionField
            key={q.id}
            question={q}
            value={answers[q.id] ?? ""}
            onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))}
            error={missing.includes(q.id) ? "Please answer this question." : undefined}
          />
        ))}
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
    </Modal>
  );
}
