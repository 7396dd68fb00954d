"use client";

import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { useState } from "react";
import { Button } from "@coach/ui/button";
import { Label, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import type { AdminPost } from "./admin-post";
import { LocalShortDateTime } from "~/components/time/local-time";

function toLocalInput(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

/**
 * A saved post's publication: its status, publish now, schedule for a time, or take it back to a
 * draft. Unsaved edits must be saved first, so what goes live is what was saved.
 */
export function PublicationPanel({
  id,
  post,
  isDirty,
  onSaved,
}: {
  /** The editor's id prefix: the schedule input is `${id}-schedule`. */
  id: string;
  post: AdminPost;
  isDirty: boolean;
  onSaved: (post: AdminPost) => Promise<void>;
}) {
  const trpc = useTRPC();
  const [scheduleAt, setScheduleAt] = useState(() =>
    toLocalInput(post.publishedAt && post.status === "scheduled" ? post.publishedAt : new Date(Date.now() + 86_400_000)),
  );
  const publish = useMutation(
    trpc.admin.blog.publish.mutationOptions({
      onSuccess: async (p) => {
        await onSaved(p);
        toast({ title: p.status === "published" ? "Post published" : p.status === "scheduled" ? "Post scheduled" : "Post unpublished" });
      },
      onError: (error) =>
        toast({ title: "Could not change publication", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-800">
        <span className="font-semibold">Status: </span>
        <span className="capitalize">{post.status}</span>
        {post.publishedAt ? (
          <>
            {" ("}
            <LocalShortDateTime date={post.publishedAt} />)
          </>
        ) : null}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Button onClick={() => publish.mutate({ id: post.id, mode: "now" })} loading={publish.isPending} disabled={isDirty}>
          Publish now
        </Button>
        <div>
          <Label htmlFor={`${id}-schedule`}>Publish at</Label>
          <input
            id={`${id}-schedule`}
            type="datetime-local"
            value={scheduleAt}
            onChange={(e) => setScheduleAt(e.target.value)}
            className={`${inputClasses} mt-1 border-slate-300`}
          />
        </div>
        <Button
          variant="secondary"
          disabled={isDirty || !scheduleAt || publish.isPending}
          onClick={() => publish.mutate({ id: post.id, mode: "schedule", at: new Date(scheduleAt) })}
        >
          Schedule
        </Button>
        {post.status !== "draft" ? (
          <Button variant="outline" disabled={publish.isPending} onClick={() => publish.mutate({ id: post.id, mode: "draft" })}>
            Unpublish
          </Button>
        ) : null}
      </div>
      {isDirty ? <p className="mt-2 text-sm text-slate-700">Save your changes before publishing.</p> : null}
    </div>
  );
}
