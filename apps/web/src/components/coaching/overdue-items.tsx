"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/trpc/react";
import { Day } from "./when";

/** On the console: every client's open action items past their due day, each linked to the client's record. Nothing when none. */
export function OverdueItems() {
  const trpc = useTRPC();
  const overdue = useQuery(trpc.admin.clients.overdueItems.queryOptions());
  if (!overdue.data || overdue.data.length === 0) return null;
  return (
    <section aria-labelledby="overdue-heading" className="rounded-lg border border-red-300 bg-red-50 p-4">
      <h2 id="overdue-heading" className="font-semibold text-red-900">
        Overdue action items ({overdue.data.length})
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-900">
        {overdue.data.map((item) => (
          <li key={item.id} className="break-words">
            <Link
              href={`/admin/clients/${item.userId}#action-item-${item.id}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {item.clientName}
            </Link>
            : {item.text}{" "}
            <span className="text-slate-700">
              (due <Day date={item.dueDate} />)
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
