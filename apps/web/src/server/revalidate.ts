import "server-only";

import { revalidateTag } from "next/cache";
import { isBuildPhase } from "@coach/config/runtime";
import { CONTENT_KINDS, contentChanged, onContentChanged, type ContentKind } from "@coach/api";
import { publish, subscribe } from "./bus";
import { TESTS_CACHE_TAG } from "~/components/assessments/catalogue-data";
import { BLOG_CACHE_TAG, BLOG_LISTS_TAG, blogPostTag } from "~/components/blog/data";

/**
 * Expires the prerendered pages built from that content, at once (the next visitor gets a fresh
 * page, not the old one while it regenerates). With slugs, only the lists and those posts' pages
 * (give the old and the new slug when one changes); without, every page that shows a post.
 * Callable from route handlers and server actions, not while rendering.
 */
export function revalidateContent(kind: ContentKind, slugs?: readonly string[]): void {
  if (kind === "tests") {
    revalidateTag(TESTS_CACHE_TAG, { expire: 0 });
    return;
  }
  const tags = slugs?.length ? [BLOG_LISTS_TAG, ...slugs.map(blogPostTag)] : [BLOG_CACHE_TAG];
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  // The RSS feed reads the same tagged data per request (its route is dynamic), so it needs nothing here.
}

let wired = false;

/**
 * Connects packages/api's content changes to the prerendered pages and to the other instances,
 * once per loaded copy of this module. The API's services announce a change synchronously inside the request that
 * made it, so revalidateTag runs in that route handler's request scope. The change then goes out on
 * the bus (Redis pub/sub with REDIS_URL) and comes back on every instance as a `remote` change,
 * which empties their in-process read caches; their pages need nothing more, because the page
 * cache and its expired tags are shared in Redis (cache-handler.mjs, decision 19).
 * The API route handlers call this when they load; nothing connects during `next build`.
 */
export function revalidatePagesOnContentChange(): void {
  if (wired || isBuildPhase()) return;
  wired = true;
  onContentChanged((change) => {
    if (change.origin === "remote") return;
    revalidateContent(change.kind, change.slugs);
    void publish({ kind: change.kind, keys: change.slugs ? [...change.slugs] : undefined });
  });
  subscribe((event) => {
    const kinds = event.kind === "*" ? CONTENT_KINDS : CONTENT_KINDS.filter((kind) => kind === event.kind);
    for (const kind of kinds) contentChanged({ kind, slugs: event.keys, origin: "remote" });
  });
}
