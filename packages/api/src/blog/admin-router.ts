import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { and, desc, eq, ilike, ne, or, schema, sql, type Database } from "@coach/db";
import { BLOG_TAGS, type BlogTag } from "@coach/db/enums";
import { IMAGE_MAX_BYTES, blogPostInput, publishInput, slugify } from "@coach/validators/blog";
import { recordAudit } from "../audit/record";
import { detectImageType, imageStorage } from "../shared/storage";
import { renderBlogBody, sanitizeBlogHtml } from "./sanitize";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { dateTime, idParam, nullableDateTime } from "../shared/schemas";
import { tagsFor } from "./router";

const { blogPosts, blogTags } = schema;

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;

const adminPost = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  featured: z.boolean(),
  publishedAt: nullableDateTime,
  lastModified: dateTime,
  createdAt: dateTime,
  status: z.enum(POST_STATUSES),
  tags: z.array(z.enum(BLOG_TAGS)),
});
export type AdminPost = z.infer<typeof adminPost>;

function statusOf(publishedAt: Date | null, now = new Date()): (typeof POST_STATUSES)[number] {
  if (!publishedAt) return "draft";
  return publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

function toAdminPost(row: typeof blogPosts.$inferSelect, tags: readonly { tag: schema.BlogTag }[], now = new Date()): AdminPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    content: row.content,
    imageUrl: row.imageUrl,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    featured: row.featured,
    publishedAt: row.publishedAt,
    lastModified: row.lastModified,
    createdAt: row.createdAt,
    status: statusOf(row.publishedAt, now),
    tags: tags.map((t) => t.tag),
  };
}

async function loadPost(db: Database, id: number): Promise<AdminPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "That post no longer exists." });
  return toAdminPost(row, (await tagsFor(db, [id])).get(id) ?? []);
}

/**
 * A slug no other post uses. An explicit slug must be free (409 otherwise, so the coach decides);
 * a generated one gets -2, -3... appended until it is.
 */
