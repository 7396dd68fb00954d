"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { FieldError, Label, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { availabilitySettingsSchema, type AvailabilitySettings, type TimeInterval } from "@coach/scheduling";
import { IntakeQuestionsEditor } from "./intake-questions-editor";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

const WORKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
const input = `${inputClasses} border-slate-300`;

function NumberField({
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

/** The Availability tab: the coach's hours, lengths, buffer, notice, horizon, days off and time zone. */
export function AvailabilitySettingsForm() {
  const trpc = useTRPC();
  const query = useQuery(trpc.settings.availability.queryOptions());
  if (query.isPending)
    return (
      <p role="status" className="text-slate-700">
        Loading availability...
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(query.error, "We couldn't load your availability. Please try again.")}
      </p>
    );
  return <AvailabilityEditor initial={query.data} />;
}

function AvailabilityEditor({ initial }: { initial: AvailabilitySettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<AvailabilitySettings>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [newDayOff, setNewDayOff] = useState("");
  const tzId = useId();
  const dayOffId = useId();
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

  const save = useMutation(
    trpc.settings.updateAvailability.mutationOptions({
      onSuccess: (saved) => {
        setValue(saved);
        setProblems([]);
        toast({ title: "Settings saved", description: "Your availability is updated for new bookings." });
        void queryClient.invalidateQueries({ queryKey: trpc.settings.availability.queryKey() });
      },
      onError: (error) =>
        toast({ title: "Failed to save settings", description: errorMessage(error, "Failed to save settings"), variant: "destructive" }),
    }),
  );

  const setDay = (day: (typeof WORKDAYS)[number], intervals: TimeInterval[]) =>
    setValue((v) => ({ ...v, weeklyHours: { ...v.weeklyHours, [day]: intervals } }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = availabilitySettingsSchema.safeParse(value);
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setProblems([]);
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-8">
      <section className="space-y-2">
        <Label htmlFor={tzId}>Your time zone</Label>
        <input
          id={tzId}
          list={`${tzId}-zones`}
          value={value.timeZone}
          onChange={(e) => setValue((v) => ({ ...v, timeZone: e.target.value }))}
          className={`${input} max-w-sm`}
        />
        <datalist id={`${tzId}-zones`}>
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <p className="text-xs text-slate-600">Working hours below are in this zone. Clients see times in their own zone.</p>
      </section>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Weekly working hours</legend>
        <p className="text-sm text-slate-700">Saturdays and Sundays are never offered for booking.</p>
        {WORKDAYS.map((day) => {
          const intervals = value.weeklyHours[day];
          const name = day.charAt(0).toUpperCase() + day.slice(1);
          return (
            <div key={day} className="flex flex-wrap items-start gap-4 rounded-md border border-slate-200 p-3">
              <span className="w-28 pt-2 font-medium text-slate-900">{name}</span>
              <div className="flex-1 space-y-2">
                {intervals.length === 0 ? <p className="pt-2 text-sm text-slate-600">Not working</p> : null}
                {intervals.map((interval, index) => (
                  <div key={index} className="flex flex-wrap items-center gap-2">
                    <label className="sr-only" htmlFor={`${day}-${index}-start`}>{`${name} start ${index + 1}`}</label>
                    <input
                      id={`${day}-${index}-start`}
                      type="time"
                      value={interval.start}
                      onChange={(e) =>
                        setDay(
                          day,
                          intervals.map((it, i) => (i === index ? { ...it, start: e.target.value } : it)),
                        )
                      }
                      className={`${input} w-32`}
                    />
                    <span aria-hidden="true">to</span>
                    <label className="sr-only" htmlFor={`${day}-${index}-end`}>{`${name} end ${index + 1}`}</label>
                    <input
                      id={`${day}-${index}-end`}
                      type="time"
                      value={interval.end === "24:00" ? "23:59" : interval.end}
                      onChange={(e) =>
                        setDay(
                          day,
                          intervals.map((it, i) => (i === index ? { ...it, end: e.target.value } : it)),
                        )
                      }
                      className={`${input} w-32`}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        setDay(
                          day,
                          intervals.filter((_, i) => i !== index),
                        )
                      }
                      aria-label={`Remove ${name} hours ${interval.start} to ${interval.end}`}
                    >
                      Remove
                    </Button>
                  </div>
                ))}
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDay(day, [...intervals, { start: intervals.at(-1)?.end ?? "09:00", end: "17:00" }])}
                aria-label={`Add hours on ${name}`}
              >
                Add hours
              </Button>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-base font-semibold text-slate-900">Appointment lengths</legend>
        <NumberField
          label="Initial Consultation"
          unit="minutes"
          min={5}
          max={480}
          value={value.durations.consultation}
          onChange={(n) => setValue((v) => ({ ...v, durations: { ...v.durations, consultation: n } }))}
        />
        <NumberField
          label="Coaching Session"
          unit="minutes"
          min={5}
          max={480}
          value={value.durations.coaching}
          onChange={(n) => setValue((v) => ({ ...v, durations: { ...v.durations, coaching: n } }))}
        />
        <NumberField
          label="Follow-up Session"
          unit="minutes"
          min={5}
          max={480}
          value={value.durations.followup}
          onChange={(n) => setValue((v) => ({ ...v, durations: { ...v.durations, followup: n } }))}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">Booking rules</legend>
        <NumberField
          label="Buffer between appointments"
          unit="minutes"
          min={0}
          max={240}
          value={value.bufferMinutes}
          onChange={(n) => setValue((v) => ({ ...v, bufferMinutes: n }))}
        />
        <NumberField
          label="Minimum notice"
          unit="hours"
          min={0}
          max={720}
          value={value.minimumNoticeHours}
          onChange={(n) => setValue((v) => ({ ...v, minimumNoticeHours: n }))}
        />
        <NumberField
          label="Booking horizon"
          unit="days ahead"
          min={1}
          max={365}
          value={value.maxDaysAhead}
          onChange={(n) => setValue((v) => ({ ...v, maxDaysAhead: n }))}
        />
        <NumberField
          label="Slot spacing"
          unit="minutes"
          min={5}
          max={240}
          value={value.slotStepMinutes}
          onChange={(n) => setValue((v) => ({ ...v, slotStepMinutes: n }))}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">Client policies</legend>
        <p className="text-sm text-slate-700 sm:col-span-2">
          These bind clients only; you can always cancel, move or book any appointment from the admin console.
        </p>
        <NumberField
          label="Cancel or reschedule up to"
          unit="hours before the start"
          min={0}
          max={720}
          value={value.policy.changeCutoffHours}
          onChange={(n) => setValue((v) => ({ ...v, policy: { ...v.policy, changeCutoffHours: n } }))}
        />
        <NumberField
          label="Reschedules per booking"
          unit="at most"
          min={0}
          max={20}
          value={value.policy.maxReschedules}
          onChange={(n) => setValue((v) => ({ ...v, policy: { ...v.policy, maxReschedules: n } }))}
        />
        <NumberField
          label="Upcoming bookings per client"
          unit="at most"
          min={1}
          max={100}
          value={value.policy.maxFutureBookings}
          onChange={(n) => setValue((v) => ({ ...v, policy: { ...v.policy, maxFutureBookings: n } }))}
        />
        <label className="flex items-center gap-2 self-end text-sm text-slate-900">
          <input
            type="checkbox"
            checked={value.policy.reasonRequired}
            onChange={(e) => setValue((v) => ({ ...v, policy: { ...v.policy, reasonRequired: e.target.checked } }))}
          />
          Clients must give a reason to cancel or reschedule
        </label>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Reminders</legend>
        <p className="text-sm text-slate-700">
          Hours before the start, separated by commas (e.g. 24, 1). Each reminder goes once per booking, and again after a reschedule.
        </p>
        <ReminderField minutes={value.reminderMinutes} onChange={(list) => setValue((v) => ({ ...v, reminderMinutes: list }))} />
      </fieldset>

      <IntakeQuestionsEditor value={value.intakeQuestions} onChange={(intakeQuestions) => setValue((v) => ({ ...v, intakeQuestions }))} />

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Days off</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1.5">
            <Label htmlFor={dayOffId}>Add a day off</Label>
            <input id={dayOffId} type="date" value={newDayOff} onChange={(e) => setNewDayOff(e.target.value)} className={`${input} w-48`} />
          </div>
          <Button
            variant="outline"
            disabled={!newDayOff}
            onClick={() => {
              setValue((v) => ({ ...v, daysOff: [...new Set([...v.daysOff, newDayOff])].sort() }));
              setNewDayOff("");
            }}
          >
            Add day off
          </Button>
        </div>
        {value.daysOff.length ? (
          <ul className="flex flex-wrap gap-2">
            {value.daysOff.map((day) => (
              <li key={day} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800">
                {day}
                <button
                  type="button"
                  onClick={() => setValue((v) => ({ ...v, daysOff: v.daysOff.filter((d) => d !== day) }))}
                  className="rounded-full px-2 text-slate-700 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  aria-label={`Remove day off ${day}`}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No days off planned.</p>
        )}
      </fieldset>

      {problems.length ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3">
          {problems.map((p) => (
            <FieldError key={p} message={p} className="text-red-800" />
          ))}
        </div>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        Save Availability
      </Button>
    </form>
  );
}

/** Reminder lead times typed as hours ("24, 1"), stored as minutes. */
function ReminderField({ minutes, onChange }: { minutes: number[]; onChange: (list: number[]) => void }) {
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
