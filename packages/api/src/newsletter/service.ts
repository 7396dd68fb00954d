/**
 * The newsletter: double opt-in subscriptions (public), and the coach's subscriber list and sends.
 * A send goes through the email outbox with one dedupe key per recipient, so nobody is mailed twice.
 */
import Papa from "papaparse";
import { z } from "zod";
import { appUrl } from "@coach/config";
import { and, asc, desc, eq, gte, ilike, isNotNull, or, schema, sql, type Database } from "@coach/db";
import { deliverDueEmails, newsletterConfirm, newsletterIssue, sendEmail } from "@coach/email";
import type { subscribeInput } from "@coach/validators/newsletter";
import { recordAudit, type AuditActor } from "../audit/record";
import { isPublished } from "../blog/service";
import { likePattern } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { enforceRateLimit } from "../shared/rate-limit";
import { dateTime, nullableDateTime } from "../shared/schemas";
import { confirmUrl, hashToken, isConfirmTokenExpired, newConfirmToken, unsubscribeToken, unsubscribeUrl } from "./tokens";

const { emailSubscribers, newsletterSends, blogPosts, auditLog, emailOutbox } = schema;

export const SUBSCRIBE_MESSAGE = "Thank you for subscribing! Please check your inbox and confirm your subscription.";
const INVALID_LINK = "This link is invalid or has already been used. Please subscribe again from our website.";
const EXPIRED_LINK = "This confirmation link has expired. Please subscribe again from our website to receive a new one.";

/** Per address: limits how often anyone can make us mail one inbox. */
const PER_EMAIL_RULE = { name: "newsletter-email", limit: 3, windowSeconds: 24 * 60 * 60 };

export const SUBSCRIBER_STATUSES = ["pending", "active", "unsubscribed"] as const;
type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const subscriber = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: dateTime,
  confirmedAt: nullableDateTime,
  unsubscribedAt: nullableDateTime,
});
type Subscriber = z.infer<typeof subscriber>;

function statusOf(row: { isActive: boolean; confirmedAt: Date | null }): SubscriberStatus {
  if (!row.isActive) return "unsubscribed";
  return row.confirmedAt ? "active" : "pending";
}

// --- Visitors ---

/**
 * Double opt-in: stores the address unconfirmed and mails a confirmation link. The answer is the
 * same whether the address is new, pending, confirmed or unsubscribed, so it reveals nothing.
 */
