"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { DataTable } from "@coach/ui/data-table";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { inputClasses, Label } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { LocalDay, LocalShortDateTime } from "~/components/time/local-time";
import { LetterComposer } from "./newsletter/letter-composer";
import { saveCsv } from "~/lib/save-file";

const STATUS_STYLES = {
  pending: "bg-amber-100 text-amber-900",
  active: "bg-emerald-100 text-emerald-900",
  unsubscribed: "bg-slate-100 text-slate-800",
} as const;
const STATUS_LABELS = { pending: "Awaiting confirmation", active: "Active", unsubscribed: "Unsubscribed" } as const;

/** The coach's Newsletter tab: sending a post, writing an issue, and the subscribers (search, deactivate, delete, CSV export). */
export function NewsletterTab() {
  return (
    <div className="space-y-12">
      <SendNewsletter />
      <LetterComposer />
      <Subscribers />
    </div>
  );
}

function Subscribers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [search, setSearch] = useState("");
  const term = useDeferredValue(search.trim());
  const list = useQuery(trpc.admin.newsletter.list.queryOptions(term ? { search: term } : undefined));
  const [deleting, setDeleting] = useState<{ id: number; email: string } | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.list.queryKey() });

  const deactivate = useMutation(
    trpc.admin.newsletter.deactivate.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast({ title: "Subscriber deactivated" });
      },
      onError: (error) =>
        toast({ title: "Failed to deactivate subscriber", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const remove = useMutation(
    trpc.admin.newsletter.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        await invalidate();
        toast({ title: "Subscriber deleted" });
      },
      onError: (error) =>
        toast({ title: "Failed to delete subscriber", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const exportCsv = useMutation(
    trpc.admin.newsletter.exportCsv.mutationOptions({
      onSuccess: ({ csv, filename }) => saveCsv(csv, filename),
      onError: (error) => toast({ title: "Export failed", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
            Subscribers
          </h2>
          {list.data ? (
            <p className="text-sm text-slate-700">
              {`${list.data.counts.active} active, ${list.data.counts.pending} awaiting confirmation, ${list.data.counts.unsubscribed} unsubscribed`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <Label htmlFor={`${id}-search`}>Search subscribers</Label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Email or name"
              className={`${inputClasses} mt-1 border-slate-300`}
            />
          </div>
          <Button variant="outline" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
            Export CSV
          </Button>
        </div>
      </div>

      {list.isPending ? (
        <p role="status" className="text-slate-700">
          Loading subscribers...
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error, "Failed to load subscribers. Please try again later.")}
        </p>
      ) : list.data.subscribers.length === 0 ? (
        <p className="text-slate-700">{term ? "No subscribers match your search." : "No subscribers yet."}</p>
      ) : (
        <DataTable caption="Newsletter subscribers" columns={["Email", "Name", "Status", "Subscribed", { label: "Actions", srOnly: true }]}>
          {list.data.subscribers.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-3 font-medium text-slate-900">{s.email}</td>
              <td className="px-4 py-3 text-slate-700">{[s.firstName, s.lastName].filter(Boolean).join(" ") || "—"}</td>
              <td className="px-4 py-3">
                <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLES[s.status]}`}>
                  {STATUS_LABELS[s.status]}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-700">
                <LocalDay date={s.createdAt} />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  {s.status !== "unsubscribed" ? (
                    <Button size="sm" variant="outline" disabled={deactivate.isPending} onClick={() => deactivate.mutate({ id: s.id })}>
                      Deactivate<span className="sr-only">{` ${s.email}`}</span>
                    </Button>
                  ) : null}
                  <Button size="sm" variant="destructive" onClick={() => setDeleting({ id: s.id, email: s.email })}>
                    Delete<span className="sr-only">{` ${s.email}`}</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        title="Delete this subscriber?"
        description={
          deleting
            ? `${deleting.email} will be removed from the list for good. To stop sending while keeping the record, deactivate instead.`
            : undefined
        }
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
      />
    </section>
  );
}

function SendNewsletter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const posts = useQuery(trpc.admin.blog.list.queryOptions());
  const sends = useQuery(trpc.admin.newsletter.sends.queryOptions());
  const published = (posts.data ?? []).filter((p) => p.status === "published");
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const postId = chosen ?? published[0]?.id ?? null;
  const post = published.find((p) => p.id === postId) ?? null;
  const record = sends.data?.find((s) => s.postId === postId);
  const tested = Boolean(post && record?.testedAt && record.testedAt >= post.lastModified);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.sends.queryKey() });

  const sendTest = useMutation(
    trpc.admin.newsletter.sendTest.mutationOptions({
      onSuccess: async ({ to }) => {
        await invalidate();
        toast({ title: "Test sent", description: `A test copy is on its way to ${to}. Check it, then send to subscribers.` });
      },
      onError: (error) =>
        toast({ title: "Failed to send the test", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const send = useMutation(
    trpc.admin.newsletter.send.mutationOptions({
      onSuccess: async ({ queued, alreadySent }) => {
        setConfirming(false);
        await invalidate();
        toast({
          title: "Newsletter sent",
          description:
            queued === 0
              ? `Everyone had already received it (${alreadySent}).`
              : `Sending to ${queued} subscriber${queued === 1 ? "" : "s"}.`,
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: "Failed to send the newsletter", description: errorMessage(error, "An error occurred"), variant: "destructive" });
      },
    }),
  );

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Send a post as a newsletter
      </h2>
      <p className="text-sm text-slate-700">
        It goes to confirmed, active subscribers. Send yourself a test first. Sending a post again only reaches subscribers who have not
        received it.
      </p>
      {posts.isPending ? (
        <p role="status" className="text-slate-700">
          Loading posts...
        </p>
      ) : published.length === 0 ? (
        <p className="text-slate-700">Publish a post in the Leadership Blog tab to send it.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <Label htmlFor={`${id}-post`}>Post</Label>
            <select
              id={`${id}-post`}
              value={postId ?? ""}
              onChange={(e) => setChosen(Number(e.target.value))}
              className={`${inputClasses} mt-1 border-slate-300`}
            >
              {published.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" onClick={() => postId && sendTest.mutate({ postId })} loading={sendTest.isPending}>
            Send test to me
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={!tested || send.isPending}>
            Send to subscribers
          </Button>
        </div>
      )}
      {post ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          {record?.completedAt ? (
            <>
              Sent <LocalShortDateTime date={record.completedAt} /> to {record.recipientCount} subscriber
              {record.recipientCount === 1 ? "" : "s"}.
            </>
          ) : (
            "Not sent yet."
          )}{" "}
          {tested ? "Test sent for this version." : "Send a test to yourself to enable sending."}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => postId && send.mutate({ postId })}
        title="Send this newsletter?"
        description={
          post ? `"${post.title}" will be emailed to every confirmed, active subscriber who has not received it yet.` : undefined
        }
        confirmLabel="Send newsletter"
        loading={send.isPending}
      />
    </section>
  );
}
