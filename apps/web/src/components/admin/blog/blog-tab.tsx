"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@coach/ui/button";
import { DataTable } from "@coach/ui/data-table";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { toast } from "@coach/ui/toast";
import { refreshBlogCache } from "~/components/blog/actions";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import type { AdminPost } from "./admin-post";
import { PostEditor } from "./post-editor";
import { MaybeLocalShortDateTime } from "~/components/time/local-time";

const STATUS_STYLES: Record<AdminPost["status"], string> = {
  draft: "bg-slate-100 text-slate-800",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-900",
};

/** After any change the public pages are refreshed at once (the blog cache tag is expired). */
async function afterChange(invalidate: () => Promise<void>) {
  await Promise.all([invalidate(), refreshBlogCache()]);
}

/** The coach's Leadership Blog tab: list, write, preview, publish or schedule, unpublish, delete. */
export function BlogTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const posts = useQuery(trpc.admin.blog.list.queryOptions());
  const [editing, setEditing] = useState<AdminPost | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminPost | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.admin.blog.list.queryKey() });

  const remove = useMutation(
    trpc.admin.blog.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        await afterChange(invalidate);
        toast({ title: "Post deleted" });
      },
      onError: (error) =>
        toast({ title: "Failed to delete post", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );

  if (editing) {
    return (
      <PostEditor
        post={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={async (post) => {
          await afterChange(invalidate);
          setEditing(post);
        }}
      />
    );
  }

  return (
    <section aria-labelledby="admin-blog-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-blog-title" className="text-xl font-semibold text-slate-900">
          Leadership Blog
        </h2>
        <Button onClick={() => setEditing("new")}>New post</Button>
      </div>
      {posts.isPending ? (
        <p role="status" className="text-slate-700">
          Loading posts...
        </p>
      ) : posts.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(posts.error, "Failed to load blog posts. Please try again later.")}
        </p>
      ) : posts.data.length === 0 ? (
        <p className="text-slate-700">No posts yet. Write the first one.</p>
      ) : (
        <DataTable caption="Blog posts" columns={["Title", "Status", "Publication", { label: "Actions", srOnly: true }]}>
          {posts.data.map((post) => (
            <tr key={post.id}>
              <td className="px-4 py-3">
                <span className="font-medium text-slate-900">{post.title}</span>
                <span className="block text-xs text-slate-600">/{post.slug}</span>
              </td>
              <td className="px-4 py-3">
                <span className={`rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${STATUS_STYLES[post.status]}`}>
                  {post.status}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-700">
                <MaybeLocalShortDateTime date={post.publishedAt} empty="Not published" />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  {post.status === "published" ? (
                    <a
                      href={`/continuous-leadership-education/${post.slug}`}
                      target="_blank"
                      rel="noopener"
                      className="inline-flex h-8 items-center rounded-md px-3 text-sm font-semibold text-brand-700 hover:underline"
                    >
                      View<span className="sr-only">{` ${post.title}`}</span>
                    </a>
                  ) : null}
                  <Button size="sm" variant="outline" onClick={() => setEditing(post)}>
                    Edit<span className="sr-only">{` ${post.title}`}</span>
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => setDeleting(post)}>
                    Delete<span className="sr-only">{` ${post.title}`}</span>
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
        title="Delete this post?"
        description={deleting ? `"${deleting.title}" will be removed from the site for good. This cannot be undone.` : undefined}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
      />
    </section>
  );
}
