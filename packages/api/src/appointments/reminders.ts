/**
 * Reminder emails 24 hours before each appointment. Workers claim due appointments with
 * FOR UPDATE SKIP LOCKED and stamp reminderSentAt in the same transaction, so any number of
 * server instances can run this and each appointment is reminded once. The email itself goes
 * through the outbox (with a dedupe key), so a delivery failure is retried there.
 */
import { and, asc, eq, gt, inArray, isNull, lte, schema, type Database } from "@coach/db";
import { startPeriodicJob } from "../shared/periodic";
import { loadAvailability } from "./availability";
import { sendReminderEmail } from "./emails";

export const REMINDER_LEAD_MS = 24 * 3_600_000;

export interface ReminderReport {
  claimed: number;
  queued: number;
}

export async function sendDueReminders(db: Database, options: { now?: Date; limit?: number } = {}): Promise<ReminderReport> {
  const now = options.now ?? new Date();
  const { appointments, users } = schema;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.status, "scheduled"),
          isNull(appointments.reminderSentAt),
          gt(appointments.startTime, now),
          lte(appointments.startTime, new Date(now.getTime() + REMINDER_LEAD_MS)),
        ),
      )
      .orderBy(asc(appointments.startTime))
      .limit(options.limit ?? 50)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(appointments)
      .set({ reminderSentAt: now })
      .where(inArray(appointments.id, due.map((d) => d.id)))
      .returning();
  });
  if (claimed.length === 0) return { claimed: 0, queued: 0 };

  const settings = await loadAvailability(db);
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((a) => a.userId))]));
  let queued = 0;
  for (const appt of claimed) {
    const person = people.find((p) => p.id === appt.userId);
    if (!person) continue;
    if (await sendReminderEmail(db, appt, person, settings)) queued++;
  }
  return { claimed: claimed.length, queued };
}

/** Sends due reminders every `intervalMs` (default 5 minutes) until the returned function is called. */
export function startReminderWorker(getDb: () => Database | Promise<Database>, { intervalMs = 5 * 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("reminder", getDb, (db) => sendDueReminders(db), { intervalMs, firstDelayMs: 5_000 });
}
