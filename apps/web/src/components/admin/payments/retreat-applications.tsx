"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/** The retreat's applications: the coach accepts (the deposit's Checkout is emailed) or declines. */
export function RetreatApplications() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.retreat.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.retreat.list.queryKey() });
  const accept = useMutation(
    trpc.admin.retreat.accept.mutationOptions({
      onSuccess: (answer) => {
        toast({
          title: answer.status === "accepted" ? "Accepted: the deposit link is on its way" : "Every place is held: added to the waitlist",
        });
        refresh();
      },
      onError: (error) =>
        toast({ title: "Could not accept", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );
  const decline = useMutation(
    trpc.admin.retreat.decline.mutationOptions({
      onSuccess: refresh,
      onError: (error) =>
        toast({ title: "Could not decline", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );
  return (
    <section aria-labelledby="retreat-applications-heading">
      <h3 id="retreat-applications-heading" className="text-lg font-semibold text-brand-900">
        Retreat applications
      </h3>
      {list.data && list.data.length === 0 ? <p className="mt-2 text-slate-700">No applications yet.</p> : null}
      <ul className="mt-3 space-y-3">
        {(list.data ?? []).map((a) => (
          <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-medium text-slate-900">
              {a.name} · {a.role}, {a.company}
            </p>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{a.message}</p>
            <p className="mt-1 text-sm text-slate-800">
              Status: <span data-testid={`application-status-${a.id}`}>{a.status}</span>
            </p>
            {a.status === "pending" || a.status === "waitlisted" ? (
              <div className="mt-2 flex gap-2">
                <Button size="sm" onClick={() => accept.mutate({ id: a.id })} loading={accept.isPending && accept.variables?.id === a.id}>
                  Accept {a.name}
                </Button>
                <Button size="sm" variant="outline" onClick={() => decline.mutate({ id: a.id })}>
                  Decline {a.name}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