export async function subscribe(db: Database, input: z.output<typeof subscribeInput>, requestId?: string) {
  const answer = { success: true as const, message: SUBSCRIBE_MESSAGE };
  // Honeypot: answer like a success and store nothing.
  if (input.website) {
    log("info", "newsletter honeypot filled", { requestId });
    return answer;
  }
  const email = input.email.toLowerCase();
  try {
    await enforceRateLimit(db, `newsletter-email:${hashToken(email)}`, PER_EMAIL_RULE);
  } catch {
    // Same answer as a success: the limit protects the inbox without telling anyone it exists.
    return answer;
  }

  const [existing] = await db
    .select()
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = ${email}`)
    .limit(1);
  if (existing?.confirmedAt && existing.isActive) return answer;

  const token = newConfirmToken();
  const names = { firstName: input.firstName ?? existing?.firstName ?? null, lastName: input.lastName ?? existing?.lastName ?? null };
  let subscriberId: number;
  if (existing) {
    await db
      .update(emailSubscribers)
      .set({ ...names, confirmTokenHash: hashToken(token) })
      .where(eq(emailSubscribers.id, existing.id));
    subscriberId = existing.id;
  } else {
    const [row] = await db
      .insert(emailSubscribers)
      .values({ email, ...names, isActive: true, confirmTokenHash: hashToken(token) })
      .onConflictDoNothing()
      .returning({ id: emailSubscribers.id });
    // Lost a race with a simultaneous request for the same address: that one mails the link.
    if (!row) return answer;
    subscriberId = row.id;
  }
  await db
    .update(emailSubscribers)
    .set({ unsubscribeTokenHash: hashToken(unsubscribeToken(subscriberId)) })
    .where(eq(emailSubscribers.id, subscriberId));

  const mail = await newsletterConfirm({ confirmUrl: confirmUrl(token), name: names.firstName });
  await sendEmail(db, { kind: "newsletter-confirm", to: email, ...mail });
  return answer;
}

/** The confirmation link's button: the subscriber starts receiving the newsletter. */
export async function confirmSubscription(db: Database, token: string) {
  if (isConfirmTokenExpired(token)) throw new DomainError("NOT_FOUND", EXPIRED_LINK);
  const [row] = await db
    .update(emailSubscribers)
    .set({
      confirmedAt: sql`coalesce(${emailSubscribers.confirmedAt}, now())`,
      confirmTokenHash: null,
      isActive: true,
      unsubscribedAt: null,
    })
    .where(eq(emailSubscribers.confirmTokenHash, hashToken(token)))
    .returning({ email: emailSubscribers.email });
  if (!row) throw new DomainError("NOT_FOUND", INVALID_LINK);
  return { success: true as const, email: row.email };
}

/** One-click unsubscribe; repeating it is harmless. */
export async function unsubscribe(db: Database, token: string) {
  const [row] = await db
    .update(emailSubscribers)
    .set({ isActive: false, unsubscribedAt: sql`coalesce(${emailSubscribers.unsubscribedAt}, now())` })
    .where(eq(emailSubscribers.unsubscribeTokenHash, hashToken(token)))
    .returning({ id: emailSubscribers.id });
  if (!row) throw new DomainError("NOT_FOUND", INVALID_LINK);
  return { success: true as const };
}

// --- The coach ---

/** Who receives a newsletter: confirmed and still active. */
const receives = () => and(eq(emailSubscribers.isActive, true), isNotNull(emailSubscribers.confirmedAt));

function toSubscriber(row: typeof emailSubscribers.$inferSelect): Subscriber {
  const { id, email, firstName, lastName, createdAt, confirmedAt, unsubscribedAt } = row;
  return { id, email, firstName, lastName, status: statusOf(row), createdAt, confirmedAt, unsubscribedAt };
}

/** Subscribers, newest first, optionally filtered by email or name, with the count of each status. */
export async function listSubscribers(db: Database, search?: string) {
  const term = search ? likePattern(search) : undefined;
  const rows = await db
    .select()
    .from(emailSubscribers)
    .where(
      term
        ? or(ilike(emailSubscribers.email, term), ilike(emailSubscribers.firstName, term), ilike(emailSubscribers.lastName, term))
        : undefined,
    )
    .orderBy(desc(emailSubscribers.createdAt), desc(emailSubscribers.id))
    .limit(1000);
  const all = await db.select({ isActive: emailSubscribers.isActive, confirmedAt: emailSubscribers.confirmedAt }).from(emailSubscribers);
  const counts = { pending: 0, active: 0, unsubscribed: 0 };
  for (const row of all) counts[statusOf(row)] += 1;
  return { subscribers: rows.map(toSubscriber), counts };
}

const SUBSCRIBER_GONE = "That subscriber no longer exists.";

export async function deactivateSubscriber(db: Database, actor: AuditActor, id: number) {
  const [row] = await db
    .update(emailSubscribers)
    .set({ isActive: false, unsubscribedAt: sql`coalesce(${emailSubscribers.unsubscribedAt}, now())` })
    .where(eq(emailSubscribers.id, id))
    .returning({ email: emailSubscribers.email });
  if (!row) throw new DomainError("NOT_FOUND", SUBSCRIBER_GONE);
  await recordAudit(db, actor, "newsletter.deactivate", { type: "email_subscriber", id });
  return { success: true as const };
}

export async function deleteSubscriber(db: Database, actor: AuditActor, id: number) {
  const [row] = await db.delete(emailSubscribers).where(eq(emailSubscribers.id, id)).returning({ id: emailSubscribers.id });
  if (!row) throw new DomainError("NOT_FOUND", SUBSCRIBER_GONE);
  await recordAudit(db, actor, "newsletter.delete", { type: "email_subscriber", id });
  return { success: true as const };
}

/** All subscribers as CSV (email, names, status, dates); formulas are escaped for spreadsheets. */
export async function exportSubscribers(db: Database, actor: AuditActor) {
  const rows = await db.select().from(emailSubscribers).orderBy(asc(emailSubscribers.id));
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
  await recordAudit(db, actor, "newsletter.export", { type: "email_subscriber", details: { count: rows.length } });
  return { filename: `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv, count: rows.length };
}

export interface SendSummary {
  postId: number;
  sendId: number | null;
  recipientCount: number;
  completedAt: Date | null;
  testedAt: Date | null;
}

