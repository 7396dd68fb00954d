import "server-only";

import { revalidateTag } from "next/cache";
import { BLOG_CACHE_TAG, BLOG_LISTS_TAG, blogPostTag } from "~/components/blog/data";

/** Content the public pages are prerendered from, which the coach can change at run time. */
export type ContentKind = "blog";

/**
 * Expires the prerendered pages built from that content, at once (the next visitor gets a fresh
 * page, not the old one while it regenerates). With slugs, only the lists and those posts' pages
 * (give the old and the new slug when one changes); without, every page that shows a post.
 * Callable from route handlers and server actions, not while rendering.
 */
export function revalidateContent(kind: ContentKind, slugs?: readonly string[]): void {
  if (kind !== "blog") return;
  const tags = slugs?.length ? [BLOG_LISTS_TAG, ...slugs.map(blogPostTag)] : [BLOG_CACHE_TAG];
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

/** The tRPC procedures that change what public pages show, and what they change. */
const CONTENT_PROCEDURES: Record<string, ContentKind> = {
  "admin.blog.create": "blog",
  "admin.blog.update": "blog",
  "admin.blog.publish": "blog",
  "admin.blog.delete": "blog",
};

/**
 * The content kinds a tRPC call at `pathname` (/api/trpc/a.b,c.d for a batch) may have changed.
 * Until packages/api reports changes itself, the route handler uses this to revalidate after a call.
 */
export function contentChangedByTrpcPath(pathname: string): ContentKind[] {
  const procedures = decodeURIComponent(pathname.replace(/^\/api\/trpc\/?/, "")).split(",");
  return [...new Set(procedures.flatMap((name) => (CONTENT_PROCEDURES[name] ? [CONTENT_PROCEDURES[name]] : [])))];
}
