/**
 * The privacy page's promise that contact messages are kept for up to two years: older messages,
 * the coach's notification email that carried each one (outbox row `contact:{id}`) and her answers
 * by email, which quote the message (outbox rows `contact-reply:{replyId}`), are deleted.
 */
import { inArray, lt, schema, sql, type Database } from "@coach/db";
import { log } from "../shared/logger";
import { startPeriodicJob } from "../shared/periodic";

/** How long a contact message is kept (stated on /privacy). */
export const CONTACT_MESSAGE_RETENTION_YEARS = 2;

/** The moment before which a message has been kept long enough. */
export function contactRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CONTACT_MESSAGE_RETENTION_YEARS);
  return cutoff;
}

/** Deletes the messages older than the retention period and the emails that carried them; answers how many messages went. */
export async function purgeExpiredContactMessages(db: Database, now = new Date()): Promise<number> {
  const cutoff = contactRetentionCutoff(now);
  const { contactMessages, contactReplies, emailOutbox } = schema;
  const removed = await db.transaction(async (tx) => {
    // The emails first, found through the messages they belong to (one statement each however many
    // expire): the replies themselves go with their message (cascade), so their emails must go now.
    const expiredIds = tx.select({ id: contactMessages.id }).from(contactMessages).where(lt(contactMessages.createdAt, cutoff));
    const expiredKeys = tx
      .select({ key: sql<string>`'contact:' || ${contactMessages.id}` })
      .from(contactMessages)
      .where(lt(contactMessages.createdAt, cutoff));
    const expiredReplyKeys = tx
      .select({ key: sql<string>`'contact-reply:' || ${contactReplies.id}` })
      .from(contactReplies)
      .where(inArray(contactReplies.messageId, expiredIds));
    await tx.delete(emailOutbox).where(inArray(emailOutbox.dedupeKey, expiredKeys));
    await tx.delete(emailOutbox).where(inArray(emailOutbox.dedupeKey, expiredReplyKeys));
    const gone = await tx.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff)).returning({ id: contactMessages.id });
    return gone.length;
  });
  if (removed > 0) log("info", "expired contact messages deleted", { count: removed });
  return removed;
}

/** Runs the purge daily (and shortly after start) until the returned function is called. */
export function startContactRetentionWorker(
  getDb: () => Database | Promise<Database>,
  { intervalMs = 24 * 3_600_000 } = {},
): () => Promise<void> {
  return startPeriodicJob("contact retention", getDb, (db) => purgeExpiredContactMessages(db), { intervalMs, firstDelayMs: 90_000 });
}
