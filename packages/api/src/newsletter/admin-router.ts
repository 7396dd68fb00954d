import { TRPCError } from "@trpc/server";
import Papa from "papaparse";
import { z } from "zod";
import { and, asc, desc, eq, gte, ilike, isNotNull, or, schema, sql, type Database } from "@coach/db";
import { deliverDueEmails, newsletterIssue, sendEmail } from "@coach/email";
import { recordAudit } from "../audit/record";
import { appUrl } from "@coach/config";
import { hashToken, unsubscribeToken, unsubscribeUrl } from "./tokens";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { dateTime, idParam, nullableDateTime } from "../shared/schemas";
import { isPublished } from "../blog/router";

const { emailSubscribers, newsletterSends, blogPosts, auditLog, emailOutbox } = schema;

export const SUBSCRIBER_STATUSES = ["pending", "active", "unsubscribed"] as const;
type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

function statusOf(row: { isActive: boolean; confirmedAt: Date | null }): SubscriberStatus {
  if (!row.isActive) return "unsubscribed";
  return row.confirmedAt ? "active" : "pending";
}

const subscriber = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: dateTime,
  confirmedAt: nullableDateTime,
  unsubscribedAt: nullableDateTime,
});

/** Who receives a newsletter: confirmed and still active. */
const receives = () => and(eq(emailSubscribers.isActive, true), isNotNull(emailSubscribers.confirmedAt));

async function publishedPost(db: Database, postId: number) {
  const [post] = await db.select().from(blogPosts).where(and(eq(blogPosts.id, postId), isPublished())).limit(1);
  if (!post) throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: "Only a published post can be sent as a newsletter." });
  return post;
}

function postUrl(slug: string): string {
  return `${appUrl()}/continuous-leadership-education/${encodeURIComponent(slug)}`;
}

async function issueFor(post: { title: string; summary: string | null; excerpt: string | null; slug: string }, subscriberId: number | null) {
  // The coach's test copy carries a harmless link to the unsubscribe page without a working token.
  const unsubscribe = subscriberId === null ? `${appUrl()}/newsletter/unsubscribe` : unsubscribeUrl(subscriberId);
  return newsletterIssue({ title: post.title, summary: post.summary ?? post.excerpt ?? "", postUrl: postUrl(post.slug), unsubscribeUrl: unsubscribe });
}

