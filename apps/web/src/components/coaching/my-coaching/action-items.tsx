"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { ActionItemRow } from "./action-item-row";
import { SECTION } from "./portal-section";
import type { PortalActionItem } from "./portal-view";

/** The client's action items: the open ones to tick off, the done ones folded away below. */
export function ActionItems({ items }: { items: PortalActionItem[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const portalKey = trpc.coaching.portal.queryKey();
  // An item ticked (or unticked) during this visit stays where it was, so nothing jumps away under the finger.
  const [pinned, setPinned] = useState<ReadonlyMap<number, boolean>>(new Map());
  const setDone = useMutation(
    trpc.coaching.setActionItemDone.mutationOptions({
      // Shown at once; put back if the server refuses.
      onMutate: async ({ id, done }) => {
        await queryClient.cancelQueries({ queryKey: portalKey });
        const previous = queryClient.getQueryData(portalKey);
        queryClient.setQueryData(portalKey, (old) =>
          old
            ? { ...old, actionItems: old.actionItems.map((i) => (i.id === id ? { ...i, done, doneAt: done ? new Date() : null } : i)) }
            : old,
        );
        return { previous };
      },
      onSuccess: (_result, { done }) => toast({ title: done ? "Action item done" : "Action item reopened" }),
      onError: (error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(portalKey, context.previous);
        toast({ title: "Could not save", description: errorMessage(error, "Please try again."), variant: "destructive" });
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: portalKey }),
    }),
  );
  const inOpenList = (i: PortalActionItem) => pinned.get(i.id) ?? !i.done;
  const open = items.filter(inOpenList);
  const done = items.filter((i) => !inOpenList(i));
  const row = (item: PortalActionItem) => (
    <ActionItemRow
      key={item.id}
      item={item}
      pending={setDone.isPending && setDone.variables.id === item.id}
      onToggle={(value) => {
        if (!pinned.has(item.id)) setPinned(new Map(pinned).set(item.id, !item.done));
        setDone.mutate({ id: item.id, done: value });
      }}
    />
  );
  return (
    <div className={SECTION}>
      {open.length === 0 ? (
        <p className="text-slate-700">{items.length === 0 ? "No action items yet." : "All done: nothing open."}</p>
      ) : (
        <ul aria-label="Open action items" className="divide-y divide-slate-100">
          {open.map(row)}
        </ul>
      )}
      {done.length > 0 ? (
        <details className="mt-3 border-t border-slate-100 pt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Done ({done.length})</summary>
          <ul aria-label="Done action items" className="divide-y divide-slate-100">
            {done.map(row)}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
