/**
 * The payments' periodic work (issue 31), one worker per server process: release unpaid holds after
 * their 15 minutes, reconcile missed Stripe events, and remind clients once of credits about to expire.
 * Every step takes a clock (`now`) so tests drive it without waiting.
 */
import { and, eq, gt, isNull, lt, lte, schema, sql, type Database } from "@coach/db";
import { settings } from "@coach/config";
import { creditsExpiring, sendEmail } from "@coach/email";
import { CREDIT_REMINDER_DAYS, DAY_MS, paymentsEnabled } from "@coach/payments";
import { log } from "../shared/logger";
import { startPeriodicJob } from "../shared/periodic";
import { displayName } from "../users/service";
import { releaseExpiredHolds } from "./holds";
import { reconcileStripeEvents } from "./reconcile";

const TYPE_LABELS = { consultation: "Consultation", coaching: "Coaching", followup: "Follow-up" } as const;

/** Claims each grant with credits left that expires within 14 days, once (reminderSentAt), and mails its owner. */
export async function sendCreditExpiryReminders(db: Database, { now = new Date() } = {}): Promise<{ sent: number }> {
  const { creditGrants: g, users } = schema;
  const horizon = new Date(now.getTime() + CREDIT_REMINDER_DAYS * DAY_MS);
  const claimed = await db
    .update(g)
    .set({ reminderSentAt: now })
    .where(
      sql`${g.id} in (select ${g.id} from ${g} where ${and(isNull(g.reminderSentAt), lt(g.used, g.total), gt(g.expiresAt, now), lte(g.expiresAt, horizon))} for update skip locked)`,
    )
    .returning();
  let sent = 0;
  for (const grant of claimed) {
    const [person] = await db.select().from(users).where(eq(users.id, grant.userId));
    if (!person) continue;
    const mail = await creditsExpiring({
      name: displayName(person),
      remaining: grant.total - grant.used,
      typeLabel: TYPE_LABELS[grant.appointmentType],
      expiresOn: grant.expiresAt!.toISOString().slice(0, 10),
      bookUrl: `${settings().appUrl}/appointments`,
    });
    await sendEmail(db, { kind: "credits-expiring", to: person.email, ...mail, dedupeKey: `credits-expiring:${grant.id}` });
    sent++;
  }
  return { sent };
}

/**
 * Whether this process's last reconciliation failed. A Stripe outage is logged when it starts (warn)
 * and when it ends (info); the runs that fail in between log at debug, so an hour-long outage is
 * two lines in the log, not sixty.
 */
let reconciliationFailing = false;

export async function runPaymentJobs(db: Database, { now = new Date() } = {}) {
  if (!paymentsEnabled()) return;
  await releaseExpiredHolds(db, { now });
  await sendCreditExpiryReminders(db, { now });
  try {
    await reconcileStripeEvents(db, { now });
    if (reconciliationFailing) log("info", "stripe reconciliation works again");
    reconciliationFailing = false;
  } catch (error) {
    // Stripe unreachable: holds and reminders above still ran; the next run reconciles.
    log(reconciliationFailing ? "debug" : "warn", "stripe reconciliation failed; retrying every minute", { error });
    reconciliationFailing = true;
  }
}

/** Every minute, so a hold is released within a minute of its 15 minutes. */
export function startPaymentsWorker(getDb: () => Database | Promise<Database>, { intervalMs = 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("payments", getDb, (db) => runPaymentJobs(db), { intervalMs, firstDelayMs: 13_000 });
}