export async function uniqueSlug(db: Database, title: string, requested: string | undefined, exceptId?: number): Promise<string> {
  const others = (slug: string) => (exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
  if (requested) {
    const [taken] = await db.select({ id: blogPosts.id }).from(blogPosts).where(others(requested)).limit(1);
    if (taken) throw new TRPCError({ code: "CONFLICT", message: `The slug "${requested}" is already used by another post. Choose a different one.` });
    return requested;
  }
  const base = slugify(title) || "post";
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(and(or(eq(blogPosts.slug, base), ilike(blogPosts.slug, `${base}-%`)), exceptId ? ne(blogPosts.id, exceptId) : undefined));
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function contentValues(input: z.output<typeof blogPostInput>) {
  const content = sanitizeBlogHtml(input.content);
  if (!content.trim()) throw new TRPCError({ code: "BAD_REQUEST", message: "The body is empty once unsafe markup is removed." });
  return {
    title: input.title,
    summary: input.summary,
    excerpt: input.summary,
    content,
    imageUrl: input.imageUrl || null,
    seoTitle: input.seoTitle ?? null,
    seoDescription: input.seoDescription ?? null,
    featured: input.featured,
  };
}

async function replaceTags(db: Database, postId: number, tags: readonly BlogTag[]) {
  await db.delete(blogTags).where(eq(blogTags.postId, postId));
  const unique = [...new Set(tags)];
  if (unique.length > 0) await db.insert(blogTags).values(unique.map((tag) => ({ postId, tag })));
}

const UPLOAD_BASE64_MAX = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 16;

export const blogAdminRouter = createTRPCRouter({
  /** Every post, drafts and scheduled ones included, newest first. */
  list: adminProcedure.output(z.array(adminPost)).query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(blogPosts)
      .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.id));
    const tags = await tagsFor(ctx.db, rows.map((r) => r.id));
    const now = new Date();
    return rows.map((row) => toAdminPost(row, tags.get(row.id) ?? [], now));
  }),

  get: adminProcedure
    .input(z.object({ id: idParam }))
    .output(adminPost)
    .query(({ ctx, input }) => loadPost(ctx.db, input.id)),

  /** The body exactly as visitors will see it (same display rule, same sanitizer). */
  preview: adminProcedure
    .input(z.object({ content: z.string().max(200_000, "Body is too long") }))
    .output(z.object({ html: z.string() }))
    .query(({ input }) => ({ html: renderBlogBody(input.content) })),

  /** Creates a draft; publishing is a separate, deliberate step. */
  create: adminProcedure
    .input(blogPostInput)
    .output(adminPost)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction(async (tx) => {
        const slug = await uniqueSlug(tx, input.title, input.slug || undefined);
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...contentValues(input), slug, authorId: ctx.user.id, lastModified: new Date() })
          .returning({ id: blogPosts.id });
        if (!row) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR" });
        await replaceTags(tx, row.id, input.tags);
        return row.id;
      });
      await recordAudit(ctx.db, ctx.user, "blog.create", { type: "blog_post", id, details: { title: input.title } });
      return loadPost(ctx.db, id);
    }),

  update: adminProcedure
    .input(blogPostInput.extend({ id: idParam }))
    .output(adminPost)
    .mutation(async ({ ctx, input }) => {
      await loadPost(ctx.db, input.id);
      await ctx.db.transaction(async (tx) => {
        const slug = await uniqueSlug(tx, input.title, input.slug || undefined, input.id);
        await tx
          .update(blogPosts)
          .set({ ...contentValues(input), slug, lastModified: new Date() })
          .where(eq(blogPosts.id, input.id));
        await replaceTags(tx, input.id, input.tags);
      });
      await recordAudit(ctx.db, ctx.user, "blog.update", { type: "blog_post", id: input.id, details: { title: input.title } });
      return loadPost(ctx.db, input.id);
    }),

  /** Publish now, schedule for a set time, or take back to draft (unpublish). */
  publish: adminProcedure
    .input(z.object({ id: idParam }).and(publishInput))
    .output(adminPost)
    .mutation(async ({ ctx, input }) => {
      await loadPost(ctx.db, input.id);
      let publishedAt: Date | null;
      if (input.mode === "now") publishedAt = new Date();
      else if (input.mode === "draft") publishedAt = null;
      else {
        if (input.at.getTime() <= Date.now()) {
          throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: "Choose a time in the future, or publish now." });
        }
        publishedAt = input.at;
      }
      await ctx.db.update(blogPosts).set({ publishedAt, lastModified: new Date() }).where(eq(blogPosts.id, input.id));
      const action = input.mode === "now" ? "blog.publish" : input.mode === "draft" ? "blog.unpublish" : "blog.schedule";
      await recordAudit(ctx.db, ctx.user, action, { type: "blog_post", id: input.id, details: publishedAt ? { publishedAt: publishedAt.toISOString() } : undefined });
      return loadPost(ctx.db, input.id);
    }),

  delete: adminProcedure
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const post = await loadPost(ctx.db, input.id);
      await ctx.db.delete(blogPosts).where(eq(blogPosts.id, input.id));
      await recordAudit(ctx.db, ctx.user, "blog.delete", { type: "blog_post", id: input.id, details: { title: post.title, slug: post.slug } });
      return { success: true as const };
    }),

  /** Stores a featured image (PNG, JPEG, WebP or GIF, checked by content, at most 5 MB). */
  uploadImage: adminProcedure
    .input(
      z.object({
        fileName: z.string().trim().max(255).optional(),
        dataBase64: z.string().min(1, "Choose an image to upload").max(UPLOAD_BASE64_MAX, "Images must be at most 5 MB"),
      }),
    )
    .output(z.object({ url: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const bytes = new Uint8Array(Buffer.from(input.dataBase64.replace(/^data:[^,]*,/, ""), "base64"));
      if (bytes.byteLength === 0) throw new TRPCError({ code: "BAD_REQUEST", message: "Choose an image to upload" });
      if (bytes.byteLength > IMAGE_MAX_BYTES) throw new TRPCError({ code: "BAD_REQUEST", message: "Images must be at most 5 MB" });
      const type = detectImageType(bytes);
      if (!type) throw new TRPCError({ code: "BAD_REQUEST", message: "Upload a PNG, JPEG, WebP or GIF image." });
      const { key, url } = await imageStorage().put(bytes, type);
      await recordAudit(ctx.db, ctx.user, "blog.upload_image", { type: "upload", id: key, details: { fileName: input.fileName ?? null, bytes: bytes.byteLength } });
      return { url };
    }),
});
