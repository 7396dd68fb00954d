"use client";

import { DataTable } from "@coach/ui/data-table";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { useTRPC } from "~/trpc/react";
import { Pager, QueryState, SearchBox, SectionHeading, useDebounced } from "./console/shared";
import { LocalShortDateTime, MaybeLocalShortDateTime } from "~/components/time/local-time";

type Entry = inferRouterOutputs<AppRouter>["admin"]["audit"]["list"]["items"][number];

const PAGE_SIZE = 25;
const ROLE = { admin: "admin", user: "regular user" } as Record<string, string>;

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** A sentence for the actions the console knows; anything else falls back to its code. */
export function describeAction(entry: Pick<Entry, "action" | "details">): string {
  const d = entry.details ?? {};
  // An account's entries no longer name it once the person is erased (decision 16).
  const who = str(d.username) || "a deleted person";
  switch (entry.action) {
    case "user.role_changed":
      return `Changed ${who}'s role from ${ROLE[str(d.from)] ?? str(d.from)} to ${ROLE[str(d.to)] ?? str(d.to)}`;
    case "user.disabled":
      return `Disabled ${who}'s account`;
    case "user.enabled":
      return `Re-enabled ${who}'s account`;
    case "user.deleted":
      return d.username ? `Deleted ${who}'s account` : "Deleted an account";
    case "message.marked_read":
      return "Marked a contact message as read";
    case "message.marked_unread":
      return "Marked a contact message as unread";
    case "test_attempt.delete":
      return "Deleted a test attempt";
    case "test_attempts.delete_all":
      return `Deleted all test attempts${d.count !== undefined ? ` (${str(d.count)})` : ""}`;
    case "test_attempts.export":
      return "Exported test attempts";
    case "blog.create":
      return `Created the post “${str(d.title)}”`;
    case "blog.update":
      return `Edited the post “${str(d.title)}”`;
    case "blog.delete":
      return `Deleted the post “${str(d.title)}”`;
    case "newsletter.send":
      return "Sent a newsletter";
    case "newsletter.test":
      return "Sent a newsletter test to themself";
    case "newsletter.export":
      return "Exported newsletter subscribers";
    case "newsletter.deactivate":
      return "Deactivated a newsletter subscriber";
    case "newsletter.delete":
      return "Deleted a newsletter subscriber";
    case "settings.google_calendar.save":
      return "Saved the Google Calendar settings";
    case "settings.google_calendar.connect":
      return "Connected Google Calendar";
    case "settings.google_calendar.disconnect":
      return "Disconnected Google Calendar";
    case "settings.availability.update":
      return "Changed the booking availability";
    default:
      return entry.action.replace(/[._]/g, " ");
  }
}

/** The subject by name (linked to the client's record where there is one); a deleted one by its kind and id. */
function Target({ entry }: { entry: Entry }) {
  if (!entry.targetType) return <>—</>;
  const type = entry.targetType.replace(/_/g, " ");
  const { subject } = entry;
  if (!subject) return <>{entry.targetId ? `${type} #${entry.targetId}` : type}</>;
  return (
    <>
      {subject.clientId ? (
        <Link href={`/admin/clients/${subject.clientId}`} className="text-brand-700 underline-offset-2 hover:underline">
          {subject.label}
        </Link>
      ) : (
        subject.label
      )}
      {subject.at ? (
        <span className="block text-xs text-slate-600">
          <MaybeLocalShortDateTime date={subject.at} />
        </span>
      ) : null}
    </>
  );
}

/** The Audit Log tab: who did what, when, to which record; newest first. */
export function AuditTab() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const list = useQuery({
    ...trpc.admin.audit.list.queryOptions({ search: debounced, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;

  return (
    <section aria-labelledby="audit-heading">
      <div id="audit-heading">
        <SectionHeading
          title="Audit Log"
          description="Every admin action — role changes, deletions, settings changes, newsletter sends — with who did it and when."
        />
      </div>
      <SearchBox
        id="audit-search"
        label="Search the audit log"
        placeholder="Admin, action or affected user"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        loadingText="Loading the audit log..."
        fallback="Failed to load the audit log"
      />
      {data && data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          {debounced ? "No entries match." : "No admin actions recorded yet."}
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <DataTable caption="Audit log, newest first" columns={["When", "Who", "What", "Target"]}>
          {data.items.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                <LocalShortDateTime date={entry.createdAt} />
              </td>
              <td className="px-3 py-2 font-semibold text-slate-900">{entry.actorUsername ?? "A deleted account"}</td>
              <td className="px-3 py-2 text-slate-900">
                {describeAction(entry)}
                <span className="block font-mono text-xs text-slate-600">{entry.action}</span>
              </td>
              <td className="break-words px-3 py-2 text-slate-800">
                <Target entry={entry} />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {data ? <Pager label="Audit log pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </section>
  );
}
