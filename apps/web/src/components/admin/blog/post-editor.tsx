"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@coach/ui/button";
import { FieldError, inputClasses, Label, TextField } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { BLOG_TAGS, blogPostInput, slugify, tagLabel, type BlogPostInput } from "@coach/validators/blog";
import { RichTextEditor } from "~/components/editor/rich-text-editor";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import type { AdminPost } from "./admin-post";
import { FeaturedImageField } from "./featured-image-field";
import { PostPreview } from "./post-preview";
import { PublicationPanel } from "./publication-panel";

/**
 * Writing one post: its fields (the slug follows the title until edited by hand), save as a draft or
 * save changes, publication once saved, and a preview of the body as the site will render it.
 */
export function PostEditor({
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
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
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

  const onSubmit = handleSubmit((values) => (post ? update.mutate({ ...values, id: post.id }) : create.mutate(values)));
  const saving = create.isPending || update.isPending;

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
        <PublicationPanel id={id} post={post} isDirty={isDirty} onSaved={onSaved} />
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
        <Controller
          control={control}
          name="content"
          render={({ field }) => (
            <RichTextEditor
              id={`${id}-content`}
              label="Body"
              hint="Headings, bold and italic text, lists, quotes and links; pictures from earlier posts are kept. Pasted formatting outside these is removed."
              value={field.value}
              onChange={field.onChange}
              error={errors.content?.message}
            />
          )}
        />

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

        <FeaturedImageField
          id={id}
          imageUrl={imageUrl}
          onChange={(url) => setValue("imageUrl", url, { shouldDirty: true })}
          error={errors.imageUrl?.message}
        />

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
          <Button variant="outline" onClick={() => setPreviewContent(getValues("content"))}>
            Preview
          </Button>
        </div>
      </form>

      {previewContent !== null ? <PostPreview id={id} content={previewContent} onClose={() => setPreviewContent(null)} /> : null}
    </section>
  );
}
