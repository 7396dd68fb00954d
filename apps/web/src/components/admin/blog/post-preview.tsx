"use client";

import { useQuery } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/** The body rendered by the server as the public page will show it (sanitized), below the editor. */
export function PostPreview({ id, content, onClose }: { id: string; content: string; onClose: () => void }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.admin.blog.preview.queryOptions({ content }));
  return (
    <section aria-labelledby={`${id}-preview`} className="rounded-lg border border-slate-200 p-6">
      <div className="flex items-center justify-between">
        <h3 id={`${id}-preview`} className="text-lg font-semibold text-slate-900">
          Preview
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
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
  );
}
