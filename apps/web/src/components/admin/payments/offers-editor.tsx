"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { formatMoney } from "@coach/payments/policy";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { QueryState } from "~/components/admin/console/shared";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { OfferForm } from "./offer-form";

type Offer = inferRouterOutputs<AppRouter>["admin"]["offers"]["list"][number];

const TYPE_WORDS = { consultation: "consultation", coaching: "coaching", followup: "follow-up" } as const;
const day = (d: Date | string) => new Date(d).toLocaleDateString("en-US", { dateStyle: "medium" });

/** What an offer sells, in a line: "6 coaching sessions within 120 days", "deposit $1,500.00 · 12 places · starts …". */
function details(o: Offer): string {
  const type = o.appointmentType ? TYPE_WORDS[o.appointmentType] : "";
  if (o.kind === "session") return `one ${type} session`;
  if (o.kind === "package") return `${o.sessions} ${type} sessions within ${o.validDays} days`;
  return [
    o.deposit ? `deposit ${formatMoney(o.deposit.amount, o.deposit.currency)}` : null,
    `${o.places} places`,
    o.startsAt ? `starts ${day(o.startsAt)}` : null,
    `balance due ${o.balanceDueDays} days before`,
    o.refundSchedule.length > 0
      ? `refunds ${o.refundSchedule.map((t) => `${t.percent}% from ${t.daysBefore} days`).join(", ")}`
      : "no refunds",
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The offers editor (issue 31): what the coach sells, each offer created and edited here through the
 * admin offer procedures (the same as POST/PATCH /api/admin/offers); prices live only on the server.
 */
export function OffersEditor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const offers = useQuery(trpc.admin.offers.list.queryOptions());
  const [editing, setEditing] = useState<number | null>(null);
  const toggle = useMutation(
    trpc.admin.offers.update.mutationOptions({
      onSuccess: (o) => {
        toast({ title: o.active ? "Offer on sale" : "Offer taken off sale", description: o.title });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.offers.list.queryKey() });
      },
      onError: (error) =>
        toast({ title: "Could not change the offer", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );

  return (
    <section aria-labelledby="offers-heading" className="space-y-4">
      <h3 id="offers-heading" className="text-lg font-semibold text-brand-900">
        Offers
      </h3>
      <p className="text-sm text-slate-700">
        Prices are typed in units of the currency (900.50) and kept in cents; a payment keeps the price it was made at.
      </p>
      <QueryState
        isPending={offers.isPending}
        error={offers.error}
        onRetry={() => void offers.refetch()}
        loadingText="Loading offers..."
        fallback="Failed to load offers"
      />
      {offers.data && offers.data.length === 0 ? <p className="text-slate-700">No offers yet.</p> : null}
      <ul className="space-y-2" aria-label="Offers">
        {(offers.data ?? []).map((o) => (
          <li key={o.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {o.title} · {formatMoney(o.price.amount, o.price.currency)}
                  {o.active ? "" : " (not on sale)"}
                </p>
                <p className="text-sm text-slate-700">{details(o)}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-expanded={editing === o.id}
                  onClick={() => setEditing(editing === o.id ? null : o.id)}
                >
                  {`Edit ${o.title}`}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  loading={toggle.isPending && toggle.variables?.id === o.id}
                  onClick={() => toggle.mutate({ id: o.id, active: !o.active })}
                >
                  {o.active ? `Deactivate ${o.title}` : `Activate ${o.title}`}
                </Button>
              </div>
            </div>
            {editing === o.id ? <OfferForm key={o.updatedAt.toString()} offer={o} onDone={() => setEditing(null)} /> : null}
          </li>
        ))}
      </ul>
      <h4 className="text-base font-semibold text-brand-900">New offer</h4>
      <OfferForm />
    </section>
  );
}
