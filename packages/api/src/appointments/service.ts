/**
 * Booking: the slots a client can choose, their appointments, booking and canceling. Google Calendar
 * (busy times, events) and the emails are side effects that never block a booking.
 */
import { and, asc, count, desc, eq, gt, lt, ne, pgErrorCode, schema, sql, type Database } from "@coach/db";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES, type AppointmentType } from "@coach/db/enums";
import { z } from "zod";
import {
  APPOINTMENT_TYPE_LABELS,
  checkBookable,
  computeAvailableSlots,
  withTitlePrefix,
  type AvailabilitySettings,
  type BookingCheck,
  type BusyInterval,
} from "@coach/scheduling";
import type { SessionUser } from "@coach/auth";
import { columnsOf, retryOnDeadlock } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { dateTime } from "../shared/schemas";
import { enforceRateLimit } from "../shared/rate-limit";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { answersText, sendBookingEmails, sendCancellationEmails, sendRescheduleEmails } from "./emails";
import { withGoogleCalendar } from "./google/connection";
import { resolveAnswers } from "./intake";
import { assertClientMayChange, assertUnderBookingCap } from "./policy";

const { appointments } = schema;

export const SLOT_TAKEN_MESSAGE = "That time is no longer available. Please choose another slot.";
const BOOKING_RATE = {
  name: "booking",
  limit: 20,
  windowSeconds: 3600,
  message: "Too many booking attempts. Please wait a while and try again.",
};

/** What a client sees of an appointment (never the Google event id or reminder bookkeeping). */
export const appointmentOutput = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  startTime: dateTime,
  endTime: dateTime,
  status: z.enum(APPOINTMENT_STATUSES),
  createdAt: dateTime,
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  rescheduleCount: z.number(),
  attendance: z.enum(ATTENDANCE_VALUES).nullable(),
});
const publicColumns = columnsOf(appointments, appointmentOutput);

/** Live appointments touching [from, to], padded by the buffer on both sides (one may be left out: the one being moved). */
async function bookedIntervals(db: Database, from: Date, to: Date, bufferMinutes: number, exceptId?: number): Promise<BusyInterval[]> {
  const pad = bufferMinutes * 60_000;
  return db
    .select({ start: appointments.startTime, end: appointments.endTime })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, "canceled"),
        lt(appointments.startTime, new Date(to.getTime() + pad)),
        gt(appointments.endTime, new Date(from.getTime() - pad)),
        exceptId === undefined ? undefined : ne(appointments.id, exceptId),
      ),
    )
    .orderBy(asc(appointments.startTime));
}

/**
 * Our appointments plus the coach's busy Google Calendar times (when connected and answering).
 * When moving a booking, its own event's block is not counted against it.
 */
async function busyTimes(
  db: Database,
  from: Date,
  to: Date,
  settings: AvailabilitySettings,
  moving?: { id: number; start: Date; end: Date },
): Promise<BusyInterval[]> {
  const pad = settings.bufferMinutes * 60_000;
  const [booked, google] = await Promise.all([
    bookedIntervals(db, from, to, settings.bufferMinutes, moving?.id),
    withGoogleCalendar(db, "freebusy", (api) => api.busy(new Date(from.getTime() - pad), new Date(to.getTime() + pad))),
  ]);
  const own = (b: BusyInterval) => !!moving && b.start.getTime() === moving.start.getTime() && b.end.getTime() === moving.end.getTime();
  return google ? [...booked, ...google.filter((b) => !own(b))] : booked;
}

/** Without an explicit type, the length tells which one was booked (the spec's client does not send it). */
function typeForLength(settings: AvailabilitySettings, minutes: number): AppointmentType {
  return APPOINTMENT_TYPES.find((t) => settings.durations[t] === minutes) ?? "consultation";
}

