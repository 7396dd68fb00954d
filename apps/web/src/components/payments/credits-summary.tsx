"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

const TYPE_LABELS = { consultation: "consultation", coaching: "coaching", followup: "follow-up" } as const;

/** The client's remaining session credits (issue 31); nothing at all when there are none. */
export function CreditsSummary() {
  const trpc = useTRPC();
  const credits = useQuery(trpc.payments.credits.queryOptions());
  if (!credits.data || credits.data.length === 0) return null;
  return (
    <section aria-labelledby="credits-heading" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="credits-heading" className="text-base font-semibold text-brand-900">
        Your session credits
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid="credits">
        {credits.data.map((c) => (
          <li key={`${c.appointmentType}-${c.expiresAt?.toISOString() ?? "none"}`}>
            {`${c.remaining} ${TYPE_LABELS[c.appointmentType]} ${c.remaining === 1 ? "session" : "sessions"} left`}
            {c.expiresAt ? `, to book by ${c.expiresAt.toLocaleDateString(undefined, { dateStyle: "medium" })}` : ""}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">Booking one of these types uses a credit automatically.</p>
    </section>
  );
}
