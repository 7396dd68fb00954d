"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { useTRPC } from "~/trpc/react";
import { SearchBox, useDebounced } from "../console/shared";
import { SessionFields, useSessionBooking } from "./session-fields";

/** Book on a client's behalf: pick the client, type and slot (the coach is not bound by the policies). */
export function BookForClient({ coachZone, onBooked }: { coachZone: string; onBooked: () => void }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [clientId, setClientId] = useState<number | null>(null);
  const debounced = useDebounced(search);
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({ search: debounced || undefined, page: 1, pageSize: 10 }),
    enabled: open,
  });
  const booking = useSessionBooking({
    enabled: open,
    onBooked: () => {
      toast({ title: "Appointment booked", description: "The client has been emailed the confirmation." });
      setOpen(false);
      onBooked();
    },
  });
  const clientField = useId();
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Book for a client
      </Button>
    );
  }
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (clientId) booking.submit(clientId);
      }}
    >
      <h3 className="font-semibold text-slate-900">Book for a client</h3>
      <SearchBox id={clientField} label="Find the client" placeholder="Name or email" value={search} onChange={setSearch} />
      <ul className="max-h-40 space-y-1 overflow-y-auto text-sm">
        {(users.data?.items ?? []).map((u) => (
          <li key={u.id}>
            <label className="inline-flex items-center gap-2 [overflow-wrap:anywhere]">
              <input type="radio" name="book-for-client" checked={clientId === u.id} onChange={() => setClientId(u.id)} />
              {[u.firstName, u.lastName].filter(Boolean).join(" ") || u.username} &lt;{u.email}&gt;
            </label>
          </li>
        ))}
      </ul>
      <SessionFields booking={booking} startHint={`your browser's time; your zone is ${coachZone}`} />
      <div className="flex gap-3">
        <Button type="submit" loading={booking.pending} disabled={!clientId || !booking.start}>
          Book
        </Button>
        <Button variant="outline" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}
