/**
 * What visitors read of the blog: published posts, from an in-process cache that every change clears
 * (the editor's changes announce themselves through `contentChanged`).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, schema, type Database } from "@coach/db";
import type { BlogTag } from "@coach/db/enums";
import { columnsOf } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { cachedRead } from "../shared/read-cache";
import { fullPost, listedPost, type FullPost, type ListedPost } from "./shapes";

const { blogPosts, blogTags } = schema;

export const ARTICLE_NOT_FOUND = "Article Not Found";

/**
 * Published means a publication time that has come: drafts (null) and scheduled posts stay hidden.
 * `now` is the caller's clock, the same one the read cache expires by.
 */
export const isPublished = (now: Date = new Date()) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now));

export async function tagsFor(db: Database, postIds: number[]) {
  const byPost = new Map<number, Array<{ id: number; tag: BlogTag }>>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ id: blogTags.id, postId: blogTags.postId, tag: blogTags.tag })
    .from(blogTags)
    .where(inArray(blogTags.postId, postIds))
    .orderBy(blogTags.id);
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push({ id: row.id, tag: row.tag });
    byPost.set(row.postId, list);
  }
  return byPost;
}

// The listed shape's columns; the spec's `featuredImage` is the `image_url` column.
const listedColumns = {
  ...columnsOf(blogPosts, listedPost.omit({ featuredImage: true, tags: true })),
  featuredImage: blogPosts.imageUrl,
};
const fullColumns = {
  ...listedColumns,
  ...columnsOf(blogPosts, fullPost.pick({ content: true, excerpt: true, seoTitle: true, seoDescription: true, featured: true })),
};

/** When the next scheduled post goes live (a cached answer stops being true then), if any is scheduled. */
async function nextPublication(db: Database, now: Date): Promise<number | undefined> {
  const [next] = await db
    .select({ at: blogPosts.publishedAt })
    .from(blogPosts)
    .where(gt(blogPosts.publishedAt, now))
    .orderBy(asc(blogPosts.publishedAt))
    .limit(1);
  return next?.at?.getTime();
}

async function loadPublished(db: Database, now: Date, limit?: number): Promise<ListedPost[]> {
  const query = db.select(listedColumns).from(blogPosts).where(isPublished(now)).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  const rows = limit ? await query.limit(limit) : await query;
  const tags = await tagsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt!, tags: tags.get(row.id) ?? [] }));
}

/** Every published post, newest first (at most `limit`). */
export function publishedPosts(db: Database, limit?: number): Promise<ListedPost[]> {
  return cachedRead(db, "blog", `list:${limit ?? "all"}`, async (now) => ({
    value: await loadPublished(db, now, limit),
    until: await nextPublication(db, now),
  }));
}

/** The newest published post, or null when there is none. */
export async function latestPost(db: Database): Promise<ListedPost | null> {
  return (await publishedPosts(db, 1))[0] ?? null;
}

/** One published post with its body and tags; drafts, scheduled and unknown slugs are NOT_FOUND. */
export async function publishedPostBySlug(db: Database, slug: string): Promise<FullPost> {
  const key = slug.toLowerCase();
  const post = await cachedRead(db, "blog", `post:${key}`, async (now) => {
    const [row] = await db
      .select(fullColumns)
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, key), isPublished(now)))
      .limit(1);
    const value = row ? { ...row, publishedAt: row.publishedAt!, tags: (await tagsFor(db, [row.id])).get(row.id) ?? [] } : null;
    return { value, until: value ? undefined : await nextPublication(db, now) };
  });
  if (!post) throw new DomainError("NOT_FOUND", ARTICLE_NOT_FOUND);
  return post;
}
