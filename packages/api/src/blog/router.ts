import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { and, desc, eq, inArray, isNotNull, lte, schema, sql, type Database } from "@coach/db";
import { BLOG_TAGS } from "@coach/db/enums";
import { createTRPCRouter, publicProcedure } from "../transport/trpc";
import { dateTime, noInput } from "../shared/schemas";

/** A post as the spec's client lists it (section 3, "Blog post as listed"). */
export const listedPost = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string().nullable(),
  slug: z.string(),
  featuredImage: z.string().nullable(),
  publishedAt: dateTime,
  lastModified: dateTime,
  tags: z.array(z.object({ id: z.number(), tag: z.enum(BLOG_TAGS) })),
});
export type ListedPost = z.infer<typeof listedPost>;

export const fullPost = listedPost.extend({
  content: z.string(),
  excerpt: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  featured: z.boolean(),
});
export type FullPost = z.infer<typeof fullPost>;

const { blogPosts, blogTags } = schema;

/** Published means a publication time that has come: drafts (null) and scheduled posts stay hidden. */
export const isPublished = () => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, sql`now()`));

export async function tagsFor(db: Database, postIds: number[]) {
  const byPost = new Map<number, Array<{ id: number; tag: schema.BlogTag }>>();
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

const listedColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  summary: blogPosts.summary,
  slug: blogPosts.slug,
  featuredImage: blogPosts.imageUrl,
  publishedAt: blogPosts.publishedAt,
  lastModified: blogPosts.lastModified,
};

async function publishedPosts(db: Database, limit?: number): Promise<ListedPost[]> {
  const query = db.select(listedColumns).from(blogPosts).where(isPublished()).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  const rows = limit ? await query.limit(limit) : await query;
  const tags = await tagsFor(db, rows.map((r) => r.id));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt!, tags: tags.get(row.id) ?? [] }));
}

export const blogRouter = createTRPCRouter({
  /** Every published post, newest first (the list page and the Resources tab, which shows 6). */
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/blog", tags: ["blog"], summary: "Published blog posts, newest first" } })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }).strict().optional())
    .output(z.array(listedPost))
    .query(async ({ ctx, input }) => publishedPosts(await ctx.getDb(), input?.limit)),

  /** The newest published post, or null when there is none (the home section is then hidden). */
  latest: publicProcedure
    .meta({ openapi: { method: "GET", path: "/blog/latest", tags: ["blog"], summary: "The newest published post" } })
    .input(noInput)
    .output(listedPost.nullable())
    .query(async ({ ctx }) => (await publishedPosts(await ctx.getDb(), 1))[0] ?? null),

  /** One published post with its body and tags; drafts and scheduled posts answer 404. */
  bySlug: publicProcedure
    .meta({ openapi: { method: "GET", path: "/blog/slug/{slug}", tags: ["blog"], summary: "One published post by its slug" } })
    .input(z.object({ slug: z.string().trim().min(1, "Slug is required").max(200, "Slug is too long") }))
    .output(fullPost)
    .query(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      const [row] = await db
        .select({
          ...listedColumns,
          content: blogPosts.content,
          excerpt: blogPosts.excerpt,
          seoTitle: blogPosts.seoTitle,
          seoDescription: blogPosts.seoDescription,
          featured: blogPosts.featured,
        })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, input.slug.toLowerCase()), isPublished()))
        .limit(1);
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Article Not Found" });
      const tags = await tagsFor(db, [row.id]);
      return { ...row, publishedAt: row.publishedAt!, tags: tags.get(row.id) ?? [] };
    }),
});
