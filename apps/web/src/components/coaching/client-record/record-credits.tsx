"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { creditUsable } from "@coach/payments/policy";
import { Button } from "@coach/ui/button";
import { QueryState } from "~/components/admin/console/shared";
import { useTRPC } from "~/trpc/react";
import { ExtendCredits, GrantCredits, TakeBackCredits, TYPE_WORDS, credits, type CreditType } from "./credit-forms";
import { CARD } from "./record-section";

const SOURCE = { payment: "bought", invoice: "invoiced", coach: "granted by you" } as const;
const day = (d: Date) => d.toLocaleDateString("en-US", { dateStyle: "medium" });

function expiry(expiresAt: Date | null, now: Date): string {
  if (!expiresAt) return "never expires";
  return expiresAt.getTime() > now.getTime() ? `to book by ${day(expiresAt)}` : `expired on ${day(expiresAt)}`;
}

/**
 * The client's session credits on the record (issue 31): what is left per type and until when, every
 * grant with where it came from, and the coach's Grant / Extend / Take back, each with a reason that the
 * server writes into the audit log.
 */
export function RecordCredits({ userId, name }: { userId: number; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const grants = useQuery(trpc.admin.credits.list.queryOptions({ userId }));
  const [open, setOpen] = useState<{ action: "grant" } | { action: "extend" | "takeBack"; grantId: number } | null>(null);
  const done = (changed: boolean) => {
    setOpen(null);
    if (!changed) return;
    void queryClient.invalidateQueries({ queryKey: trpc.admin.credits.list.queryKey({ userId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.payments.overview.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.list.queryKey() });
  };
  if (!grants.data)
    return (
      <QueryState
        isPending={grants.isPending}
        error={grants.error}
        onRetry={() => void grants.refetch()}
        loadingText="Loading credits..."
        fallback="Failed to load credits"
      />
    );

  const now = new Date();
  const usable = grants.data.filter((g) => creditUsable(g, now));
  const remaining = new Map<CreditType, number>();
  for (const g of usable) remaining.set(g.appointmentType, (remaining.get(g.appointmentType) ?? 0) + g.total - g.used);
  const soonest = (type: CreditType) =>
    usable
      .filter((g) => g.appointmentType === type && g.expiresAt)
      .map((g) => g.expiresAt!)
      .sort((a, b) => a.getTime() - b.getTime())[0];

  return (
    <div className="space-y-4">
      {remaining.size === 0 ? (
        <p className="text-slate-700">No credits left to book with.</p>
      ) : (
        <ul aria-label="Remaining credits" className="space-y-1 text-slate-900">
          {[...remaining].map(([type, n]) => {
            const first = soonest(type);
            return (
              <li key={type}>
                <span className="font-medium">{`${n} ${TYPE_WORDS[type]} ${n === 1 ? "session" : "sessions"} left`}</span>
                {first ? `, the first to book by ${day(first)}` : ", without expiry"}
              </li>
            );
          })}
        </ul>
      )}

      {grants.data.length > 0 ? (
        <ul aria-label="Credit grants" className="space-y-3">
          {grants.data.map((g) => {
            const left = g.total - g.used;
            const which = `${TYPE_WORDS[g.appointmentType]} credits ${SOURCE[g.source]} on ${day(g.createdAt)}`;
            const form = open && open.action !== "grant" && open.grantId === g.id ? open.action : null;
            return (
              <li key={g.id} className={`${CARD} space-y-3`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 text-sm text-slate-800">
                    <p className="font-medium text-slate-900">
                      {credits(g.total, g.appointmentType)}, {left} unused
                    </p>
                    <p>
                      {SOURCE[g.source]} on {day(g.createdAt)} · {expiry(g.expiresAt, now)}
                      {g.note ? ` · ${g.note}` : ""}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => setOpen({ action: "extend", grantId: g.id })}>
                      Extend<span className="sr-only"> the {which}</span>
                    </Button>
                    {left > 0 ? (
                      <Button size="sm" variant="outline" onClick={() => setOpen({ action: "takeBack", grantId: g.id })}>
                        Take back<span className="sr-only"> {which}</span>
                      </Button>
                    ) : null}
                  </div>
                </div>
                {form === "extend" ? <ExtendCredits grant={g} onDone={done} /> : null}
                {form === "takeBack" ? <TakeBackCredits grant={g} name={name} onDone={done} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      {open?.action === "grant" ? (
        <GrantCredits userId={userId} name={name} onDone={done} />
      ) : (
        <Button size="sm" onClick={() => setOpen({ action: "grant" })}>
          Grant credits
        </Button>
      )}
    </div>
  );
}
