"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@coach/api";
import { Button } from "@coach/ui/button";
import { DataTable } from "@coach/ui/data-table";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { FieldError, inputClasses, Label, TextField } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { BLOG_TAGS, IMAGE_MAX_BYTES, IMAGE_TYPES, blogPostInput, slugify, tagLabel, type BlogPostInput } from "@coach/validators/blog";
import { refreshBlogCache } from "~/components/blog/actions";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

type AdminPost = inferRouterOutputs<AppRouter>["admin"]["blog"]["list"][number];

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
                {post.publishedAt ? format(post.publishedAt, "MMMM d, yyyy HH:mm") : "Not published"}
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

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

function toLocalInput(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

function PostEditor({
  post,
  onClose,
  onSaved,
}: {
  post: AdminPost | null;
  onClose: () => void;
  onSaved: (post: AdminPost) => Promise<void>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const slugTouched = useRef(Boolean(post));
  const [previewContent, setPreviewContent] = useState<string | null>(null);
  const [scheduleAt, setScheduleAt] = useState(() =>
    toLocalInput(post?.publishedAt && post.status === "scheduled" ? post.publishedAt : new Date(Date.now() + 86_400_000)),
  );
  const [uploadError, setUploadError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setValue,
    control,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<BlogPostInput>({
    resolver: zodResolver(blogPostInput),
    defaultValues: {
      title: post?.title ?? "",
      slug: post?.slug ?? "",
      summary: post?.summary ?? "",
      content: post?.content ?? "",
      tags: post?.tags ?? [],
      imageUrl: post?.imageUrl ?? "",
      seoTitle: post?.seoTitle ?? "",
      seoDescription: post?.seoDescription ?? "",
      featured: post?.featured ?? false,
    },
  });
  const title = useWatch({ control, name: "title" });
  const imageUrl = useWatch({ control, name: "imageUrl" });

  useEffect(() => {
    if (!slugTouched.current) setValue("slug", slugify(title ?? ""));
  }, [title, setValue]);

  const preview = useQuery({
    ...trpc.admin.blog.preview.queryOptions({ content: previewContent ?? "" }),
    enabled: previewContent !== null,
  });

  const onError = (fallback: string) => (error: unknown) => {
    const message = errorMessage(error, fallback);
    if (/slug/i.test(message)) setError("slug", { message });
    toast({ title: "Could not save the post", description: message, variant: "destructive" });
  };
  const saved = async (next: AdminPost, message: string) => {
    reset({
      title: next.title,
      slug: next.slug,
      summary: next.summary ?? "",
      content: next.content,
      tags: next.tags,
      imageUrl: next.imageUrl ?? "",
      seoTitle: next.seoTitle ?? "",
      seoDescription: next.seoDescription ?? "",
      featured: next.featured,
    });
    slugTouched.current = true;
    await onSaved(next);
    toast({ title: message });
  };

  const create = useMutation(
    trpc.admin.blog.create.mutationOptions({ onSuccess: (p) => saved(p, "Draft saved"), onError: onError("Failed to save the post") }),
  );
  const update = useMutation(
    trpc.admin.blog.update.mutationOptions({ onSuccess: (p) => saved(p, "Post saved"), onError: onError("Failed to save the post") }),
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
  const upload = useMutation(trpc.admin.blog.uploadImage.mutationOptions());

  const onSubmit = handleSubmit((values) => (post ? update.mutate({ ...values, id: post.id }) : create.mutate(values)));
  const saving = create.isPending || update.isPending;

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    setUploadError(null);
    if (!file) return;
    if (!(file.type in IMAGE_TYPES)) return setUploadError("Upload a PNG, JPEG, WebP or GIF image.");
    if (file.size > IMAGE_MAX_BYTES) return setUploadError("Images must be at most 5 MB");
    try {
      const { url } = await upload.mutateAsync({ fileName: file.name, dataBase64: await readAsBase64(file) });
      setValue("imageUrl", url, { shouldDirty: true });
    } catch (error) {
      setUploadError(errorMessage(error, "The image could not be uploaded."));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {post ? `Edit: ${post.title}` : "New post"}
        </h2>
        <Button variant="outline" onClick={onClose}>
          Back to posts
        </Button>
      </div>

      {post ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm text-slate-800">
            <span className="font-semibold">Status: </span>
            <span className="capitalize">{post.status}</span>
            {post.publishedAt ? ` (${format(post.publishedAt, "MMMM d, yyyy HH:mm")})` : null}
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
      ) : (
        <p className="text-sm text-slate-700">Save the post as a draft first; then publish it now or at a set time.</p>
      )}

      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField label="Title" {...register("title")} error={errors.title?.message} />
        <TextField
          label="Slug"
          hint="The address of the post: /continuous-leadership-education/your-slug. Generated from the title; you may edit it."
          {...register("slug", { onChange: () => (slugTouched.current = true) })}
          error={errors.slug?.message}
        />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-summary`}>Summary</Label>
          <textarea
            id={`${id}-summary`}
            rows={3}
            aria-invalid={errors.summary ? true : undefined}
            aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
            className={`${inputClasses} ${errors.summary ? "border-red-600" : "border-slate-300"}`}
            {...register("summary")}
          />
          <FieldError id={`${id}-summary-error`} message={errors.summary?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-content`}>Body</Label>
          <p id={`${id}-content-hint`} className="text-xs text-slate-600">
            Plain text (blank lines make paragraphs) or HTML with h2, h3, p, ul, ol, li, a, strong, em, blockquote and img. Anything else is
            removed.
          </p>
          <textarea
            id={`${id}-content`}
            rows={16}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${id}-content-hint${errors.content ? ` ${id}-content-error` : ""}`}
            className={`${inputClasses} font-mono ${errors.content ? "border-red-600" : "border-slate-300"}`}
            {...register("content")}
          />
          <FieldError id={`${id}-content-error`} message={errors.content?.message} />
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Tags</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {BLOG_TAGS.map((tag) => (
              <label key={tag} className="flex items-center gap-2 text-sm capitalize text-slate-800">
                <input
                  type="checkbox"
                  value={tag}
                  {...register("tags")}
                  className="h-4 w-4 rounded border-slate-400 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600"
                />
                {tagLabel(tag)}
              </label>
            ))}
          </div>
          <FieldError message={errors.tags?.message} />
        </fieldset>

        <div className="space-y-2">
          <Label htmlFor={`${id}-image`}>Featured image</Label>
          {imageUrl ? (
            <div className="flex items-start gap-4">
              <img
                src={imageUrl}
                alt="Featured image preview"
                className="h-24 w-44 rounded border border-slate-200 bg-brand-900 object-cover"
              />
              <Button size="sm" variant="outline" onClick={() => setValue("imageUrl", "", { shouldDirty: true })}>
                Remove image
              </Button>
            </div>
          ) : null}
          <input
            id={`${id}-image`}
            type="file"
            accept={Object.keys(IMAGE_TYPES).join(",")}
            onChange={onFile}
            aria-describedby={`${id}-image-hint`}
            className="block text-sm text-slate-800 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
          />
          <p id={`${id}-image-hint`} className="text-xs text-slate-600">
            {upload.isPending ? "Uploading..." : "PNG, JPEG, WebP or GIF, at most 5 MB."}
          </p>
          <FieldError message={uploadError ?? errors.imageUrl?.message} />
        </div>

        <div className="grid gap-5 md:grid-cols-2">
          <TextField label="SEO title (optional)" {...register("seoTitle")} error={errors.seoTitle?.message} />
          <TextField
            label="SEO description (optional)"
            hint="Without one, search engines get the first 160 characters of the body."
            {...register("seoDescription")}
            error={errors.seoDescription?.message}
          />
        </div>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={saving}>
            {post ? "Save changes" : "Save draft"}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              const content = (document.getElementById(`${id}-content`) as HTMLTextAreaElement | null)?.value ?? "";
              setPreviewContent(content);
            }}
          >
            Preview
          </Button>
        </div>
      </form>

      {previewContent !== null ? (
        <section aria-labelledby={`${id}-preview`} className="rounded-lg border border-slate-200 p-6">
          <div className="flex items-center justify-between">
            <h3 id={`${id}-preview`} className="text-lg font-semibold text-slate-900">
              Preview
            </h3>
            <Button size="sm" variant="ghost" onClick={() => setPreviewContent(null)}>
              Close preview
            </Button>
          </div>
          {preview.isPending ? (
            <p role="status" className="mt-4 text-slate-700">
              Rendering...
            </p>
          ) : preview.isError ? (
            <p role="alert" className="mt-4 text-red-700">
              {errorMessage(preview.error, "The preview could not be rendered.")}
            </p>
          ) : (
            <div
              data-testid="blog-preview"
              className="mt-4 max-w-none text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:pl-4 [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:list-disc [&_ul]:pl-6"
              dangerouslySetInnerHTML={{ __html: preview.data.html }}
            />
          )}
        </section>
      ) : null}
    </section>
  );
}
