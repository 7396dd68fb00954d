"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addDays, format, startOfDay } from "date-fns";
import { useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { toast } from "@coach/ui/toast";
import type { AppointmentType } from "@coach/db/enums";
import { BOOKING_TYPE_OPTIONS, SLOT_WINDOW_DAYS } from "@coach/validators/booking";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { BookingDialog, type SelectedSlot } from "./booking-dialog";
import { dateKey, formatTime, useTimeZone } from "./use-time-zone";

/** Book Appointment: type, a calendar (past days and weekends disabled), the day's free times, then the dialog. */
export function BookAppointment({ initialType }: { initialType?: AppointmentType }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [type, setType] = useState<AppointmentType>(initialType ?? "consultation");
  const [date, setDate] = useState<Date | undefined>();
  const [slot, setSlot] = useState<SelectedSlot | null>(null);

  const options = useQuery(trpc.appointments.bookingOptions.queryOptions());
  const minutes = options.data?.types.find((t) => t.value === type)?.minutes;
  const typeLabel = BOOKING_TYPE_OPTIONS.find((t) => t.value === type)?.label ?? "Appointment";

  const windowStart = date ? startOfDay(date) : undefined;
  const slotsInput = windowStart
    ? { startDate: windowStart.toISOString(), endDate: addDays(windowStart, SLOT_WINDOW_DAYS).toISOString(), appointmentType: type }
    : undefined;
  const slots = useQuery({
    ...trpc.appointments.availableSlots.queryOptions(slotsInput ?? { startDate: "", endDate: "" }),
    enabled: !!slotsInput,
  });

  const daySlots = useMemo(() => {
    if (!slots.data || !date || !timeZone) return [];
    const key = dateKey(date, timeZone);
    return slots.data.filter((s) => dateKey(s.start, timeZone) === key);
  }, [slots.data, date, timeZone]);

  const book = useMutation(trpc.appointments.create.mutationOptions());
  // A paid single session (issue 31): without a credit of this type, the booking holds the time and goes to Checkout.
  const offers = useQuery(trpc.offers.list.queryOptions());
  const credits = useQuery(trpc.payments.credits.queryOptions());
  const sessionOffer = offers.data?.find((o) => o.kind === "session" && o.appointmentType === type);
  const payWith = sessionOffer && !credits.data?.some((c) => c.appointmentType === type) ? sessionOffer.id : undefined;

  const questions = options.data?.types.find((t) => t.value === type)?.questions ?? [];

  const submit = async (values: {
    title: string;
    description?: string;
    start: string;
    end: string;
    answers: Array<{ questionId: string; answer: string }>;
  }) => {
    try {
      const booked = await book.mutateAsync({
        offerId: payWith,
        title: values.title,
        description: values.description,
        startTime: values.start,
        endTime: values.end,
        status: "scheduled",
        appointmentType: type,
        answers: values.answers,
        timeZone: timeZone ?? undefined,
      });
      if (booked.checkoutUrl) {
        toast({ title: "Time held for 15 minutes", description: "Taking you to the payment page. The booking is confirmed once paid." });
        window.location.assign(booked.checkoutUrl);
        return true;
      }
      setSlot(null);
      void queryClient.invalidateQueries({ queryKey: trpc.payments.credits.queryKey() });
      toast({ title: "Appointment scheduled", description: "A confirmation with a calendar invitation is on its way to your inbox." });
      void queryClient.invalidateQueries({ queryKey: trpc.appointments.mine.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.appointments.availableSlots.queryKey() });
      return true;
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Failed to schedule appointment"), variant: "destructive" });
      // A taken slot: show the day's times as they are now.
      void queryClient.invalidateQueries({ queryKey: trpc.appointments.availableSlots.queryKey() });
      return false;
    }
  };

  const today = startOfDay(new Date());
  const horizon = options.data ? addDays(today, options.data.maxDaysAhead) : undefined;

  return (
    <div className="space-y-8">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Appointment type</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {BOOKING_TYPE_OPTIONS.map((option) => {
            const info = options.data?.types.find((t) => t.value === option.value);
            const length = info?.minutes;
            // A video link is sent with the confirmation; an address can be read here.
            const place = info?.location && !/^https?:\/\//.test(info.location) ? info.location : null;
            return (
              <label
                key={option.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input
                  type="radio"
                  name="appointmentType"
                  value={option.value}
                  checked={type === option.value}
                  onChange={() => setType(option.value)}
                  className="mt-1 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-slate-900">{option.label}</span>
                  {length ? <span className="block text-sm text-slate-700">{length} minutes</span> : null}
                  {info?.location ? (
                    <span className="block text-sm text-slate-700 [overflow-wrap:anywhere]">
                      {place ?? "By video: the link comes with your confirmation"}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-8 lg:grid-cols-[auto_1fr]">
        <section aria-labelledby="pick-date">
          <h2 id="pick-date" className="text-base font-semibold text-slate-900">
            Pick a date
          </h2>
          <div className="mt-3 rounded-lg border border-slate-200 bg-white p-3 [--rdp-accent-color:var(--color-brand-700)] [--rdp-accent-background-color:var(--color-brand-50)]">
            {timeZone ? (
              <DayPicker
                mode="single"
                selected={date}
                onSelect={(next) => setDate(next)}
                disabled={[{ before: today }, { dayOfWeek: [0, 6] }, ...(horizon ? [{ after: horizon }] : [])]}
                startMonth={today}
                endMonth={horizon}
                weekStartsOn={1}
                // The accessible name starts with the visible day number (WCAG 2.5.3, label in name).
                labels={{
                  labelDayButton: (day, modifiers) =>
                    `${format(day, "d MMMM yyyy, EEEE")}${modifiers.today ? ", today" : ""}${modifiers.selected ? ", selected" : ""}`,
                }}
              />
            ) : (
              <p className="p-6 text-sm text-slate-700">Loading calendar...</p>
            )}
          </div>
        </section>

        <section aria-labelledby="pick-time" aria-live="polite">
          <h2 id="pick-time" className="text-base font-semibold text-slate-900">
            {date && timeZone
              ? `Available times on ${new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" }).format(date)}`
              : "Available times"}
          </h2>
          {timeZone ? <p className="mt-1 text-sm text-slate-600">Times shown in {timeZone}</p> : null}
          <div className="mt-4">
            {!date ? (
              <p className="text-slate-700">Select a date on the calendar to see the available times.</p>
            ) : slots.isPending || slots.isFetching ? (
              <p role="status" className="text-slate-700">
                Loading available slots...
              </p>
            ) : slots.isError ? (
              <p role="alert" className="text-red-700">
                {errorMessage(slots.error, "We couldn't load the available times. Please try again.")}
              </p>
            ) : daySlots.length === 0 ? (
              <p className="text-slate-700">No available slots for this date. Please select another date.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4" aria-label={`Available ${minutes ?? ""}-minute times`}>
                {daySlots.map((s) => (
                  <li key={s.start}>
                    <button
                      type="button"
                      onClick={() => setSlot({ start: s.start, end: s.end })}
                      className="w-full rounded-md border border-brand-200 bg-white px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      {formatTime(s.start, timeZone!)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>

      {timeZone ? (
        <BookingDialog
          slot={slot}
          typeLabel={typeLabel}
          questions={questions}
          timeZone={timeZone}
          pending={book.isPending}
          onClose={() => setSlot(null)}
          onSubmit={submit}
        />
      ) : null}
    </div>
  );
}
