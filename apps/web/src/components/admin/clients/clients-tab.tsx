"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { DataTable } from "@coach/ui/data-table";
import { inputClasses } from "@coach/ui/field";
import { CLIENT_FILTERS, CLIENT_SORTS, type ClientFilter, type ClientSort } from "@coach/validators/client-list";
import { ClientTime } from "~/components/time/client-time";
import { MaybeLocalShortDateTime } from "~/components/time/local-time";
import { useTRPC } from "~/trpc/react";
import { Pager, QueryState, SearchBox, SectionHeading, useDebounced } from "../console/shared";

type ClientRow = inferRouterOutputs<AppRouter>["admin"]["clients"]["list"]["items"][number];

const SORT_LABELS: Record<ClientSort, string> = {
  name: "Name (A–Z)",
  "last-session": "Last session (latest first)",
  "next-session": "Next session (soonest first)",
};
const FILTER_LABELS: Record<ClientFilter, string> = {
  all: "All clients",
  "seen-this-week": "Seen this week",
  "no-session-booked": "No session booked",
  "overdue-items": "Overdue action items",
};
const EMPTY: Record<ClientFilter, string> = {
  all: "No clients yet.",
  "seen-this-week": "Nobody has a session this week.",
  "no-session-booked": "Every client has a session booked.",
  "overdue-items": "No client has an overdue action item.",
};

function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
        className={`${inputClasses} mt-1 border-slate-300`}
      >
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

function Items({ client }: { client: ClientRow }) {
  if (client.openActionItems === 0) return <span className="text-slate-600">None</span>;
  return (
    <span>
      {client.openActionItems} open
      {client.overdueActionItems > 0 ? <span className="block font-semibold text-red-800">{client.overdueActionItems} overdue</span> : null}
    </span>
  );
}

/**
 * The coach's client list: who she sees this week, who has nothing booked, whose action items are
 * overdue. Everything is searched, sorted and paged on the server (docs/decisions/0041).
 */
export function ClientsTab() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ClientSort>("name");
  const [filter, setFilter] = useState<ClientFilter>("all");
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const list = useQuery({ ...trpc.admin.clients.list.queryOptions({ q, sort, filter, page }), placeholderData: keepPreviousData });
  const data = list.data;

  return (
    <section aria-labelledby="clients-heading">
      <div id="clients-heading">
        <SectionHeading
          title="Clients"
          description="Your clients with their sessions, open action items and latest results. Accounts and roles are managed under Users."
        />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          id="client-search"
          label="Search clients"
          placeholder="Name or e-mail"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <div className="mb-4 flex flex-wrap gap-4">
          <Choice
            id="client-sort"
            label="Sort by"
            value={sort}
            options={CLIENT_SORTS}
            labels={SORT_LABELS}
            onChange={(v) => (setSort(v), setPage(1))}
          />
          <Choice
            id="client-filter"
            label="Show"
            value={filter}
            options={CLIENT_FILTERS}
            labels={FILTER_LABELS}
            onChange={(v) => (setFilter(v), setPage(1))}
          />
        </div>
      </div>

      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        loadingText="Loading clients..."
        fallback="Failed to load clients"
      />
      {data ? (
        data.total === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {q ? `No clients match “${q}”.` : EMPTY[filter]}
          </p>
        ) : (
          <DataTable
            caption={`Clients, ${FILTER_LABELS[filter].toLowerCase()}, sorted by ${SORT_LABELS[sort].toLowerCase()}`}
            columns={["Client", "Company", "Last session", "Next session", "Action items", "Credits", "Latest results"]}
          >
            {data.items.map((client) => (
              <tr key={client.id} aria-label={client.name}>
                <th scope="row" className="px-3 py-2 font-normal">
                  <Link href={`/admin/clients/${client.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                    {client.name}
                  </Link>
                  <span className="block break-all text-slate-700">{client.email}</span>
                </th>
                <td className="px-3 py-2 text-slate-800">{client.company ?? "—"}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                  <MaybeLocalShortDateTime date={client.lastSession} empty="None yet" />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                  <MaybeLocalShortDateTime date={client.nextSession} empty="Not booked" />
                  {client.nextSession ? (
                    <ClientTime date={client.nextSession} timeZone={client.nextSessionTimeZone} className="block text-xs text-slate-700" />
                  ) : null}
                </td>
                <td className="px-3 py-2 text-slate-800">
                  <Items client={client} />
                </td>
                <td className="px-3 py-2 text-slate-800">{client.credits === 0 ? "—" : `${client.credits} left`}</td>
                <td className="px-3 py-2 text-slate-800">
                  {client.latestResults.length === 0 ? (
                    <span className="text-slate-600">No results yet</span>
                  ) : (
                    <ul>
                      {client.latestResults.map((r) => (
                        <li key={r.testType}>
                          <span className="font-medium">{r.testTitle}:</span> {r.summary}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
      {data ? <Pager label="Clients pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </section>
  );
}
