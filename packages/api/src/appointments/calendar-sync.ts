/**
 * Two-way calendar: changes the coach makes in Google Calendar come back to the bookings. An
 * incremental sync (events.list with the stored sync token; 410 Gone → a full sync) runs on a short
 * schedule, and Google's push notifications (google/watch.ts) trigger one early when APP_URL is
 * public https. A moved event moves the booking (the client is emailed the new time); a deleted one
 * cancels it as the coach's cancellation, money included; a move onto another booking is not applied
 * but flagged on the booking for the coach (syncConflict). One instance at a time syncs: a run takes a claim stored in app_settings.
 */
import { and, eq, ne, pgErrorCode, schema, sql, type Database } from "@coach/db";
import { lockCalendar, retryOnDeadlock } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { startPeriodicJob } from "../shared/periodic";
import type { TaskQueue } from "../shared/tasks";
import { afterCancellation } from "../payments/cancellation";
import { cancelLocked } from "./changes";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { sendCancellationEmails, sendRescheduleEmails } from "./emails";
import { httpStatus, type ChangedEvent } from "./google/client";
import { withGoogleCalendar } from "./google/connection";
import { ensureWatchChannel, isOurNotification } from "./google/watch";

const SYNC_KEY = "google_calendar_sync";
const CLAIM_KEY = "google_calendar_sync_claim";
/** Longest a run may hold the claim (a few Google calls of at most 8 s each); then another instance may take it. */
const CLAIM_MS = 5 * 60_000;
/** Runs one claim may chain for notifications that came in meanwhile. */
const MAX_RERUNS = 3;
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
  // A session that has taken place is a record (attendance, the figures), no longer a booking to
  // change: the console refuses to cancel it once ended or move it once started (changes.ts), and
  // tidying old events in Google must not cancel it, move it or email the client about it either.
  const now = Date.now();

  if (event.status === "cancelled") {
    if (appt.endTime.getTime() <= now) return;
    // The coach deleted the event: a cancellation by the coach, with its money settled as one made in
    // the console is (inside the policy a credit comes back and a paid session is refunded; decision 50).
    const done = await retryOnDeadlock(() => db.transaction((tx) => cancelLocked(tx, appt.id, settings.policy.changeCutoffHours, null)));
    if (!done) return;
    const { canceled } = done;
    report.canceled++;
    await afterCancellation(db, done.followUp);
    await sendCancellationEmails(db, canceled, person, settings, canceled.clientTimeZone ?? undefined, { by: "You (in Google Calendar)" });
    return;
  }
  if (!event.start || !event.end) return;
  if (event.start.getTime() === appt.startTime.getTime() && event.end.getTime() === appt.endTime.getTime()) {
    // Back where the booking is (or never moved): any earlier conflict is resolved.
    if (appt.syncConflict) await db.update(appointments).set({ syncConflict: null }).where(eq(appointments.id, appt.id));
    return;
  }
  if (appt.startTime.getTime() <= now) return;
  try {
    const to = { start: event.start, end: event.end };
    // Queued with bookings and moves on the calendar's lock (decision 59).
    const [moved] = await db.transaction(async (tx) => {
      await lockCalendar(tx);
      return tx
        .update(appointments)
        .set({
          startTime: to.start,
          endTime: to.end,
          timeChosenAt: new Date(),
          icsSequence: sql`${appointments.icsSequence} + 1`,
          syncConflict: null,
        })
        .where(eq(appointments.id, appt.id))
        .returning();
    });
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

/**
 * The claim is one app_settings row: `until` (ms) while a run holds it, and two counters: `requests`
 * (notifications received) and `seen` (requests when the current run began). Counters, not times, so
 * instances with different clocks agree on whether a notification came after a run started.
 */
const counter = (field: "until" | "requests") => sql`coalesce((${appSettings.value}->>${field}::text)::bigint, 0)`;

async function ensureClaimRow(db: Database): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: CLAIM_KEY, value: { until: 0, requests: 0, seen: 0 } })
    .onConflictDoNothing();
}

