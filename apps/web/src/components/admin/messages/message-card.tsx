"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import type { AppRouter } from "@coach/api";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { CONTACT_SUBJECTS } from "@coach/validators/contact";
import { LocalShortDateTime } from "~/components/time/local-time";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

type ListData = inferRouterOutputs<AppRouter>["admin"]["messages"]["list"];
type Message = ListData["items"][number];

export function subjectLabel(subject: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

/** A mailto link with the subject prefilled as a reply (for answering from the coach's own mail). */
export function replyHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Re: ${subjectLabel(subject)}`)}`;
}

/** One contact message: who wrote, what, the answers sent so far, and a form to answer from here. */
export function MessageCard({ message: m }: { message: Message }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const replyId = useId();
  const [draft, setDraft] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.messages.list.queryKey() });
  const setRead = useMutation(
    trpc.admin.messages.setRead.mutationOptions({
      onSuccess: (row) => {
        // Every cached list (other searches, pages, "Unread only") shows the new state at once. Only
        // the list on screen refetches now; another one, shown stale when the search changes back to
        // it, would otherwise offer the opposite button for a moment, and a click then undoes the mark.
        queryClient.setQueriesData<ListData>({ queryKey: trpc.admin.messages.list.queryKey() }, (old) =>
          old ? { ...old, items: old.items.map((item) => (item.id === row.id ? { ...item, readAt: row.readAt } : item)) } : old,
        );
        refresh();
      },
      onError: (error) =>
        toast({ title: "Failed to update the message", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const reply = useMutation(
    trpc.admin.messages.reply.mutationOptions({
      onSuccess: () => {
        setDraft("");
        toast({ title: "Answer sent", description: `Your answer is on its way to ${m.email}.` });
        refresh();
      },
    }),
  );
  const unread = !m.readAt;
  const name = `${m.firstName} ${m.lastName}`;

  return (
    <article
      aria-label={`Message from ${name}`}
      className={`rounded-lg border p-4 ${unread ? "border-brand-600 border-l-4 bg-white" : "border-slate-200 bg-slate-50"}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h3 className="font-semibold text-slate-900">
            {unread ? <span className="mr-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">Unread</span> : null}
            {subjectLabel(m.subject)} — {name}
          </h3>
          <p className="text-sm text-slate-700">
            {m.email}
            {m.phone ? ` · ${m.phone}` : ""}
            {m.company ? ` · ${m.company}` : ""}
          </p>
        </div>
        <p className="text-sm text-slate-700">
          Received <LocalShortDateTime date={m.createdAt} />
        </p>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-900">{m.message}</p>
      {m.replies.length ? (
        <ol className="mt-4 space-y-2 border-l-2 border-brand-200 pl-3" aria-label="Your answers">
          {m.replies.map((r) => (
            <li key={r.id} className="text-sm">
              <p className="text-slate-600">
                You answered <LocalShortDateTime date={r.createdAt} />
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form
        className="mt-4 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          reply.mutate({ id: m.id, body: draft });
        }}
      >
        <label htmlFor={replyId} className="block text-sm font-medium text-slate-800">
          Answer {m.firstName}
        </label>
        <textarea
          id={replyId}
          rows={3}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={reply.isError || undefined}
          aria-describedby={reply.isError ? `${replyId}-error` : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        />
        {reply.isError ? (
          <p id={`${replyId}-error`} role="alert" className="text-sm text-red-700">
            {errorMessage(reply.error, "Your answer could not be sent. Please try again.")}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={reply.isPending}>
            Send answer
          </Button>
          <a
            href={replyHref(m.email, m.subject)}
            className="inline-flex h-8 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Reply by e-mail
          </a>
          <Button size="sm" variant="outline" loading={setRead.isPending} onClick={() => setRead.mutate({ id: m.id, read: unread })}>
            {unread ? "Mark as read" : "Mark as unread"}
          </Button>
        </div>
      </form>
    </article>
  );
}
