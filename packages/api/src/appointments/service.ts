/**
 * Booking: the slots a client can choose, their appointments, booking and canceling. Google Calendar
 * (busy times, events) and the emails are side effects that never block a booking.
 */
import { and, asc, count, desc, eq, gt, lt, ne, pgErrorCode, schema, type Database } from "@coach/db";
import { settings as appSettings } from "@coach/config";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, type AppointmentType } from "@coach/db/enums";
import { z } from "zod";
import {
  APPOINTMENT_TYPE_LABELS,
  checkBookable,
  computeAvailableSlots,
  withTitlePrefix,
  type AvailabilitySettings,
  type BusyInterval,
} from "@coach/scheduling";
import type { SessionUser } from "@coach/auth";
import { columnsOf } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { dateTime } from "../shared/schemas";
import { enforceRateLimit } from "../shared/rate-limit";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { sendBookingEmails, sendCancellationEmails } from "./emails";
import { withGoogleCalendar } from "./google/connection";

const { appointments } = schema;

export const SLOT_TAKEN_MESSAGE = "That time is no longer available. Please choose another slot.";
const BOOKING_RATE = { name: "booking", limit: 20, windowSeconds: 3600, message: "Too many booking attempts. Please wait a while and try again." };

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
});
const publicColumns = columnsOf(appointments, appointmentOutput);

/** Live appointments touching [from, to], padded by the buffer on both sides. */
async function bookedIntervals(db: Database, from: Date, to: Date, bufferMinutes: number): Promise<BusyInterval[]> {
  const pad = bufferMinutes * 60_000;
  return db
    .select({ start: appointments.startTime, end: appointments.endTime })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, "canceled"),
        lt(appointments.startTime, new Date(to.getTime() + pad)),
        gt(appointments.endTime, new Date(from.getTime() - pad)),
      ),
    )
    .orderBy(asc(appointments.startTime));
}

/** Our appointments plus the coach's busy Google Calendar times (when connected and answering). */
async function busyTimes(db: Database, from: Date, to: Date, settings: AvailabilitySettings): Promise<BusyInterval[]> {
  const pad = settings.bufferMinutes * 60_000;
  const [booked, google] = await Promise.all([
    bookedIntervals(db, from, to, settings.bufferMinutes),
    withGoogleCalendar(db, "freebusy", (api) => api.busy(new Date(from.getTime() - pad), new Date(to.getTime() + pad))),
  ]);
  return google ? [...booked, ...google] : booked;
}

/** Without an explicit type, the length tells which one was booked (the spec's client does not send it). */
function typeForLength(settings: AvailabilitySettings, minutes: number): AppointmentType {
  return APPOINTMENT_TYPES.find((t) => settings.durations[t] === minutes) ?? "consultation";
}

/** What the booking page needs to draw its choices: types with their lengths, and the booking horizon. */
export async function bookingOptions(db: Database) {
  const settings = await loadAvailability(db);
  return {
    types: APPOINTMENT_TYPES.map((value) => ({ value, label: APPOINTMENT_TYPE_LABELS[value], minutes: settings.durations[value] })),
    coachTimeZone: settings.timeZone,
    maxDaysAhead: settings.maxDaysAhead,
    daysOff: settings.daysOff,
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
}

/** What a client hears when they already hold as many upcoming appointments as one account may. */
export function upcomingLimitMessage(limit: number): string {
  return `You already have ${limit} upcoming appointment${limit === 1 ? "" : "s"}, the most one account can hold. Cancel one or wait until one has taken place before booking another.`;
}

/** One client cannot fill the calendar: upcoming bookings per account are capped (MAX_UPCOMING_APPOINTMENTS); the coach is not. */
async function assertUnderUpcomingLimit(db: Database, user: SessionUser) {
  const limit = appSettings().maxUpcomingAppointments;
  if (limit === 0 || user.role === "admin") return;
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.userId, user.id), ne(appointments.status, "canceled"), gt(appointments.endTime, new Date())));
  if ((row?.n ?? 0) >= limit) throw new DomainError("UNPROCESSABLE_CONTENT", upcomingLimitMessage(limit));
}

export async function book(db: Database, user: SessionUser, input: BookingRequest, requestId?: string) {
  await enforceRateLimit(db, `${BOOKING_RATE.name}:user:${user.id}`, BOOKING_RATE);
  await assertUnderUpcomingLimit(db, user);
  const settings = await loadAvailability(db);
  const start = input.startTime;
  const end = input.endTime;
  const busy = await busyTimes(db, start, end, settings);
  const verdict = checkBookable({ settings, appointmentType: input.appointmentType, start, end, now: new Date(), busy });
  if (!verdict.ok) throw new DomainError(verdict.code === "CONFLICT" ? "CONFLICT" : "UNPROCESSABLE_CONTENT", verdict.message);
  const type = input.appointmentType ?? typeForLength(settings, (end.getTime() - start.getTime()) / 60_000);
  const name = displayName(user);
  const title = input.appointmentType ? withTitlePrefix(type, name, input.title) : input.title;

  let created;
  try {
    [created] = await db
      .insert(appointments)
      .values({ userId: user.id, title, description: input.description ?? null, appointmentType: type, startTime: start, endTime: end, status: "scheduled" })
      .returning(publicColumns);
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
      description: [input.description ?? "", `Client: ${name} <${user.email}>`].filter(Boolean).join("\n\n"),
      start,
      end,
      attendee: client,
    }),
  );
  if (event) await db.update(appointments).set({ googleEventId: event.id }).where(eq(appointments.id, created.id));

  await sendBookingEmails(db, created, client, settings, input.timeZone, event?.meetLink);
  log("info", "appointment booked", { requestId, appointmentId: created.id, google: !!event });
  return created;
}

/** Cancels the client's own upcoming appointment; someone else's answers exactly like a missing one. */
export async function cancel(db: Database, user: SessionUser, input: { id: number; timeZone?: string }, requestId?: string) {
  const [existing] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, input.id), eq(appointments.userId, user.id), ne(appointments.status, "canceled")));
  if (!existing) throw new DomainError("NOT_FOUND", "Appointment not found.");
  if (existing.endTime.getTime() <= Date.now()) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "This appointment has already taken place and can no longer be canceled.");
  }
  const [canceled] = await db
    .update(appointments)
    .set({ status: "canceled" })
    .where(and(eq(appointments.id, existing.id), ne(appointments.status, "canceled")))
    .returning();
  if (!canceled) throw new DomainError("NOT_FOUND", "Appointment not found.");

  if (canceled.googleEventId) {
    const eventId = canceled.googleEventId;
    await withGoogleCalendar(db, "delete event", (api) => api.deleteEvent(eventId));
  }
  const settings = await loadAvailability(db);
  await sendCancellationEmails(db, canceled, { email: user.email, name: displayName(user) }, settings, input.timeZone);
  log("info", "appointment canceled", { requestId, appointmentId: canceled.id });
  return { success: true as const };
}
