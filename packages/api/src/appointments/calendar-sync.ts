/**
 * Two-way calendar: changes the coach makes in Google Calendar come back to the bookings. An
 * incremental sync (events.list with the stored sync token; 410 Gone → a full sync) runs on a short
 * schedule, and a push channel can trigger it early when APP_URL is public https. A moved event
 * moves the booking (the client is emailed the new time); a deleted one cancels it; a move onto
 * another booking is not applied but flagged on the booking for the coach (syncConflict).
 */
import { and, eq, ne, pgErrorCode, schema, sql, type Database } from "@coach/db";
import { log } from "../shared/logger";
import { startPeriodicJob } from "../shared/periodic";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { sendCancellationEmails, sendRescheduleEmails } from "./emails";
import { httpStatus, type ChangedEvent } from "./google/client";
import { withGoogleCalendar } from "./google/connection";

const SYNC_KEY = "google_calendar_sync";
const { appointments, users, appSettings } = schema;

export interface SyncReport {
  moved: number;
  canceled: number;
  conflicts: number;
  fullSync: boolean;
}

async function readToken(db: Database): Promise<string | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SYNC_KEY));
  const token = (row?.value as { syncToken?: unknown } | undefined)?.syncToken;
  return typeof token === "string" ? token : null;
}

async function writeToken(db: Database, syncToken: string | null): Promise<void> {
  const value = { syncToken };
  await db
    .insert(appSettings)
    .values({ key: SYNC_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/** One sync run; null when Google is not connected or did not answer. */
export async function syncGoogleCalendar(db: Database): Promise<SyncReport | null> {
  const token = await readToken(db);
  const listed = await withGoogleCalendar(db, "sync events", async (api) => {
    try {
      return { ...(await api.changedEvents(token)), fullSync: token === null };
    } catch (error) {
      // The token expired: start over from a full list (our bookings are compared, so nothing is applied twice).
      if (httpStatus(error) === 410) return { ...(await api.changedEvents(null)), fullSync: true };
      throw error;
    }
  });
  if (!listed) return null;
  const report: SyncReport = { moved: 0, canceled: 0, conflicts: 0, fullSync: listed.fullSync };
  for (const event of listed.events) await applyChange(db, event, report);
  await writeToken(db, listed.nextSyncToken);
  if (report.moved || report.canceled || report.conflicts) log("info", "google calendar synced", { ...report });
  return report;
}

async function applyChange(db: Database, event: ChangedEvent, report: SyncReport): Promise<void> {
  const [row] = await db
    .select({ appointment: appointments, client: users })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(and(eq(appointments.googleEventId, event.id), ne(appointments.status, "canceled")));
  if (!row) return;
  const { appointment: appt, client } = row;
  const settings = await loadAvailability(db);
  const person = { email: client.email, name: displayName(client) };

  if (event.status === "cancelled") {
    const [canceled] = await db
      .update(appointments)
      .set({ status: "canceled", icsSequence: sql`${appointments.icsSequence} + 1` })
      .where(and(eq(appointments.id, appt.id), ne(appointments.status, "canceled")))
      .returning();
    if (!canceled) return;
    report.canceled++;
    await sendCancellationEmails(db, canceled, person, settings, canceled.clientTimeZone ?? undefined, { by: "You (in Google Calendar)" });
    return;
  }
  if (!event.start || !event.end) return;
  if (event.start.getTime() === appt.startTime.getTime() && event.end.getTime() === appt.endTime.getTime()) {
    // Back where the booking is (or never moved): any earlier conflict is resolved.
    if (appt.syncConflict) await db.update(appointments).set({ syncConflict: null }).where(eq(appointments.id, appt.id));
    return;
  }
  try {
    const [moved] = await db
      .update(appointments)
      .set({ startTime: event.start, endTime: event.end, icsSequence: sql`${appointments.icsSequence} + 1`, syncConflict: null })
      .where(eq(appointments.id, appt.id))
      .returning();
    if (!moved) return;
    report.moved++;
    await sendRescheduleEmails(db, moved, appt.startTime, person, settings, moved.clientTimeZone ?? undefined);
  } catch (error) {
    if (pgErrorCode(error) !== "23P01") throw error;
    report.conflicts++;
    const when = event.start.toISOString().replace("T", " ").slice(0, 16);
    await db
      .update(appointments)
      .set({
        syncConflict: `Moved in Google Calendar to ${when} UTC, which overlaps another booking. The booking kept its time; move it here or in Google.`,
      })
      .where(eq(appointments.id, appt.id));
  }
}

/** Syncs every `intervalMs` (default 2 minutes) until the returned function is called (shared/periodic.ts). */
export function startCalendarSyncWorker(getDb: () => Database | Promise<Database>, { intervalMs = 2 * 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("calendar sync", getDb, (db) => syncGoogleCalendar(db), { intervalMs, firstDelayMs: 10_000 });
}
