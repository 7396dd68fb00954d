/**
 * The action-item reminder: one email on the due date (from 08:00 in the coach's time zone), through
 * the outbox. A worker claims due items by setting `reminderSentAt` in a transaction that selected
 * them FOR UPDATE SKIP LOCKED, and the email carries the dedupe key `action-item-reminder:{id}`:
 * however many instances run, each item is reminded once. An item whose due day has already passed
 * when it is claimed (a worker was down for days, or it was created overdue) is claimed without an
 * email: "due today" would be wrong, and the coach sees it among the overdue items instead.
 *
 * The same periodic job erases the address of delivered account-deletion confirmations
 * (account-service.ts), so that address is kept only until the last email to it has gone.
 */
import { appUrl } from "@coach/config";
import { and, asc, inArray, isNull, lte, schema, sql, type Database } from "@coach/db";
import { actionItemReminder, sendEmail } from "@coach/email";
import { localDateKey } from "@coach/scheduling";
import { loadAvailability } from "../../appointments/availability";
import { log } from "../../shared/logger";
import { startPeriodicJob } from "../../shared/periodic";
import { displayName } from "../../users/service";

const { actionItems, users } = schema;

/** Reminders go from this hour of the due day (coach's time zone), not at midnight. */
export const REMINDER_HOUR = 8;

export interface ActionItemReminderReport {
  claimed: number;
  queued: number;
}

const longDay = (key: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${key}T00:00:00Z`),
  );

export async function sendDueActionItemReminders(
  db: Database,
  options: { now?: Date; limit?: number } = {},
): Promise<ActionItemReminderReport> {
  const now = options.now ?? new Date();
  const { timeZone } = await loadAvailability(db);
  // The reminder day starts at 08:00 local: shift the clock back 8 hours and take the local date.
  const reminderDay = localDateKey(now.getTime() - REMINDER_HOUR * 3_600_000, timeZone);

  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: actionItems.id })
      .from(actionItems)
      .where(and(isNull(actionItems.reminderSentAt), isNull(actionItems.doneAt), lte(actionItems.dueDate, sql`${reminderDay}::date`)))
      .orderBy(asc(actionItems.dueDate), asc(actionItems.id))
      .limit(options.limit ?? 50)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(actionItems)
      .set({ reminderSentAt: now })
      .where(
        and(
          inArray(
            actionItems.id,
            due.map((d) => d.id),
          ),
          isNull(actionItems.reminderSentAt),
        ),
      )
      .returning({ id: actionItems.id, userId: actionItems.userId, text: actionItems.text, dueDate: actionItems.dueDate });
  });
  const today = claimed.filter((item) => item.dueDate && item.dueDate.toISOString().slice(0, 10) === reminderDay);
  if (today.length === 0) return { claimed: claimed.length, queued: 0 };

  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(
      inArray(
        users.id,
        today.map((i) => i.userId),
      ),
    );
  let queued = 0;
  for (const item of today) {
    const person = people.find((p) => p.id === item.userId);
    if (!person) continue;
    try {
      const mail = await actionItemReminder({
        name: displayName(person),
        text: item.text,
        due: longDay(reminderDay),
        portalUrl: `${appUrl()}/my-coaching`,
      });
      await sendEmail(db, { kind: "action-item-reminder", to: person.email, ...mail, dedupeKey: `action-item-reminder:${item.id}` });
      queued++;
    } catch (error) {
      // The claim stays: a reminder is a courtesy, and sending it twice is worse than missing it.
      log("error", "action item reminder could not be queued", { actionItemId: item.id, error });
    }
  }
  return { claimed: claimed.length, queued };
}

/** One run of the coaching job: the due action-item reminders. */
export async function runCoachingJobs(db: Database, options: { now?: Date } = {}) {
  const reminders = await sendDueActionItemReminders(db, options);
  return { reminders };
}

/** Runs the coaching job every `intervalMs` (default 5 minutes) until the returned function is called. */
export function startCoachingWorker(getDb: () => Database | Promise<Database>, { intervalMs = 5 * 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("coaching reminders", getDb, (db) => runCoachingJobs(db), { intervalMs, firstDelayMs: 7_000 });
}