/** Per post: whether it was sent, to how many, and whether a test went out. */
export async function listSends(db: Database): Promise<SendSummary[]> {
  const sends = await db.select().from(newsletterSends).orderBy(asc(newsletterSends.id));
  const tests = await db
    .select({ postId: auditLog.targetId, at: sql<Date>`max(${auditLog.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(auditLog)
    .where(eq(auditLog.action, "newsletter.test"))
    .groupBy(auditLog.targetId);
  const byPost = new Map<number, SendSummary>();
  for (const t of tests) {
    const postId = Number(t.postId);
    if (Number.isInteger(postId)) byPost.set(postId, { postId, sendId: null, recipientCount: 0, completedAt: null, testedAt: t.at });
  }
  for (const s of sends) {
    const entry = byPost.get(s.postId) ?? { postId: s.postId, sendId: null, recipientCount: 0, completedAt: null, testedAt: null };
    byPost.set(s.postId, { ...entry, sendId: s.id, recipientCount: s.recipientCount, completedAt: s.completedAt });
  }
  return [...byPost.values()];
}

async function publishedPost(db: Database, postId: number) {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, postId), isPublished()))
    .limit(1);
  if (!post) throw new DomainError("UNPROCESSABLE_CONTENT", "Only a published post can be sent as a newsletter.");
  return post;
}

function postUrl(slug: string): string {
  return `${appUrl()}/continuous-leadership-education/${encodeURIComponent(slug)}`;
}

async function issueFor(
  post: { title: string; summary: string | null; excerpt: string | null; slug: string },
  subscriberId: number | null,
) {
  // The coach's test copy carries a harmless link to the unsubscribe page without a working token.
  const unsubscribe = subscriberId === null ? `${appUrl()}/newsletter/unsubscribe` : unsubscribeUrl(subscriberId);
  return newsletterIssue({
    title: post.title,
    summary: post.summary ?? post.excerpt ?? "",
    postUrl: postUrl(post.slug),
    unsubscribeUrl: unsubscribe,
  });
}

/** A copy of the issue to the coach's own address, required before the real send. */
export async function sendTestIssue(db: Database, actor: AuditActor & { email: string }, postId: number) {
  const post = await publishedPost(db, postId);
  const mail = await issueFor(post, null);
  await sendEmail(db, { kind: "newsletter-test", to: actor.email, ...mail, subject: `[Test] ${mail.subject}` });
  await recordAudit(db, actor, "newsletter.test", { type: "blog_post", id: post.id, details: { to: actor.email } });
  return { to: actor.email };
}

/**
 * Sends a published post to every confirmed, active subscriber. One send per post: sending again
 * only reaches those who have not had it (each recipient's email carries the dedupe key
 * newsletter:<sendId>:<subscriberId>), so nobody is mailed twice.
 */
export async function sendIssue(db: Database, actor: AuditActor, postId: number) {
  const post = await publishedPost(db, postId);
  const [tested] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, "newsletter.test"), eq(auditLog.targetId, String(post.id)), gte(auditLog.createdAt, post.lastModified)))
    .limit(1);
  if (!tested) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "Send a test to yourself first (and again after any edit), then send to subscribers.");
  }

  let [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).orderBy(asc(newsletterSends.id)).limit(1);
  send ??= (await db.insert(newsletterSends).values({ postId: post.id, sentById: actor.id }).returning())[0];
  if (!send) throw new DomainError("INTERNAL_SERVER_ERROR", "The send could not be recorded.");

  const prefix = `newsletter:${send.id}:`;
  const sentKeys = new Set(
    (
      await db
        .select({ key: emailOutbox.dedupeKey })
        .from(emailOutbox)
        .where(ilike(emailOutbox.dedupeKey, `${prefix}%`))
    ).map((r) => r.key),
  );
  const recipients = await db.select().from(emailSubscribers).where(receives()).orderBy(asc(emailSubscribers.id));
  let queued = 0;
  for (const r of recipients) {
    const dedupeKey = `${prefix}${r.id}`;
    if (sentKeys.has(dedupeKey)) continue;
    // Keep the stored hash in step with the link (e.g. rows imported without one).
    const expected = hashToken(unsubscribeToken(r.id));
    if (r.unsubscribeTokenHash !== expected) {
      await db.update(emailSubscribers).set({ unsubscribeTokenHash: expected }).where(eq(emailSubscribers.id, r.id));
    }
    const mail = await issueFor(post, r.id);
    await sendEmail(db, { kind: "newsletter", to: r.email, ...mail, dedupeKey }, { immediate: false });
    queued += 1;
  }
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(ilike(emailOutbox.dedupeKey, `${prefix}%`))
    )[0]?.n ?? 0;
  await db.update(newsletterSends).set({ recipientCount: total, completedAt: new Date() }).where(eq(newsletterSends.id, send.id));
  await recordAudit(db, actor, "newsletter.send", {
    type: "blog_post",
    id: post.id,
    details: { sendId: send.id, queued, alreadySent: sentKeys.size },
  });
  // Deliver the first batch now; the outbox worker delivers the rest and retries failures.
  if (queued > 0) await deliverDueEmails(db, { limit: Math.min(queued, 100) });
  return { sendId: send.id, queued, alreadySent: sentKeys.size };
}
