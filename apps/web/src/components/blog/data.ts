import "server-only";

import { TRPCError, type inferRouterOutputs } from "@trpc/server";
import { unstable_cache } from "next/cache";
import { connection } from "next/server";
import { createCaller, createContext, type AppRouter } from "@coach/api";

/**
 * Public blog reads for server components: the same procedures as /api/blog*, called as an
 * anonymous visitor and cached for 5 minutes (the spec's blog cache) under the "blog" tag. The
 * coach's edits expire the tag at once (see actions.ts), so visitors never wait the 5 minutes.
 * Dates are ISO strings because cached values are stored as JSON.
 */
export const BLOG_CACHE_TAG = "blog";

/**
 * Next keeps cached data on disk next to the build, so it would outlive the process (and a
 * database restored or swapped underneath it). One key per server process scopes it to this run.
 */
const holder = globalThis as { __coachBlogCacheKey?: string };
const RUN_KEY = (holder.__coachBlogCacheKey ??= `${process.pid}-${Date.now().toString(36)}`);
export const BLOG_CACHE_SECONDS = 300;

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
  async (limit: number | undefined): Promise<BlogListItem[]> => (await (await visitorCaller()).blog.list(limit ? { limit } : undefined)).map(listed),
  ["blog-list", RUN_KEY],
  { revalidate: BLOG_CACHE_SECONDS, tags: [BLOG_CACHE_TAG] },
);

const cachedLatest = unstable_cache(
  async (): Promise<BlogListItem | null> => {
    const post = await (await visitorCaller()).blog.latest();
    return post ? listed(post) : null;
  },
  ["blog-latest", RUN_KEY],
  { revalidate: BLOG_CACHE_SECONDS, tags: [BLOG_CACHE_TAG] },
);

const cachedPost = unstable_cache(
  async (slug: string): Promise<BlogPostDetail | null> => {
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
  ["blog-post", RUN_KEY],
  { revalidate: BLOG_CACHE_SECONDS, tags: [BLOG_CACHE_TAG] },
);

/** Published posts, newest first (optionally the first `limit`). Reads at request time, never at build. */
export async function getPublishedPosts(limit?: number): Promise<BlogListItem[]> {
  await connection();
  return cachedList(limit);
}

export async function getLatestPost(): Promise<BlogListItem | null> {
  await connection();
  return cachedLatest();
}

/** A published post, or null when there is no such published post. */
export async function getPost(slug: string): Promise<BlogPostDetail | null> {
  await connection();
  const normalized = slug.toLowerCase();
  if (!/^[a-z0-9-]{1,200}$/.test(normalized)) return null;
  return cachedPost(normalized);
}
