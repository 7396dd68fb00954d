"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { saveCsv } from "~/lib/save-file";

/**
 * What the coach does to bookings from the tab: record attendance, move, cancel, export. Each
 * success refreshes the list and the attendance figures; each failure says what failed.
 */
export function useBookingActions({ onMoved, onCanceled }: { onMoved: () => void; onCanceled: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.appointments.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.appointments.attendanceStats.queryKey() });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "An error occurred"), variant: "destructive" });
  const attendance = useMutation(
    trpc.admin.appointments.attendance.mutationOptions({
      onSuccess: (r) => {
        toast({ title: r.attendance === "attended" ? "Marked as attended" : "Marked as no-show" });
        refresh();
      },
      onError: failed("Failed to record attendance"),
    }),
  );
  const reschedule = useMutation(
    trpc.admin.appointments.reschedule.mutationOptions({
      onSuccess: () => {
        onMoved();
        toast({ title: "Appointment rescheduled", description: "The client has been emailed the new time." });
        refresh();
      },
      onError: failed("Could not reschedule"),
    }),
  );
  const cancel = useMutation(
    trpc.admin.appointments.cancel.mutationOptions({
      onSuccess: () => {
        onCanceled();
        toast({ title: "Appointment canceled", description: "The client has been emailed." });
        refresh();
      },
      onError: failed("Could not cancel"),
    }),
  );
  const exportCsv = useMutation(
    trpc.admin.appointments.exportCsv.mutationOptions({
      onSuccess: ({ csv, filename }) => saveCsv(csv, filename),
      onError: failed("Export failed"),
    }),
  );
  return { attendance, reschedule, cancel, exportCsv, refresh };
}