export const newsletterAdminRouter = createTRPCRouter({
  /** Subscribers, newest first, optionally filtered by email or name. */
  list: adminProcedure
    .input(z.object({ search: z.string().trim().max(200).optional() }).optional())
    .output(z.object({ subscribers: z.array(subscriber), counts: z.record(z.enum(SUBSCRIBER_STATUSES), z.number()) }))
    .query(async ({ ctx, input }) => {
      const term = input?.search ? `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const rows = await ctx.db
        .select()
        .from(emailSubscribers)
        .where(term ? or(ilike(emailSubscribers.email, term), ilike(emailSubscribers.firstName, term), ilike(emailSubscribers.lastName, term)) : undefined)
        .orderBy(desc(emailSubscribers.createdAt), desc(emailSubscribers.id))
        .limit(1000);
      const all = await ctx.db.select({ isActive: emailSubscribers.isActive, confirmedAt: emailSubscribers.confirmedAt }).from(emailSubscribers);
      const counts = { pending: 0, active: 0, unsubscribed: 0 };
      for (const row of all) counts[statusOf(row)] += 1;
      return {
        subscribers: rows.map((r) => ({
          id: r.id,
          email: r.email,
          firstName: r.firstName,
          lastName: r.lastName,
          status: statusOf(r),
          createdAt: r.createdAt,
          confirmedAt: r.confirmedAt,
          unsubscribedAt: r.unsubscribedAt,
        })),
        counts,
      };
    }),

  deactivate: adminProcedure
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .update(emailSubscribers)
        .set({ isActive: false, unsubscribedAt: sql`coalesce(${emailSubscribers.unsubscribedAt}, now())` })
        .where(eq(emailSubscribers.id, input.id))
        .returning({ email: emailSubscribers.email });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "That subscriber no longer exists." });
      await recordAudit(ctx.db, ctx.user, "newsletter.deactivate", { type: "email_subscriber", id: input.id });
      return { success: true as const };
    }),

  delete: adminProcedure
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db.delete(emailSubscribers).where(eq(emailSubscribers.id, input.id)).returning({ id: emailSubscribers.id });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "That subscriber no longer exists." });
      await recordAudit(ctx.db, ctx.user, "newsletter.delete", { type: "email_subscriber", id: input.id });
      return { success: true as const };
    }),

  /** All subscribers as CSV (email, names, status, dates). */
  exportCsv: adminProcedure.output(z.object({ filename: z.string(), csv: z.string(), count: z.number() })).mutation(async ({ ctx }) => {
    const rows = await ctx.db.select().from(emailSubscribers).orderBy(asc(emailSubscribers.id));
    const csv = Papa.unparse(
      rows.map((r) => ({
        email: r.email,
        first_name: r.firstName ?? "",
        last_name: r.lastName ?? "",
        status: statusOf(r),
        subscribed_at: r.createdAt.toISOString(),
        confirmed_at: r.confirmedAt?.toISOString() ?? "",
        unsubscribed_at: r.unsubscribedAt?.toISOString() ?? "",
      })),
      { columns: ["email", "first_name", "last_name", "status", "subscribed_at", "confirmed_at", "unsubscribed_at"], escapeFormulae: true },
    );
    await recordAudit(ctx.db, ctx.user, "newsletter.export", { type: "email_subscriber", details: { count: rows.length } });
    return { filename: `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv, count: rows.length };
  }),

  /** Sends posts' newsletters: which were sent, to how many, and whether a test went out since the last edit. */
  sends: adminProcedure
    .output(
      z.array(z.object({ postId: z.number(), sendId: z.number().nullable(), recipientCount: z.number(), completedAt: nullableDateTime, testedAt: nullableDateTime })),
    )
    .query(async ({ ctx }) => {
      const sends = await ctx.db.select().from(newsletterSends).orderBy(asc(newsletterSends.id));
      const tests = await ctx.db
        .select({ postId: auditLog.targetId, at: sql<Date>`max(${auditLog.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
        .from(auditLog)
        .where(eq(auditLog.action, "newsletter.test"))
        .groupBy(auditLog.targetId);
      const byPost = new Map<number, { postId: number; sendId: number | null; recipientCount: number; completedAt: Date | null; testedAt: Date | null }>();
      for (const t of tests) {
        const postId = Number(t.postId);
        if (Number.isInteger(postId)) byPost.set(postId, { postId, sendId: null, recipientCount: 0, completedAt: null, testedAt: t.at });
      }
      for (const s of sends) {
        const entry = byPost.get(s.postId) ?? { postId: s.postId, sendId: null, recipientCount: 0, completedAt: null, testedAt: null };
        byPost.set(s.postId, { ...entry, sendId: s.id, recipientCount: s.recipientCount, completedAt: s.completedAt });
      }
      return [...byPost.values()];
    }),

  /** A copy of the issue to the coach's own address, required before the real send. */
  sendTest: adminProcedure
    .input(z.object({ postId: idParam }))
    .output(z.object({ to: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const post = await publishedPost(ctx.db, input.postId);
      const mail = await issueFor(post, null);
      await sendEmail(ctx.db, { kind: "newsletter-test", to: ctx.user.email, ...mail, subject: `[Test] ${mail.subject}` });
      await recordAudit(ctx.db, ctx.user, "newsletter.test", { type: "blog_post", id: post.id, details: { to: ctx.user.email } });
      return { to: ctx.user.email };
    }),

  /**
   * Sends a published post to every confirmed, active subscriber. One send per post: sending again
   * only reaches those who have not had it (each recipient's email carries the dedupe key
   * newsletter:<sendId>:<subscriberId>), so nobody is mailed twice.
   */
  send: adminProcedure
    .input(z.object({ postId: idParam }))
    .output(z.object({ sendId: z.number(), queued: z.number(), alreadySent: z.number() }))
    .mutation(async ({ ctx, input }) => {
      const post = await publishedPost(ctx.db, input.postId);
      const [tested] = await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, "newsletter.test"), eq(auditLog.targetId, String(post.id)), gte(auditLog.createdAt, post.lastModified)))
        .limit(1);
      if (!tested) {
        throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: "Send a test to yourself first (and again after any edit), then send to subscribers." });
      }

      let [send] = await ctx.db.select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).orderBy(asc(newsletterSends.id)).limit(1);
      send ??= (await ctx.db.insert(newsletterSends).values({ postId: post.id, sentById: ctx.user.id }).returning())[0];
      if (!send) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR" });

      const prefix = `newsletter:${send.id}:`;
      const sentKeys = new Set(
        (await ctx.db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox).where(ilike(emailOutbox.dedupeKey, `${prefix}%`))).map((r) => r.key),
      );
      const recipients = await ctx.db.select().from(emailSubscribers).where(receives()).orderBy(asc(emailSubscribers.id));
      let queued = 0;
      for (const r of recipients) {
        const dedupeKey = `${prefix}${r.id}`;
        if (sentKeys.has(dedupeKey)) continue;
        // Keep the stored hash in step with the link (e.g. rows imported without one).
        const expected = hashToken(unsubscribeToken(r.id));
        if (r.unsubscribeTokenHash !== expected) {
          await ctx.db.update(emailSubscribers).set({ unsubscribeTokenHash: expected }).where(eq(emailSubscribers.id, r.id));
        }
        const mail = await issueFor(post, r.id);
        await sendEmail(ctx.db, { kind: "newsletter", to: r.email, ...mail, dedupeKey }, { immediate: false });
        queued += 1;
      }
      const total = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(ilike(emailOutbox.dedupeKey, `${prefix}%`)))[0]?.n ?? 0;
      await ctx.db.update(newsletterSends).set({ recipientCount: total, completedAt: new Date() }).where(eq(newsletterSends.id, send.id));
      await recordAudit(ctx.db, ctx.user, "newsletter.send", { type: "blog_post", id: post.id, details: { sendId: send.id, queued, alreadySent: sentKeys.size } });
      // Deliver the first batch now; the outbox worker delivers the rest and retries failures.
      if (queued > 0) await deliverDueEmails(ctx.db, { limit: Math.min(queued, 100) });
      return { sendId: send.id, queued, alreadySent: sentKeys.size };
    }),
});
