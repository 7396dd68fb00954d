/**
 * Mailing one newsletter to every confirmed, active subscriber through the outbox, once each: every
 * recipient's email carries the dedupe key `<prefix><subscriberId>`, so sending again reaches only
 * those who have not had it. Used for a post sent as an issue (issues.ts) and for an issue written
 * in the console (letters.ts).
 */
import { asc, eq, ilike, schema, sql, type Database } from "@coach/db";
import { deliverDueEmails, sendEmail, type RenderedEmail } from "@coach/email";
import { receives } from "./service";
import { hashToken, unsubscribeToken } from "./tokens";

const { emailSubscribers, emailOutbox } = schema;

export async function mailEverySubscriber(
  db: Database,
  prefix: string,
  render: (subscriberId: number) => Promise<RenderedEmail & { headers: Record<string, string> }>,
): Promise<{ queued: number; alreadySent: number; total: number }> {
  const sent = new Set(
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
    if (sent.has(dedupeKey)) continue;
    // Keep the stored hash in step with the link (e.g. rows imported without one).
    const expected = hashToken(unsubscribeToken(r.id));
    if (r.unsubscribeTokenHash !== expected) {
      await db.update(emailSubscribers).set({ unsubscribeTokenHash: expected }).where(eq(emailSubscribers.id, r.id));
    }
    const mail = await render(r.id);
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
  // Deliver the first batch now; the outbox worker delivers the rest and retries failures.
  if (queued > 0) await deliverDueEmails(db, { limit: Math.min(queued, 100) });
  return { queued, alreadySent: sent.size, total };
}
