/**
 * The coach's editor: every post with its status, creating, changing, publishing (now, scheduled or
 * back to draft) and deleting. Every change announces itself (`contentChanged`), so the read caches
 * (reading.ts) and the web app's prerendered pages drop what they hold.
 */
import { and, desc, eq, ilike, ne, or, schema, sql, type Database } from "@coach/db";
import type { BlogTag } from "@coach/db/enums";
import type { z } from "zod";
import { slugify, type blogPostInput, type publishInput } from "@coach/validators/blog";
import { recordAudit, type AuditActor } from "../audit/record";
import { contentChanged } from "../shared/content-events";
import { columnsOf } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { tagsFor } from "./reading";
import { renderBlogBody, sanitizeBlogHtml } from "./sanitize";
import { adminPost, type AdminPost, type PostStatus } from "./shapes";

const { blogPosts, blogTags } = schema;

/** The editor's fields and publish choice, as the validators leave them. */
export type PostFields = z.output<typeof blogPostInput>;
export type PublishChoice = z.output<typeof publishInput>;

export const POST_GONE = "That post no longer exists.";

function statusOf(publishedAt: Date | null, now = new Date()): PostStatus {
  if (!publishedAt) return "draft";
  return publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

const adminColumns = columnsOf(blogPosts, adminPost.omit({ status: true, tags: true }));
type AdminRow = { [K in keyof typeof adminColumns]: (typeof blogPosts.$inferSelect)[K] };

function toAdminPost(row: AdminRow, tags: readonly { tag: BlogTag }[], now = new Date()): AdminPost {
  return { ...row, status: statusOf(row.publishedAt, now), tags: tags.map((t) => t.tag) };
}

/** Every post, drafts and scheduled ones included, newest first (drafts on top). */
export async function listAllPosts(db: Database): Promise<AdminPost[]> {
  const rows = await db
    .select(adminColumns)
    .from(blogPosts)
    .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.id));
  const tags = await tagsFor(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((row) => toAdminPost(row, tags.get(row.id) ?? [], now));
}

export async function getPost(db: Database, id: number): Promise<AdminPost> {
  const [row] = await db.select(adminColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw new DomainError("NOT_FOUND", POST_GONE);
  return toAdminPost(row, (await tagsFor(db, [id])).get(id) ?? []);
}

/** The body exactly as visitors will see it (same display rule, same sanitizer). */
export function previewBody(content: string): { html: string } {
  return { html: renderBlogBody(content) };
}

/**
 * A slug no other post uses. An explicit slug must be free (409 otherwise, so the coach decides);
 * a generated one gets -2, -3... appended until it is.
 */
export async function uniqueSlug(db: Database, title: string, requested: string | undefined, exceptId?: number): Promise<string> {
  const others = (slug: string) => (exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
  if (requested) {
    const [taken] = await db.select({ id: blogPosts.id }).from(blogPosts).where(others(requested)).limit(1);
    if (taken) throw new DomainError("CONFLICT", `The slug "${requested}" is already used by another post. Choose a different one.`);
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

function contentValues(input: PostFields) {
  const content = sanitizeBlogHtml(input.content);
  if (!content.trim()) throw new DomainError("BAD_REQUEST", "The body is empty once unsafe markup is removed.");
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

/**
 * Creates a post: a draft unless `publish` says otherwise (the editor publishes in a separate step;
 * a REST caller may do both in one call). A publication time in the past is refused before anything
 * is written.
 */
export async function createPost(db: Database, actor: AuditActor, input: PostFields, publish?: PublishChoice): Promise<AdminPost> {
  const publishedAt = publish ? publicationTime(publish) : null;
  const id = await db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, input.title, input.slug || undefined);
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...contentValues(input), slug, publishedAt, authorId: actor.id, lastModified: new Date() })
      .returning({ id: blogPosts.id });
    if (!row) throw new DomainError("INTERNAL_SERVER_ERROR", "The post could not be saved.");
    await replaceTags(tx, row.id, input.tags);
    return row.id;
  });
  await recordAudit(db, actor, "blog.create", { type: "blog_post", id, details: { title: input.title } });
  if (publish && publish.mode !== "draft") await auditPublication(db, actor, id, publish.mode, publishedAt);
  const post = await getPost(db, id);
  contentChanged({ kind: "blog", slugs: [post.slug] });
  return post;
}

