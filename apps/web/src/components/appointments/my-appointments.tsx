"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { Button, buttonClasses } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { CancelDialog } from "./cancel-dialog";
import { RescheduleDialog, type RescheduleTarget } from "./reschedule-dialog";
import { formatDateTime, formatTime, useTimeZone } from "./use-time-zone";

/**
 * These are the client's own bookings: a "Consultation with {name}: " prefix (the stored title, written
 * for the coach's calendar) names her, so she reads "Consultation: " instead (issue 32).
 */
const ownTitle = (title: string) => title.replace(/^Consultation with [^:]+: /, "Consultation: ");

/**
 * My Appointments: newest first. Upcoming ones offer 'Reschedule' and a confirmed 'Cancel Appointment'
 * with a reason, required or optional by the practice's policy (which may refuse either, with its
 * message); past ones offer 'Book your next session'.
 */
export function MyAppointments() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [confirming, setConfirming] = useState<{ id: number; title: string } | null>(null);
  const [moving, setMoving] = useState<RescheduleTarget | null>(null);
  const list = useQuery(trpc.appointments.mine.queryOptions());
  const options = useQuery(trpc.appointments.bookingOptions.queryOptions());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.appointments.mine.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.appointments.availableSlots.queryKey() });
  };
  const reschedule = useMutation(
    trpc.appointments.reschedule.mutationOptions({
      onSuccess: () => {
        setMoving(null);
        toast({ title: "Appointment rescheduled", description: "We've emailed you the new time with an updated calendar invitation." });
        refresh();
      },
      onError: (error) =>
        toast({
          title: "Could not reschedule",
          description: errorMessage(error, "Failed to reschedule appointment"),
          variant: "destructive",
        }),
    }),
  );
  const cancel = useMutation(
    trpc.appointments.cancel.mutationOptions({
      onSuccess: () => {
        setConfirming(null);
        toast({ title: "Appointment canceled", description: "We've emailed you the cancellation." });
        void queryClient.invalidateQueries({ queryKey: trpc.appointments.mine.queryKey() });
        // A credit may have come back (issue 31).
        void queryClient.invalidateQueries({ queryKey: trpc.payments.credits.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.appointments.availableSlots.queryKey() });
      },
      onError: (error) => {
        setConfirming(null);
        toast({ title: "Error", description: errorMessage(error, "Failed to cancel appointment"), variant: "destructive" });
      },
    }),
  );

  if (list.isPending || !timeZone) {
    return (
      <p role="status" className="py-8 text-center text-slate-700">
        Loading your appointments...
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="py-8 text-center text-red-700">
        We couldn&apos;t load your appointments. Please try again later.
      </p>
    );
  }
  if (list.data.length === 0) {
    return <p className="py-8 text-center text-slate-700">You don&apos;t have any scheduled appointments.</p>;
  }

  return (
    <>
      <p className="mb-4 text-sm text-slate-600">Times shown in {timeZone}</p>
      <ul className="space-y-4">
        {list.data.map((appt) => (
          <li key={appt.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0 [overflow-wrap:anywhere]">
                <h3 className="text-lg font-semibold text-slate-900">{ownTitle(appt.title)}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  <span className="sr-only">Starts </span>
                  {formatDateTime(appt.startTime, timeZone)}
                  <span aria-hidden="true"> – </span>
                  <span className="sr-only"> and ends </span>
                  {formatTime(appt.endTime, timeZone)}
                </p>
                {appt.description ? <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{appt.description}</p> : null}
              </div>
              {new Date(appt.startTime).getTime() > Date.now() ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setMoving(appt)}>
                    Reschedule
                  </Button>
                  <Button variant="outline" onClick={() => setConfirming({ id: appt.id, title: ownTitle(appt.title) })}>
                    Cancel Appointment
                  </Button>
                </div>
              ) : (
                <Link href={`/appointments?type=${appt.appointmentType}`} className={buttonClasses({})}>
                  Book your next session
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      <RescheduleDialog
        target={moving}
        timeZone={timeZone}
        pending={reschedule.isPending}
        reasonLabel={options.data?.policy.reasonRequired ? "Reason" : "Reason (optional)"}
        reasonRequired={options.data?.policy.reasonRequired}
        onClose={() => setMoving(null)}
        onSubmit={(value) => reschedule.mutate({ ...value, timeZone })}
      />
      <CancelDialog
        key={confirming?.id ?? "closed"}
        target={confirming}
        pending={cancel.isPending}
        reasonRequired={options.data?.policy.reasonRequired ?? false}
        onClose={() => setConfirming(null)}
        onConfirm={(reason) => confirming && cancel.mutate({ id: confirming.id, timeZone, reason })}
      />
    </>
  );
}
