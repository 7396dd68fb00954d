import "server-only";

import { TRPCError, type inferRouterOutputs } from "@trpc/server";
import { unstable_cache } from "next/cache";
import { isBuildPhase } from "@coach/config/runtime";
import { createCaller, createContext, type AppRouter } from "@coach/api";

/**
 * Public blog reads for server components: the same procedures as /api/blog*, called as an
 * anonymous visitor. The pages that show them are prerendered and regenerated (see
 * BLOG_REVALIDATE_SECONDS); every read carries the "blog" tag, so the coach's edits expire the
 * reads and every page built from them at once (server/revalidate.ts). Dates are ISO strings
 * because cached values are stored as JSON.
 */
export const BLOG_CACHE_TAG = "blog";
/** Reads that list posts (the list, the home page's latest, the Resources tab, the feed). */
export const BLOG_LISTS_TAG = "blog:lists";
/** The read of one post, by slug (its page, including a "not found" answer). */
export const blogPostTag = (slug: string) => `blog:post:${slug.toLowerCase()}`;

/**
 * The longest a page that lists posts may show an old list. A scheduled post changes no data when
 * its minute comes (it only becomes visible), so no event can announce it: pages showing posts are
 * regenerated at most this long after it, and the reads below are keyed by the minute, so a
 * regeneration never reuses a read from an earlier minute.
 */
export const BLOG_REVALIDATE_SECONDS = 60;

const minute = () => Math.floor(Date.now() / 60_000);

/**
 * `next build` prerenders the public pages without a database (none is reachable from a build); the
 * prerendered copies are never served (the cache handler keeps pages in memory, per process, see
 * cache-handler.mjs), so the build's reads answer "no posts" instead of opening one.
 */
const atBuild = isBuildPhase;

/** The shapes are the API's own outputs, with the two dates as ISO strings (see `listed`). */
type BlogOutputs = inferRouterOutputs<AppRouter>["blog"];
type AsJson<T> = Omit<T, "publishedAt" | "lastModified"> & { publishedAt: string; lastModified: string };
export type BlogListItem = AsJson<BlogOutputs["list"][number]>;
export type BlogTagItem = BlogListItem["tags"][number];
export type BlogPostDetail = BlogListItem & Pick<BlogOutputs["bySlug"], "content" | "seoTitle" | "seoDescription">;

async function visitorCaller() {
  return createCaller(await createContext({ headers: new Headers() }));
}

function listed<T extends { publishedAt: Date; lastModified: Date }>(post: T) {
  return { ...post, publishedAt: post.publishedAt.toISOString(), lastModified: post.lastModified.toISOString() };
}

const cachedList = unstable_cache(
  async (limit: number | undefined, _minute: number): Promise<BlogListItem[]> =>
    (await (await visitorCaller()).blog.list(limit ? { limit } : undefined)).map(listed),
  ["blog-list"],
  { revalidate: BLOG_REVALIDATE_SECONDS, tags: [BLOG_CACHE_TAG, BLOG_LISTS_TAG] },
);

const cachedLatest = unstable_cache(
  async (_minute: number): Promise<BlogListItem | null> => {
    const post = await (await visitorCaller()).blog.latest();
    return post ? listed(post) : null;
  },
  ["blog-latest"],
  { revalidate: BLOG_REVALIDATE_SECONDS, tags: [BLOG_CACHE_TAG, BLOG_LISTS_TAG] },
);

const cachedPost = (slug: string) =>
  unstable_cache(
    async (_minute: number): Promise<BlogPostDetail | null> => {
      try {
        const post = await (await visitorCaller()).blog.bySlug({ slug });
        return listed({
          id: post.id,
          title: post.title,
          summary: post.summary,
          slug: post.slug,
          featuredImage: post.featuredImage,
          publishedAt: post.publishedAt,
          lastModified: post.lastModified,
          tags: post.tags,
          content: post.content,
          seoTitle: post.seoTitle,
          seoDescription: post.seoDescription,
        });
      } catch (error) {
        if (error instanceof TRPCError && error.code === "NOT_FOUND") return null;
        throw error;
      }
    },
    ["blog-post", slug],
    { revalidate: BLOG_REVALIDATE_SECONDS, tags: [BLOG_CACHE_TAG, blogPostTag(slug)] },
  );

/** Published posts, newest first (optionally the first `limit`). */
export async function getPublishedPosts(limit?: number): Promise<BlogListItem[]> {
  if (atBuild()) return [];
  return cachedList(limit, minute());
}

export async function getLatestPost(): Promise<BlogListItem | null> {
  if (atBuild()) return null;
  return cachedLatest(minute());
}

/** A published post, or null when there is no such published post. */
export async function getPost(slug: string): Promise<BlogPostDetail | null> {
  const normalized = slug.toLowerCase();
  if (atBuild() || !/^[a-z0-9-]{1,200}$/.test(normalized)) return null;
  return cachedPost(normalized)(minute());
}
