/**
 * Sending an article as a newsletter issue: a test to the coach, then the issue to every active
 * subscriber through the email outbox with one dedupe key per recipient, so nobody is mailed twice.
 */
import { appUrl } from "@coach/config";
import { and, asc, eq, gte, schema, sql, type Database } from "@coach/db";
import { newsletterIssue, sendEmail } from "@coach/email";
import { recordAudit, type AuditActor } from "../audit/record";
import { isPublished } from "../blog/reading";
import { DomainError } from "../shared/domain-error";
import { mailEverySubscriber } from "./fan-out";
import { unsubscribeUrl } from "./tokens";

const { newsletterSends, blogPosts, auditLog } = schema;

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

/** A copy of the issue to the coach's own address (or any one she names), required before the real send. */
export async function sendTestIssue(db: Database, actor: AuditActor & { email: string }, postId: number, to = actor.email) {
  const post = await publishedPost(db, postId);
  const mail = await issueFor(post, null);
  await sendEmail(db, { kind: "newsletter-test", to, ...mail, subject: `[Test] ${mail.subject}` });
  await recordAudit(db, actor, "newsletter.test", { type: "blog_post", id: post.id, details: { to } });
  return { to };
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

  // One send per post (a unique post id): a second click at the same moment finds the first's row.
  await db.insert(newsletterSends).values({ postId: post.id, sentById: actor.id }).onConflictDoNothing({ target: newsletterSends.postId });
  const [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.postId, post.id));
  if (!send) throw new DomainError("INTERNAL_SERVER_ERROR", "The send could not be recorded.");

  const { queued, alreadySent, total } = await mailEverySubscriber(db, `newsletter:${send.id}:`, (id) => issueFor(post, id));
  await db.update(newsletterSends).set({ recipientCount: total, completedAt: new Date() }).where(eq(newsletterSends.id, send.id));
  await recordAudit(db, actor, "newsletter.send", { type: "blog_post", id: post.id, details: { sendId: send.id, queued, alreadySent } });
  return { sendId: send.id, queued, alreadySent };
}