export async function updatePost(db: Database, actor: AuditActor, input: PostFields & { id: number }): Promise<AdminPost> {
  const before = await getPost(db, input.id);
  await db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, input.title, input.slug || undefined, input.id);
    await tx
      .update(blogPosts)
      .set({ ...contentValues(input), slug, lastModified: new Date() })
      .where(eq(blogPosts.id, input.id));
    await replaceTags(tx, input.id, input.tags);
  });
  await recordAudit(db, actor, "blog.update", { type: "blog_post", id: input.id, details: { title: input.title } });
  const post = await getPost(db, input.id);
  contentChanged({ kind: "blog", slugs: [...new Set([before.slug, post.slug])] });
  return post;
}

/** When a publish choice puts the post live (null: a draft); a scheduled time must be in the future. */
function publicationTime(choice: PublishChoice): Date | null {
  if (choice.mode === "now") return new Date();
  if (choice.mode === "draft") return null;
  if (choice.at.getTime() <= Date.now()) throw new DomainError("UNPROCESSABLE_CONTENT", "Choose a time in the future, or publish now.");
  return choice.at;
}

async function auditPublication(db: Database, actor: AuditActor, id: number, mode: PublishChoice["mode"], publishedAt: Date | null) {
  const action = mode === "now" ? "blog.publish" : mode === "draft" ? "blog.unpublish" : "blog.schedule";
  await recordAudit(db, actor, action, {
    type: "blog_post",
    id,
    details: publishedAt ? { publishedAt: publishedAt.toISOString() } : undefined,
  });
}

/** Publish now, schedule for a set time, or take back to draft (unpublish). */
export async function publishPost(db: Database, actor: AuditActor, input: PublishChoice & { id: number }): Promise<AdminPost> {
  return applyPublication(db, actor, input.id, input.mode, publicationTime(input));
}

/** Puts a publication time that publicationTime has already accepted on the post. */
async function applyPublication(db: Database, actor: AuditActor, id: number, mode: PublishChoice["mode"], publishedAt: Date | null) {
  const before = await getPost(db, id);
  await db.update(blogPosts).set({ publishedAt, lastModified: new Date() }).where(eq(blogPosts.id, id));
  await auditPublication(db, actor, id, mode, publishedAt);
  contentChanged({ kind: "blog", slugs: [before.slug] });
  return getPost(db, id);
}

/** Some of the editor's fields, and a publish choice, as a REST PATCH sends them. */
export type PostPatch = Partial<PostFields> & { publish?: PublishChoice };

/**
 * Changes only the fields given (REST PATCH /api/admin/blog/{id}); the others keep their values, the
 * slug included (an empty slug is generated from the title, as in the editor). A publish choice
 * is checked before anything is written, then applied as the editor's publish step.
 */
export async function patchPost(db: Database, actor: AuditActor, id: number, patch: PostPatch): Promise<AdminPost> {
  const { publish, ...fields } = patch;
  // Judged once, before anything is written: a time that was in the future when the coach sent it
  // must not turn into a 422 after the fields are saved, because the save took a moment.
  const publishedAt = publish ? publicationTime(publish) : null;
  let post = await getPost(db, id);
  if (Object.values(fields).some((value) => value !== undefined)) {
    const current: PostFields = {
      title: post.title,
      slug: post.slug,
      summary: post.summary ?? "",
      content: post.content,
      tags: post.tags,
      imageUrl: post.imageUrl ?? undefined,
      seoTitle: post.seoTitle ?? undefined,
      seoDescription: post.seoDescription ?? undefined,
      featured: post.featured,
    };
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    post = await updatePost(db, actor, { ...current, ...given, id });
  }
  return publish ? applyPublication(db, actor, id, publish.mode, publishedAt) : post;
}

export async function deletePost(db: Database, actor: AuditActor, id: number): Promise<{ success: true }> {
  const post = await getPost(db, id);
  await db.delete(blogPosts).where(eq(blogPosts.id, id));
  await recordAudit(db, actor, "blog.delete", { type: "blog_post", id, details: { title: post.title, slug: post.slug } });
  contentChanged({ kind: "blog", slugs: [post.slug] });
  return { success: true };
}