/** The types a client can book, with their labels, lengths and intake questions. */
function typeList(settings: AvailabilitySettings) {
  return APPOINTMENT_TYPES.map((value) => ({
    value,
    label: APPOINTMENT_TYPE_LABELS[value],
    minutes: settings.durations[value],
    questions: settings.intakeQuestions[value],
  }));
}

export async function appointmentTypes(db: Database) {
  return typeList(await loadAvailability(db));
}

/** What the booking page needs to draw its choices: types with their lengths and questions, the horizon, the policy. */
export async function bookingOptions(db: Database) {
  const settings = await loadAvailability(db);
  return {
    types: typeList(settings),
    coachTimeZone: settings.timeZone,
    maxDaysAhead: settings.maxDaysAhead,
    daysOff: settings.daysOff,
    policy: settings.policy,
  };
}

export async function availableSlots(db: Database, input: { startDate: Date; endDate: Date; appointmentType: AppointmentType }) {
  const settings = await loadAvailability(db);
  const busy = await busyTimes(db, input.startDate, input.endDate, settings);
  return computeAvailableSlots({
    settings,
    appointmentType: input.appointmentType,
    from: input.startDate,
    to: input.endDate,
    now: new Date(),
    busy,
  });
}

/** The client's live appointments, newest first. */
export async function myAppointments(db: Database, userId: number) {
  return db
    .select(publicColumns)
    .from(appointments)
    .where(and(eq(appointments.userId, userId), ne(appointments.status, "canceled")))
    .orderBy(desc(appointments.startTime), desc(appointments.id));
}

export interface BookingRequest {
  title: string;
  description?: string;
  startTime: Date;
  endTime: Date;
  appointmentType?: AppointmentType;
  timeZone?: string;
  /** Answers to the type's intake questions; when given, required questions must be answered. */
  answers?: Array<{ questionId: string; answer: string }>;
}

/** The coach is held to the calendar (no overlap, the right length, not in the past) but not to hours, notice or horizon. */
const COACH_MAY_OVERRIDE = new Set(["NOTICE", "TOO_FAR", "OUTSIDE_HOURS", "DAY_OFF", "WEEKEND"]);

function assertSlot(verdict: BookingCheck, byCoach: boolean, allowPast = false) {
  if (verdict.ok || (byCoach && COACH_MAY_OVERRIDE.has(verdict.code)) || (allowPast && verdict.code === "PAST")) return;
  throw new DomainError(verdict.code === "CONFLICT" ? "CONFLICT" : "UNPROCESSABLE_CONTENT", verdict.message);
}

async function upcomingCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.status, "scheduled"), gt(appointments.startTime, new Date())));
  return row?.n ?? 0;
}

type Client = Pick<SessionUser, "id" | "email" | "firstName" | "lastName" | "username">;

/** A client's booking: slot rules, their upcoming-bookings cap and the intake answers. */
export async function book(db: Database, user: SessionUser, input: BookingRequest, requestId?: string) {
  await enforceRateLimit(db, `${BOOKING_RATE.name}:user:${user.id}`, BOOKING_RATE);
  return createBooking(db, user, input, { byCoach: user.role === "admin", requestId });
}

/**
 * The coach books for a client (policies do not apply; the calendar does). She may also record a
 * session that already took place (e.g. arranged by phone), so its attendance can be kept.
 */
export async function bookForClient(db: Database, input: BookingRequest & { userId: number }, requestId?: string) {
  const [client] = await db.select().from(schema.users).where(eq(schema.users.id, input.userId));
  if (!client) throw new DomainError("NOT_FOUND", "That client no longer exists. Refresh the list.");
  return createBooking(db, client, input, { byCoach: true, allowPast: true, requestId });
}