/** Takes the claim unless a run elsewhere holds it (an UPDATE with a condition: two takers, one wins). */
async function takeClaim(db: Database, now: number): Promise<boolean> {
  const taken = await db
    .update(appSettings)
    .set({
      value: sql`${appSettings.value} || jsonb_build_object('until', ${now + CLAIM_MS}::bigint, 'seen', ${counter("requests")})`,
      updatedAt: new Date(),
    })
    .where(and(eq(appSettings.key, CLAIM_KEY), sql`${counter("until")} < ${now}::bigint`))
    .returning({ key: appSettings.key });
  return taken.length > 0;
}

/** Releases the claim; true when a notification arrived after the run began (another run is due). */
async function releaseClaim(db: Database): Promise<boolean> {
  const [row] = await db
    .update(appSettings)
    .set({ value: sql`${appSettings.value} || jsonb_build_object('until', 0)`, updatedAt: new Date() })
    .where(eq(appSettings.key, CLAIM_KEY))
    .returning({ value: appSettings.value });
  return Number(row?.value.requests ?? 0) > Number(row?.value.seen ?? 0);
}

/**
 * Runs `job` while holding the claim, again (up to MAX_RERUNS) when notifications came in meanwhile.
 * Answers the last run's result, or undefined when another instance holds the claim (that run, or
 * the one it chains, covers whatever was requested).
 */
export async function withCalendarClaim<T>(db: Database, job: () => Promise<T>): Promise<T | undefined> {
  await ensureClaimRow(db);
  let result: T | undefined;
  for (let run = 0; run <= MAX_RERUNS; run++) {
    if (!(await takeClaim(db, Date.now()))) return result;
    let again = false;
    try {
      result = await job();
    } finally {
      again = await releaseClaim(db);
    }
    if (!again) break;
  }
  return result;
}

/** A push notification came in: count it, then sync unless a run elsewhere holds the claim (it will run again). */
export async function syncOnNotification(db: Database): Promise<SyncReport | null | undefined> {
  await ensureClaimRow(db);
  await db
    .update(appSettings)
    .set({ value: sql`${appSettings.value} || jsonb_build_object('requests', ${counter("requests")} + 1)`, updatedAt: new Date() })
    .where(eq(appSettings.key, CLAIM_KEY));
  return withCalendarClaim(db, () => syncGoogleCalendar(db));
}

const NOTIFIED_SYNC = "google calendar sync (notified)";

/**
 * Google's POST to the notification address: checked against the stored channel (id, token,
 * resource id), answered at once; the sync runs after the answer. A wrong one is refused (403) and
 * changes nothing.
 */
export async function receiveCalendarNotification(db: Database, headers: Headers, tasks: TaskQueue, requestId?: string) {
  const ours = await isOurNotification(db, {
    channelId: headers.get("x-goog-channel-id"),
    token: headers.get("x-goog-channel-token"),
    resourceId: headers.get("x-goog-resource-id"),
  });
  if (!ours) throw new DomainError("FORBIDDEN", "This is not a notification channel of this site.");
  // "sync" only confirms a new channel; "exists" and "not_exists" say something changed. A sync
  // already waiting in this process's queue covers this change too.
  if (headers.get("x-goog-resource-state") !== "sync" && !tasks.pending().includes(NOTIFIED_SYNC)) {
    tasks.enqueue({
      name: NOTIFIED_SYNC,
      requestId,
      run: async () => {
        await syncOnNotification(db);
      },
    });
  }
  return { received: true as const };
}

/** The scheduled run: keep the push channel registered and renewed (`now` decides which is due), then sync. */
export async function calendarJob(db: Database, now = Date.now()) {
  return withCalendarClaim(db, async () => {
    const watch = await ensureWatchChannel(db, now);
    return { watch, sync: await syncGoogleCalendar(db) };
  });
}

/** Runs calendarJob every `intervalMs` (default 2 minutes) until the returned function is called (shared/periodic.ts). */
export function startCalendarSyncWorker(getDb: () => Database | Promise<Database>, { intervalMs = 2 * 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("calendar sync", getDb, (db) => calendarJob(db), { intervalMs, firstDelayMs: 10_000 });
}
