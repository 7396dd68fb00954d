/**
 * The newsletter: double opt-in subscriptions (public) and the coach's subscriber list (sends in issues.ts).
 * A send goes through the email outbox with one dedupe key per recipient, so nobody is mailed twice.
 */
import { z } from "zod";
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, schema, sql, type Database } from "@coach/db";
import { newsletterConfirm, sendEmail } from "@coach/email";
import type { subscribeInput } from "@coach/validators/newsletter";
import { recordAudit, type AuditActor } from "../audit/record";
import { likePattern } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { enforceRateLimit } from "../shared/rate-limit";
import { newsletterRateKey } from "./account-data";
import { confirmUrl, hashToken, isConfirmTokenExpired, newConfirmToken, unsubscribeToken } from "./tokens";
import { toCsv } from "../shared/csv";
import { SUBSCRIBER_STATUSES, subscriber } from "./shapes";

export { SUBSCRIBER_STATUSES } from "./shapes";

const { emailSubscribers, emailOutbox } = schema;

export const SUBSCRIBE_MESSAGE = "Thank you for subscribing! Please check your inbox and confirm your subscription.";
const INVALID_LINK = "This link is invalid or has already been used. Please subscribe again from our website.";
const EXPIRED_LINK = "This confirmation link has expired. Please subscribe again from our website to receive a new one.";

/** Per address: limits how often anyone can make us mail one inbox. */
const PER_EMAIL_RULE = { name: "newsletter-email", limit: 3, windowSeconds: 24 * 60 * 60 };

type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

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
    await enforceRateLimit(db, newsletterRateKey(email), PER_EMAIL_RULE);
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

/**
 * Issues already queued for an address (a large send drains over minutes, a provider outage over
 * hours) must not reach it once it has left the list: the outbox delivers only pending rows, so
 * those are closed here, before the worker gets to them.
 */
async function cancelQueuedIssues(db: Database, email: string) {
  await db
    .update(emailOutbox)
    .set({ status: "failed", lastError: "Not sent: the subscriber left the list before delivery." })
    .where(and(eq(emailOutbox.kind, "newsletter"), eq(emailOutbox.status, "pending"), sql`lower(${emailOutbox.to}) = lower(${email})`));
}

/** One-click unsubscribe; repeating it is harmless. */
export async function unsubscribe(db: Database, token: string) {
  const [row] = await db
    .update(emailSubscribers)
    .set({ isActive: false, unsubscribedAt: sql`coalesce(${emailSubscribers.unsubscribedAt}, now())` })
    .where(eq(emailSubscribers.unsubscribeTokenHash, hashToken(token)))
    .returning({ email: emailSubscribers.email });
  if (!row) throw new DomainError("NOT_FOUND", INVALID_LINK);
  await cancelQueuedIssues(db, row.email);
  return { success: true as const };
}

// --- The coach ---

/** Who receives a newsletter: confirmed and still active. */
export const receives = () => and(eq(emailSubscribers.isActive, true), isNotNull(emailSubscribers.confirmedAt));

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
  await cancelQueuedIssues(db, row.email);
  await recordAudit(db, actor, "newsletter.deactivate", { type: "email_subscriber", id });
  return { success: true as const };
}

/**
 * Deleting is how the coach honours a request to erase a subscription (the privacy page), so the
 * newsletter's emails to that address (its confirmation, with the name; its issues, one still
 * queued included) go too: nothing else ever removes them.
 */
export async function deleteSubscriber(db: Database, actor: AuditActor, id: number) {
  const [row] = await db.delete(emailSubscribers).where(eq(emailSubscribers.id, id)).returning({ email: emailSubscribers.email });
  if (!row) throw new DomainError("NOT_FOUND", SUBSCRIBER_GONE);
  await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.kind, ["newsletter", "newsletter-confirm"]), sql`lower(${emailOutbox.to}) = lower(${row.email})`));
  await recordAudit(db, actor, "newsletter.delete", { type: "email_subscriber", id });
  return { success: true as const };
}

/** All subscribers as CSV (email, names, status, dates); formulas are escaped for spreadsheets. */
export async function exportSubscribers(db: Database, actor: AuditActor) {
  const rows = await db.select().from(emailSubscribers).orderBy(asc(emailSubscribers.id));
  const csv = toCsv(
    ["email", "first_name", "last_name", "status", "subscribed_at", "confirmed_at", "unsubscribed_at"],
    rows.map((r) => ({
      email: r.email,
      first_name: r.firstName ?? "",
      last_name: r.lastName ?? "",
      status: statusOf(r),
      subscribed_at: r.createdAt.toISOString(),
      confirmed_at: r.confirmedAt?.toISOString() ?? "",
      unsubscribed_at: r.unsubscribedAt?.toISOString() ?? "",
    })),
  );
  await recordAudit(db, actor, "newsletter.export", { type: "email_subscriber", details: { count: rows.length } });
  return { filename: `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv, count: rows.length };
}
