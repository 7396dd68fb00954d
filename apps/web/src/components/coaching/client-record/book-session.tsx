"use client";

import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { SessionFields, useSessionBooking } from "~/components/admin/appointments/session-fields";

/**
 * Book a session for this client from her record, or record one already held (arranged by phone):
 * the same fields and procedure as the console's "Book for a client", with the client already chosen.
 */
export function BookSession({ userId, name, onBooked }: { userId: number; name: string; onBooked: () => void }) {
  const [open, setOpen] = useState(false);
  const heading = useId();
  const booking = useSessionBooking({
    enabled: open,
    onBooked: (booked) => {
      const past = new Date(booked.startTime).getTime() <= Date.now();
      toast(past ? { title: "Session recorded", description: "You can now mark the attendance." } : { title: "Session booked" });
      setOpen(false);
      onBooked();
    },
  });
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Book a session
      </Button>
    );
  }
  return (
    <form
      aria-labelledby={heading}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        booking.submit(userId);
      }}
    >
      <h3 id={heading} className="font-semibold text-slate-900">
        Book a session for {name}
      </h3>
      <p className="text-sm text-slate-700">A time in the past records a session already held, so its attendance can be kept.</p>
      <SessionFields booking={booking} startHint="your browser's time" />
      <div className="flex gap-3">
        <Button type="submit" loading={booking.pending} disabled={!booking.start}>
          Book session
        </Button>
        <Button variant="outline" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}
