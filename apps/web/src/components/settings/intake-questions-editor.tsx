"use client";

import { useId } from "react";
import { Button } from "@coach/ui/button";
import { Label, inputClasses } from "@coach/ui/field";
import { APPOINTMENT_TYPES, INTAKE_QUESTION_KINDS, type AppointmentType, type IntakeQuestionKind } from "@coach/db/enums";
import { APPOINTMENT_TYPE_LABELS, type AvailabilitySettings, type IntakeQuestion } from "@coach/scheduling";

type Questions = AvailabilitySettings["intakeQuestions"];
const input = `${inputClasses} border-slate-300`;
const KIND_LABELS: Record<IntakeQuestionKind, string> = {
  "short-text": "Short text",
  "long-text": "Long text",
  "single-choice": "Single choice",
};

/** A fresh id for a new question (answers refer to it, so it never changes once saved). */
const newId = (list: readonly IntakeQuestion[]) => {
  let n = list.length + 1;
  while (list.some((q) => q.id === `q${n}`)) n++;
  return `q${n}`;
};

/** The questions each appointment type asks in the booking dialog. */
export function IntakeQuestionsEditor({ value, onChange }: { value: Questions; onChange: (next: Questions) => void }) {
  const setType = (type: AppointmentType, list: IntakeQuestion[]) => onChange({ ...value, [type]: list });
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Intake questions</legend>
      <p className="text-sm text-slate-700">
        Asked in the booking dialog; the answers appear with the booking, in your email and in the calendar event.
      </p>
      {APPOINTMENT_TYPES.map((type) => (
        <div key={type} className="space-y-2 rounded-md border border-slate-200 p-3">
          <h3 id={`intake-${type}`} className="font-medium text-slate-900">
            {APPOINTMENT_TYPE_LABELS[type]}
          </h3>
          {value[type].length === 0 ? <p className="text-sm text-slate-600">No questions.</p> : null}
          {value[type].map((q, index) => (
            <QuestionRow
              key={q.id}
              question={q}
              onChange={(next) =>
                setType(
                  type,
                  value[type].map((it, i) => (i === index ? next : it)),
                )
              }
              onRemove={() =>
                setType(
                  type,
                  value[type].filter((_, i) => i !== index),
                )
              }
            />
          ))}
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              setType(type, [...value[type], { id: newId(value[type]), label: "", kind: "short-text", required: false, options: [] }])
            }
            aria-describedby={`intake-${type}`}
          >
            Add question
          </Button>
        </div>
      ))}
    </fieldset>
  );
}

function QuestionRow({
  question,
  onChange,
  onRemove,
}: {
  question: IntakeQuestion;
  onChange: (q: IntakeQuestion) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded bg-slate-50 p-2 sm:grid-cols-[1fr_auto_auto_auto]">
      <div className="space-y-1">
        <Label htmlFor={`${id}-label`}>Question</Label>
        <input
          id={`${id}-label`}
          value={question.label}
          onChange={(e) => onChange({ ...question, label: e.target.value })}
          className={input}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-kind`}>Answer</Label>
        <select
          id={`${id}-kind`}
          value={question.kind}
          onChange={(e) => onChange({ ...question, kind: e.target.value as IntakeQuestionKind })}
          className={input}
        >
          {INTAKE_QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" checked={question.required} onChange={(e) => onChange({ ...question, required: e.target.checked })} />
        Required
      </label>
      <Button variant="ghost" size="sm" className="self-end" onClick={onRemove} aria-label={`Remove question "${question.label}"`}>
        Remove
      </Button>
      {question.kind === "single-choice" ? (
        <div className="space-y-1 sm:col-span-4">
          <Label htmlFor={`${id}-options`}>Options (one per line)</Label>
          <textarea
            id={`${id}-options`}
            rows={3}
            value={question.options.join("\n")}
            onChange={(e) => onChange({ ...question, options: e.target.value.split("\n") })}
            onBlur={() => onChange({ ...question, options: question.options.map((o) => o.trim()).filter(Boolean) })}
            className={input}
          />
        </div>
      ) : null}
    </div>
  );
}
