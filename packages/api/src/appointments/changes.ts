/**
 * Changes to a booked appointment: canceling and moving it, by the client within the policy or by
 * the coach. Google Calendar and the emails follow, never blocking the change.
 */
import { and, eq, ne, pgErrorCode, schema, sql, type Database } from "@coach/db";
import { checkBookable } from "@coach/scheduling";
import type { SessionUser } from "@coach/auth";
import { lockCalendar, retryOnDeadlock, type Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { publicColumns } from "./booking";
import { sendCancellationEmails, sendRescheduleEmails } from "./emails";
import { withGoogleCalendar } from "./google/connection";
import { assertClientMayChange } from "./policy";
import { assertClearOfBookingsLocked, assertSlot, busyTimes, SLOT_TAKEN_MESSAGE } from "./slots";
import { afterCancellation, settleCancellation } from "../payments/cancellation";

const { appointments } = schema;

/** Someone else's appointment answers exactly like a missing one (404); the coach reaches every one. */
async function liveAppointmentFor(db: Database, actor: SessionUser, id: number) {
  const [row] = await db
    .select({ appointment: appointments, client: schema.users })
    .from(appointments)
    .innerJoin(schema.users, eq(schema.users.id, appointments.userId))
    .where(
      and(
        eq(appointments.id, id),
        ne(appointments.status, "canceled"),
        actor.role === "admin" ? undefined : eq(appointments.userId, actor.id),
      ),
    );
  if (!row) throw new DomainError("NOT_FOUND", "Appointment not found.");
  return row;
}

export interface ChangeRequest {
  id: number;
  timeZone?: string;
  /** The client's reason, or the coach's message to the client. */
  reason?: string;
}

/**
 * Cancels the appointment and settles its money in one transaction, on the row as it is now (locked),
 * not as it was read before: a hold whose payment was confirmed a moment ago is refunded as a paid
 * booking, not ended as an unpaid hold with the money kept. Null when it is already canceled.
 */
export async function cancelLocked(tx: Transaction, id: number, cutoffHours: number, requestedBy: number | null) {
  const [was] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), ne(appointments.status, "canceled")))
    .for("update");
  if (!was) return null;
  const [canceled] = await tx
    .update(appointments)
    .set({ status: "canceled", holdExpiresAt: null, icsSequence: sql`${appointments.icsSequence} + 1` })
    .where(eq(appointments.id, id))
    .returning();
  return { was, canceled: canceled!, followUp: await settleCancellation(tx, was, cutoffHours, requestedBy) };
}

/** Cancels an upcoming appointment: the client's own within the policy, or any as the coach. */
export async function cancel(db: Database, user: SessionUser, input: ChangeRequest, requestId?: string) {
  const { appointment: existing, client } = await liveAppointmentFor(db, user, input.id);
  if (existing.endTime.getTime() <= Date.now()) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "This appointment has already taken place and can no longer be canceled.");
  }
  const byCoach = user.role === "admin";
  const settings = await loadAvailability(db);
  if (!byCoach) await assertClientMayChange(db, settings.policy, "cancel", existing, input.reason);
  // The booking and its money change together: a credit comes back (inside the policy) in the same commit.
  const done = await retryOnDeadlock(() =>
    db.transaction((tx) => cancelLocked(tx, existing.id, settings.policy.changeCutoffHours, user.id)),
  );
  if (!done) throw new DomainError("NOT_FOUND", "Appointment not found.");
  const { canceled, followUp, was } = done;
  await afterCancellation(db, followUp);
  // A hold never confirmed was never announced: no calendar event, no cancellation emails.
  if (was.status === "awaiting_payment") return { success: true as const };

  if (canceled.googleEventId) {
    const eventId = canceled.googleEventId;
    await withGoogleCalendar(db, "delete event", (api) => api.deleteEvent(eventId));
  }
  const by = byCoach && client.id !== user.id ? "You" : undefined;
  await sendCancellationEmails(
    db,
    canceled,
    { email: client.email, name: displayName(client) },
    settings,
    input.timeZone ?? canceled.clientTimeZone ?? undefined,
    {
      by,
      message: input.reason?.trim() || null,
    },
  );
  log("info", "appointment canceled", { requestId, appointmentId: canceled.id, byCoach });
  return { success: true as const };
}

/**
 * Moves an upcoming appointment to a new slot under the same rules as booking (the exclusion
 * constraint keeps one booking per slot however many requests race). The Google event is patched,
 * not recreated, and both sides get the invitation again with a higher SEQUENCE.
 */
export async function reschedule(
  db: Database,
  user: SessionUser,
  input: ChangeRequest & { startTime: Date; endTime: Date },
  requestId?: string,
) {
  const { appointment: existing, client } = await liveAppointmentFor(db, user, input.id);
  if (existing.startTime.getTime() <= Date.now()) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "This appointment has already started and can no longer be rescheduled.");
  }
  const byCoach = user.role === "admin";
  const settings = await loadAvailability(db);
  if (!byCoach) await assertClientMayChange(db, settings.policy, "reschedule", existing, input.reason);
  const start = input.startTime;
  const end = input.endTime;
  const busy = await busyTimes(db, start, end, settings, { id: existing.id, start: existing.startTime, end: existing.endTime });
  assertSlot(checkBookable({ settings, appointmentType: existing.appointmentType, start, end, now: new Date(), busy }), byCoach);

  let moved;
  try {
    [moved] = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // Moves queue with bookings rather than tangle on the no-overlap constraint (lockCalendar).
        await lockCalendar(tx);
        await assertClearOfBookingsLocked(tx, start, end, settings.bufferMinutes, existing.id);
        return (
          tx
            .update(appointments)
            .set({
              startTime: start,
              endTime: end,
              rescheduleCount: sql`${appointments.rescheduleCount} + 1`,
              timeChosenAt: new Date(),
              icsSequence: sql`${appointments.icsSequence} + 1`,
              syncConflict: null,
              attendance: null,
            })
            // Two moves of one booking at once: only the first applies (the second sees a changed count).
            .where(
              and(
                eq(appointments.id, existing.id),
                eq(appointments.status, "scheduled"),
                eq(appointments.rescheduleCount, existing.rescheduleCount),
              ),
            )
            .returning()
        );
      }),
    );
  } catch (error) {
    if (pgErrorCode(error) === "23P01") throw new DomainError("CONFLICT", SLOT_TAKEN_MESSAGE, { cause: error });
    throw error;
  }
  if (!moved) throw new DomainError("CONFLICT", "This appointment was changed meanwhile. Reload and try again.");

  if (moved.googleEventId) {
    const eventId = moved.googleEventId;
    await withGoogleCalendar(db, "move event", (api) => api.moveEvent(eventId, { start, end }));
  }
  const person = { email: client.email, name: displayName(client) };
  await sendRescheduleEmails(
    db,
    moved,
    existing.startTime,
    person,
    settings,
    input.timeZone ?? moved.clientTimeZone ?? undefined,
    input.reason?.trim() || null,
  );
  log("info", "appointment rescheduled", { requestId, appointmentId: moved.id, byCoach });
  return (await db.select(publicColumns).from(appointments).where(eq(appointments.id, moved.id)))[0]!;
}
