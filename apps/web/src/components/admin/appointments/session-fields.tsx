"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Label, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { BOOKING_TYPE_OPTIONS } from "@coach/validators/booking";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

type BookingType = (typeof BOOKING_TYPE_OPTIONS)[number]["value"];

/**
 * The coach's booking of a session for a client, shared by the Appointments tab's "Book for a
 * client" and the client record's "Book a session": the type, start and topic, the type's length
 * from the booking options, and the one procedure (a start in the past records a session held).
 */
export function useSessionBooking({ enabled, onBooked }: { enabled: boolean; onBooked: (booked: { startTime: Date | string }) => void }) {
  const trpc = useTRPC();
  const [type, setType] = useState<BookingType>("coaching");
  const [start, setStart] = useState("");
  const [title, setTitle] = useState("");
  const options = useQuery({ ...trpc.appointments.bookingOptions.queryOptions(), enabled });
  const book = useMutation(
    trpc.admin.appointments.bookForClient.mutationOptions({
      onSuccess: (booked) => {
        setStart("");
        setTitle("");
        onBooked(booked);
      },
      onError: (error) => toast({ title: "Could not book", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const submit = (userId: number) => {
    if (!start) return;
    const minutes = options.data?.types.find((t) => t.value === type)?.minutes ?? 60;
    const label = BOOKING_TYPE_OPTIONS.find((t) => t.value === type)?.label ?? "Session";
    const startTime = new Date(start);
    book.mutate({
      userId,
      appointmentType: type,
      title: title.trim() || label,
      startTime,
      endTime: new Date(startTime.getTime() + minutes * 60_000),
    });
  };
  return { type, setType, start, setStart, title, setTitle, submit, pending: book.isPending };
}

export type SessionBooking = ReturnType<typeof useSessionBooking>;

/** The three fields of a session the coach books; `startHint` says whose clock the start is read in. */
export function SessionFields({ booking, startHint }: { booking: SessionBooking; startHint: string }) {
  const ids = { type: useId(), start: useId(), title: useId() };
  return (
    <div className="flex flex-wrap gap-4">
      <div>
        <Label htmlFor={ids.type}>Type</Label>
        <select
          id={ids.type}
          value={booking.type}
          onChange={(e) => booking.setType(e.target.value as BookingType)}
          className={`${inputClasses} mt-1 border-slate-300`}
        >
          {BOOKING_TYPE_OPTIONS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={ids.start}>Start ({startHint})</Label>
        <input
          id={ids.start}
          type="datetime-local"
          required
          value={booking.start}
          onChange={(e) => booking.setStart(e.target.value)}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
      </div>
      <div>
        <Label htmlFor={ids.title}>Topic (optional)</Label>
        <input
          id={ids.title}
          value={booking.title}
          maxLength={200}
          onChange={(e) => booking.setTitle(e.target.value)}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
      </div>
    </div>
  );
}
