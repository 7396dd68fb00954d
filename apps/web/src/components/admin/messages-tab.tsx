"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { CONTACT_SUBJECTS } from "@coach/validators/contact";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { formatDateTime, Pager, QueryState, SectionHeading } from "./console/shared";

const PAGE_SIZE = 20;

function subjectLabel(subject: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

/** A mailto link with the subject prefilled as a reply. */
export function replyHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Re: ${subjectLabel(subject)}`)}`;
}

/** The Messages tab: contact-form messages with read/unread and a reply link. */
export function MessagesTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<"all" | "unread">("all");
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.admin.messages.list.queryOptions({ filter, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const setRead = useMutation(
    trpc.admin.messages.setRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.admin.messages.list.queryKey() }),
      onError: (error) =>
        toast({ title: "Failed to update the message", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );

  const data = list.data;
  return (
    <section aria-labelledby="messages-heading">
      <div id="messages-heading">
        <SectionHeading
          title="Messages"
          description={
            data
              ? `Messages sent through the contact form, newest first. ${data.unread} unread.`
              : "Messages sent through the contact form, newest first."
          }
        />
      </div>
      <fieldset className="mb-4">
        <legend className="text-sm font-medium text-slate-800">Show</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(["all", "unread"] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="message-filter"
                value={value}
                checked={filter === value}
                onChange={() => {
                  setFilter(value);
                  setPage(1);
                }}
              />
              {value === "all" ? "All messages" : "Unread only"}
            </label>
          ))}
        </div>
      </fieldset>

      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        loadingText="Loading messages..."
        fallback="Failed to load messages"
      />
      {data && data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          {filter === "unread" ? "No unread messages." : "No messages yet."}
        </p>
      ) : null}
      {data ? (
        <ul className="grid gap-4">
          {data.items.map((m) => {
            const unread = !m.readAt;
            const name = `${m.firstName} ${m.lastName}`;
            return (
              <li key={m.id}>
                <article
                  aria-label={`Message from ${name}`}
                  className={`rounded-lg border p-4 ${unread ? "border-brand-600 border-l-4 bg-white" : "border-slate-200 bg-slate-50"}`}
                >
                  <header className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h3 className="font-semibold text-slate-900">
                        {unread ? (
                          <span className="mr-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">Unread</span>
                        ) : null}
                        {subjectLabel(m.subject)} — {name}
                      </h3>
                      <p className="text-sm text-slate-700">
                        {m.email}
                        {m.phone ? ` · ${m.phone}` : ""}
                        {m.company ? ` · ${m.company}` : ""}
                      </p>
                    </div>
                    <p className="text-sm text-slate-700">
                      Received <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
                    </p>
                  </header>
                  <p className="mt-3 whitespace-pre-wrap break-words text-slate-900">{m.message}</p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <a
                      href={replyHref(m.email, m.subject)}
                      className="inline-flex h-8 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
                    >
                      Reply by e-mail
                    </a>
                    <Button
                      size="sm"
                      variant="outline"
                      loading={setRead.isPending && setRead.variables?.id === m.id}
                      onClick={() => setRead.mutate({ id: m.id, read: unread })}
                    >
                      {unread ? "Mark as read" : "Mark as unread"}
                    </Button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
      {data ? <Pager label="Messages pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </section>
  );
}
