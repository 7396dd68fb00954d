"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { FieldError, Label } from "@coach/ui/field";
import { dismissToast, toast } from "@coach/ui/toast";
import { availabilitySettingsSchema, type AvailabilitySettings } from "@coach/scheduling";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { IntakeQuestionsEditor } from "../intake-questions-editor";
import { BookingRuleFields } from "./booking-rule-fields";
import { DaysOff } from "./days-off";
import { MeetingPlaces } from "./meeting-places";
import { PublicHolidays } from "./public-holidays";
import { input } from "./edit-settings";
import { ReminderField } from "./reminder-field";
import { WeeklyHours } from "./weekly-hours";

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

/** Edits a copy of the saved settings; on save the schema checks the whole and every problem is listed at once. */
function AvailabilityEditor({ initial }: { initial: AvailabilitySettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<AvailabilitySettings>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const tzId = useId();
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // An earlier "Settings saved" must not sit beside the messages of this attempt.
    dismissToast();
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

      <WeeklyHours weeklyHours={value.weeklyHours} onChange={setValue} />

      <BookingRuleFields value={value} onChange={setValue} />

      <MeetingPlaces locations={value.locations} onChange={setValue} />

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Reminders</legend>
        <p className="text-sm text-slate-700">
          Hours before the start, separated by commas (e.g. 24, 1). Each reminder goes once per booking, and again after a reschedule.
        </p>
        <ReminderField minutes={value.reminderMinutes} onChange={(list) => setValue((v) => ({ ...v, reminderMinutes: list }))} />
      </fieldset>

      <IntakeQuestionsEditor value={value.intakeQuestions} onChange={(intakeQuestions) => setValue((v) => ({ ...v, intakeQuestions }))} />

      <PublicHolidays value={value} onChange={setValue} />

      <DaysOff daysOff={value.daysOff} onChange={setValue} />

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
