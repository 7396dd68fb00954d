/**
 * Reminder emails at the coach's lead times (default 24 hours and 1 hour before). Workers claim due
 * appointments with FOR UPDATE SKIP LOCKED and record each reminder in appointment_reminders, keyed
 * by appointment, lead time and start time, in the same transaction: any number of server instances
 * can run this, each reminder goes once, and a moved booking (new start) gets fresh reminders for the
 * lead times still ahead when it moved.
 * The email itself goes through the outbox (with a dedupe key), so a delivery failure is retried there.
 */
import { and, asc, eq, gt, inArray, lte, or, schema, sql, type Database } from "@coach/db";
import { startPeriodicJob } from "../shared/periodic";
import { loadAvailability } from "./availability";
import { sendReminderEmail } from "./emails";

export interface ReminderReport {
  /** Appointments reminded in this run. */
  claimed: number;
  queued: number;
}

export async function sendDueReminders(db: Database, options: { now?: Date; limit?: number } = {}): Promise<ReminderReport> {
  const now = options.now ?? new Date();
  const { appointments, appointmentReminders: sent, users } = schema;
  const settings = await loadAvailability(db);
  const offsets = settings.reminderMinutes;
  if (offsets.length === 0) return { claimed: 0, queued: 0 };
  const unsent = (minutes: number) =>
    and(
      lte(appointments.startTime, new Date(now.getTime() + minutes * 60_000)),
      sql`not exists (select 1 from ${sent} where ${sent.appointmentId} = ${appointments.id} and ${sent.offsetMinutes} = ${minutes} and ${sent.startTime} = ${appointments.startTime})`,
    );

  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.status, "scheduled"), gt(appointments.startTime, now), or(...offsets.map(unsent))))
      .orderBy(asc(appointments.startTime))
      .limit(options.limit ?? 50)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const reminded: Array<(typeof due)[number] & { offsetMinutes: number }> = [];
    for (const appt of due) {
      // Every lead time already reached is recorded; one email covers them (a worker that was down sends one, not three).
      const reached = offsets.filter((m) => appt.startTime.getTime() - m * 60_000 <= now.getTime());
      const rows = await tx
        .insert(sent)
        .values(reached.map((offsetMinutes) => ({ appointmentId: appt.id, offsetMinutes, startTime: appt.startTime, sentAt: now })))
        .onConflictDoNothing()
        .returning({ offsetMinutes: sent.offsetMinutes });
      // A lead time that had already passed when the time was chosen is skipped: the booking's confirmation,
      // or the move's email, just went out with the time in it (a move to within 24 hours sent both at once).
      const fresh = rows.filter((r) => appt.timeChosenAt.getTime() <= appt.startTime.getTime() - r.offsetMinutes * 60_000);
      if (fresh.length > 0) reminded.push({ ...appt, offsetMinutes: Math.min(...fresh.map((r) => r.offsetMinutes)) });
    }
    if (reminded.length > 0)
      await tx
        .update(appointments)
        .set({ reminderSentAt: now })
        .where(
          inArray(
            appointments.id,
            reminded.map((a) => a.id),
          ),
        );
    return reminded;
  });
  if (claimed.length === 0) return { claimed: 0, queued: 0 };

  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((a) => a.userId))]));
  let queued = 0;
  for (const appt of claimed) {
    const person = people.find((p) => p.id === appt.userId);
    if (!person) continue;
    const key = `${appt.id}:${appt.startTime.toISOString()}:${appt.offsetMinutes}`;
    if (await sendReminderEmail(db, appt, person, settings, key, appt.clientTimeZone ?? undefined)) queued++;
  }
  return { claimed: claimed.length, queued };
}

/** Sends due reminders every `intervalMs` (default 5 minutes) until the returned function is called. */
export function startReminderWorker(getDb: () => Database | Promise<Database>, { intervalMs = 5 * 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("reminder", getDb, (db) => sendDueReminders(db), { intervalMs, firstDelayMs: 5_000 });
}