async function createBooking(
  db: Database,
  user: Client,
  input: BookingRequest,
  options: { byCoach: boolean; allowPast?: boolean; requestId?: string },
) {
  const settings = await loadAvailability(db);
  const start = input.startTime;
  const end = input.endTime;
  const busy = await busyTimes(db, start, end, settings);
  assertSlot(
    checkBookable({ settings, appointmentType: input.appointmentType, start, end, now: new Date(), busy }),
    options.byCoach,
    options.allowPast,
  );
  const type = input.appointmentType ?? typeForLength(settings, (end.getTime() - start.getTime()) / 60_000);
  // The spec's payload carries no answers and still books; the booking dialog always sends them.
  const answers = input.answers ? resolveAnswers(settings.intakeQuestions[type], input.answers) : [];
  const name = displayName(user);
  const title = input.appointmentType ? withTitlePrefix(type, name, input.title) : input.title;

  let created;
  try {
    created = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        if (!options.byCoach) {
          // One client's bookings are counted and inserted one at a time: the lock on their user row
          // (NO KEY UPDATE, so other rows may still reference the user) holds until commit, so
          // simultaneous bookings cannot all see the count below the cap.
          const [locked] = await tx
            .select({ id: schema.users.id })
            .from(schema.users)
            .where(eq(schema.users.id, user.id))
            .for("no key update");
          if (!locked) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
          await assertUnderBookingCap(tx, settings.policy, await upcomingCount(tx, user.id));
        }
        const [row] = await tx
          .insert(appointments)
          .values({
            userId: user.id,
            title,
            description: input.description ?? null,
            appointmentType: type,
            startTime: start,
            endTime: end,
            status: "scheduled",
            answers,
            clientTimeZone: input.timeZone ?? null,
          })
          .returning(publicColumns);
        return row;
      }),
    );
  } catch (error) {
    // Another booking of the same time committed first: the exclusion constraint refused this one.
    if (pgErrorCode(error) === "23P01") throw new DomainError("CONFLICT", SLOT_TAKEN_MESSAGE, { cause: error });
    throw error;
  }
  if (!created) throw new Error("insert returned nothing");

  const client = { email: user.email, name };
  const appointmentId = created.id;
  const event = await withGoogleCalendar(db, "create event", (api) =>
    api.createEvent({
      appointmentId,
      summary: title,
      description: eventDescription(input.description ?? null, answers, client),
      start,
      end,
      attendee: client,
    }),
  );
  if (event) await db.update(appointments).set({ googleEventId: event.id }).where(eq(appointments.id, created.id));

  await sendBookingEmails(db, { ...created, answers }, client, settings, input.timeZone, event?.meetLink);
  log("info", "appointment booked", { requestId: options.requestId, appointmentId: created.id, google: !!event, byCoach: options.byCoach });
  return created;
}

function eventDescription(notes: string | null, answers: Parameters<typeof answersText>[0], client: { name: string; email: string }) {
  return [notes ?? "", answersText(answers), `Client: ${client.name} <${client.email}>`].filter(Boolean).join("\n\n");
}

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

/** Cancels an upcoming appointment: the client's own within the policy, or any as the coach. */
export async function cancel(db: Database, user: SessionUser, input: ChangeRequest, requestId?: string) {
  const { appointment: existing, client } = await liveAppointmentFor(db, user, input.id);
  if (existing.endTime.getTime() <= Date.now()) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "This appointment has already taken place and can no longer be canceled.");
  }
  const byCoach = user.role === "admin";
  const settings = await loadAvailability(db);
  if (!byCoach) await assertClientMayChange(db, settings.policy, "cancel", existing, input.reason);
  const [canceled] = await db
    .update(appointments)
    .set({ status: "canceled", icsSequence: sql`${appointments.icsSequence} + 1` })
    .where(and(eq(appointments.id, existing.id), ne(appointments.status, "canceled")))
    .returning();
  if (!canceled) throw new DomainError("NOT_FOUND", "Appointment not found.");

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
      db
        .update(appointments)
        .set({
          startTime: start,
          endTime: end,
          rescheduleCount: sql`${appointments.rescheduleCount} + 1`,
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
        .returning(),
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
