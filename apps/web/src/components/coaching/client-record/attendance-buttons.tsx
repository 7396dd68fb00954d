"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/** Attended / No-show for a session that has started, through the console's attendance procedure. */
export function AttendanceButtons({
  appointmentId,
  current,
  onMarked,
}: {
  appointmentId: number;
  current: string | null;
  onMarked: () => void;
}) {
  const trpc = useTRPC();
  const mark = useMutation(
    trpc.admin.appointments.attendance.mutationOptions({
      onSuccess: (r) => {
        toast({ title: r.attendance === "attended" ? "Marked as attended" : "Marked as no-show" });
        onMarked();
      },
      onError: (error) =>
        toast({ title: "Failed to record attendance", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  return (
    <div role="group" aria-label="Attendance" className="mt-3 flex flex-wrap gap-2">
      <Button
        size="sm"
        variant={current === "attended" ? "primary" : "outline"}
        aria-pressed={current === "attended"}
        disabled={mark.isPending}
        onClick={() => mark.mutate({ id: appointmentId, attendance: "attended" })}
      >
        Attended
      </Button>
      <Button
        size="sm"
        variant={current === "no-show" ? "primary" : "outline"}
        aria-pressed={current === "no-show"}
        disabled={mark.isPending}
        onClick={() => mark.mutate({ id: appointmentId, attendance: "no-show" })}
      >
        No-show
      </Button>
    </div>
  );
}
