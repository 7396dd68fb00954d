import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { and, asc, desc, eq, gt, lt, ne, schema, type Database } from "@coach/db";
import {
  APPOINTMENT_TYPES,
  APPOINTMENT_TYPE_LABELS,
  buildIcs,
  checkBookable,
  computeAvailableSlots,
  formatInZone,
  withTitlePrefix,
  type AppointmentType,
  type AvailabilitySettings,
  type BusyInterval,
} from "@coach/scheduling";
import { attachment, bookingCancellation, bookingConfirmation, bookingNotice, PRACTICE_NAME, sendEmail } from "@coach/email";
import { availableSlotsSchema, createAppointmentSchema } from "@coach/validators/booking";
import { pgErrorCode } from "@coach/db";
import { withGoogleCalendar } from "./google/connection";
import { log } from "../shared/logger";
import { enforceRateLimit } from "../shared/rate-limit";
import { dateTime, idParam, noInput } from "../transport/schemas";
import { createTRPCRouter, protectedProcedure } from "../transport/trpc";
import { loadAvailability } from "./settings-router";

const { appointments, users } = schema;

export const SLOT_TAKEN_MESSAGE = "That time is no longer available. Please choose another slot.";
const BOOKING_RATE = { name: "booking", limit: 20, windowSeconds: 3600, message: "Too many booking attempts. Please wait a while and try again." };

const slotOutput = z.object({ start: z.string(), end: z.string() });

const appointmentOutput = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  startTime: dateTime,
  endTime: dateTime,
  status: z.string(),
  createdAt: dateTime,
});

const publicColumns = {
  id: appointments.id,
  title: appointments.title,
  description: appointments.description,
  appointmentType: appointments.appointmentType,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  createdAt: appointments.createdAt,
};

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

function displayName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username;
}

function appUrl(): string {
  return (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/** The coach: the first admin account (the one start-up creates), or ADMIN_EMAIL. */
export async function coachContact(db: Database): Promise<{ name: string; email: string } | null> {
  const [admin] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.id))
    .limit(1);
  if (admin) return { name: displayName(admin), email: admin.email };
  return process.env.ADMIN_EMAIL ? { name: PRACTICE_NAME, email: process.env.ADMIN_EMAIL } : null;
}

export function icsUid(appointmentId: number): string {
  let host = "localhost";
  try {
    host = new URL(appUrl()).hostname;
  } catch {
    // keep localhost
  }
  return `appointment-${appointmentId}@${host}`;
}

interface MailAppointment {
  id: number;
  title: string;
  description: string | null;
  startTime: Date;
  endTime: Date;
}
interface MailClient {
  email: string;
  name: string;
}

function inviteFor(
  kind: "REQUEST" | "CANCEL",
  appt: MailAppointment,
  client: MailClient,
  coach: { name: string; email: string },
  settings: AvailabilitySettings,
  clientTimeZone?: string,
  meetLink?: string | null,
) {
  const ics = buildIcs({
    uid: icsUid(appt.id),
    method: kind,
    sequence: kind === "REQUEST" ? 0 : 1,
    start: appt.startTime,
    end: appt.endTime,
    title: appt.title,
    description: [appt.description ?? "", meetLink ? `Google Meet: ${meetLink}` : ""].filter(Boolean).join("\n"),
    organizer: { name: PRACTICE_NAME, email: coach.email },
    attendee: { name: client.name, email: client.email },
    coachTimeZone: settings.timeZone,
    clientTimeZone,
    url: `${appUrl()}/appointments`,
  });
  return attachment(kind === "CANCEL" ? "cancel.ics" : "invite.ics", ics, `text/calendar; charset=utf-8; method=${kind}`);
}

function whenOf(start: Date, settings: AvailabilitySettings, clientTimeZone?: string) {
  return { client: formatInZone(start, clientTimeZone ?? settings.timeZone), coach: formatInZone(start, settings.timeZone) };
}

/** Confirmation to the client and notice to the coach, each with the invitation. Never throws. */
async function sendBookingEmails(db: Database, appt: MailAppointment, client: MailClient, settings: AvailabilitySettings, clientTimeZone?: string, meetLink?: string | null) {
  try {
    const coach = (await coachContact(db)) ?? { name: PRACTICE_NAME, email: client.email };
    const minutes = Math.round((appt.endTime.getTime() - appt.startTime.getTime()) / 60_000);
    const when = whenOf(appt.startTime, settings, clientTimeZone);
    const invite = inviteFor("REQUEST", appt, client, coach, settings, clientTimeZone, meetLink);
    const confirmation = await bookingConfirmation({
      name: client.name,
      title: appt.title,
      when,
      durationMinutes: minutes,
      notes: appt.description,
      appointmentsUrl: `${appUrl()}/appointments`,
    });
    await sendEmail(db, { kind: "booking-confirmation", to: client.email, ...confirmation, attachments: [invite], dedupeKey: `booking-confirmation:${appt.id}` });
    if (coach.email !== client.email) {
      const notice = await bookingNotice({
        name: client.name,
        email: client.email,
        title: appt.title,
        when,
        durationMinutes: minutes,
        notes: appt.description,
        adminUrl: `${appUrl()}/admin`,
      });
      await sendEmail(db, { kind: "booking-notice", to: coach.email, ...notice, attachments: [invite], dedupeKey: `booking-notice:${appt.id}` });
    }
  } catch (error) {
    log("error", "booking emails could not be queued", { appointmentId: appt.id, error });
  }
}

async function sendCancellationEmails(db: Database, appt: MailAppointment, client: MailClient, settings: AvailabilitySettings, clientTimeZone?: string) {
  try {
    const coach = (await coachContact(db)) ?? { name: PRACTICE_NAME, email: client.email };
    const when = whenOf(appt.startTime, settings, clientTimeZone);
    const invite = inviteFor("CANCEL", appt, client, coach, settings, clientTimeZone);
    const toClient = await bookingCancellation({ name: client.name, title: appt.title, when, recipient: "client", bookUrl: `${appUrl()}/appointments` });
    await sendEmail(db, { kind: "booking-cancellation", to: client.email, ...toClient, attachments: [invite], dedupeKey: `booking-cancellation:${appt.id}` });
    if (coach.email !== client.email) {
      const toCoach = await bookingCancellation({ name: client.name, title: appt.title, when, recipient: "coach" });
      await sendEmail(db, { kind: "booking-cancellation-notice", to: coach.email, ...toCoach, attachments: [invite], dedupeKey: `booking-cancellation-notice:${appt.id}` });
    }
  } catch (error) {
    log("error", "cancellation emails could not be queued", { appointmentId: appt.id, error });
  }
}

/** Without an explicit type, the length tells which one was booked (the spec's client does not send it). */
function typeForLength(settings: AvailabilitySettings, minutes: number): AppointmentType {
  return APPOINTMENT_TYPES.find((t) => settings.durations[t] === minutes) ?? "consultation";
}

const optionalTimeZone = z
  .string()
  .max(64)
  .optional()
  .transform((value) => {
    if (!value) return undefined;
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      return value;
    } catch {
      return undefined;
    }
  });

export const appointmentsRouter = createTRPCRouter({
  /** What the booking page needs to draw its choices: types with their lengths, and the booking horizon. */
  bookingOptions: protectedProcedure
    .input(noInput)
    .output(
      z.object({
        types: z.array(z.object({ value: z.enum(APPOINTMENT_TYPES), label: z.string(), minutes: z.number() })),
        coachTimeZone: z.string(),
        maxDaysAhead: z.number(),
        daysOff: z.array(z.string()),
      }),
    )
    .query(async ({ ctx }) => {
      const settings = await loadAvailability(ctx.db);
      return {
        types: APPOINTMENT_TYPES.map((value) => ({ value, label: APPOINTMENT_TYPE_LABELS[value], minutes: settings.durations[value] })),
        coachTimeZone: settings.timeZone,
        maxDaysAhead: settings.maxDaysAhead,
        daysOff: settings.daysOff,
      };
    }),

  availableSlots: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/appointments/available-slots", tags: ["appointments"], summary: "Free slots in a window", protect: true } })
    .input(availableSlotsSchema)
    .output(z.array(slotOutput))
    .query(async ({ ctx, input }) => {
      const settings = await loadAvailability(ctx.db);
      const busy = await busyTimes(ctx.db, input.startDate, input.endDate, settings);
      return computeAvailableSlots({
        settings,
        appointmentType: input.appointmentType,
        from: input.startDate,
        to: input.endDate,
        now: new Date(),
        busy,
      });
    }),

  mine: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/appointments/user", tags: ["appointments"], summary: "My appointments, newest first", protect: true } })
    .input(noInput)
    .output(z.array(appointmentOutput))
    .query(async ({ ctx }) =>
      ctx.db
        .select(publicColumns)
        .from(appointments)
        .where(and(eq(appointments.userId, ctx.user.id), ne(appointments.status, "canceled")))
        .orderBy(desc(appointments.startTime), desc(appointments.id)),
    ),

  create: protectedProcedure
    .meta({ openapi: { method: "POST", path: "/appointments", tags: ["appointments"], summary: "Book an appointment", protect: true } })
    .input(createAppointmentSchema)
    .output(appointmentOutput)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx.db, `${BOOKING_RATE.name}:user:${ctx.user.id}`, BOOKING_RATE);
      const settings = await loadAvailability(ctx.db);
      const start = input.startTime;
      const end = input.endTime;
      const busy = await busyTimes(ctx.db, start, end, settings);
      const verdict = checkBookable({ settings, appointmentType: input.appointmentType, start, end, now: new Date(), busy });
      if (!verdict.ok) {
        throw new TRPCError({ code: verdict.code === "CONFLICT" ? "CONFLICT" : "UNPROCESSABLE_CONTENT", message: verdict.message });
      }
      const type = input.appointmentType ?? typeForLength(settings, (end.getTime() - start.getTime()) / 60_000);
      const name = displayName(ctx.user);
      const title = input.appointmentType ? withTitlePrefix(type, name, input.title) : input.title;

      let created: z.infer<typeof appointmentOutput>;
      try {
        const [row] = await ctx.db
          .insert(appointments)
          .values({ userId: ctx.user.id, title, description: input.description ?? null, appointmentType: type, startTime: start, endTime: end, status: "scheduled" })
          .returning(publicColumns);
        if (!row) throw new Error("insert returned nothing");
        created = row;
      } catch (error) {
        // Another booking of the same time committed first: the exclusion constraint refused this one.
        if (pgErrorCode(error) === "23P01") throw new TRPCError({ code: "CONFLICT", message: SLOT_TAKEN_MESSAGE, cause: error });
        throw error;
      }

      const client = { email: ctx.user.email, name };
      const event = await withGoogleCalendar(ctx.db, "create event", (api) =>
        api.createEvent({
          appointmentId: created.id,
          summary: title,
          description: [input.description ?? "", `Client: ${name} <${ctx.user.email}>`].filter(Boolean).join("\n\n"),
          start,
          end,
          attendee: client,
        }),
      );
      if (event) await ctx.db.update(appointments).set({ googleEventId: event.id }).where(eq(appointments.id, created.id));

      await sendBookingEmails(ctx.db, created, client, settings, input.timeZone, event?.meetLink);
      log("info", "appointment booked", { requestId: ctx.requestId, appointmentId: created.id, google: !!event });
      return created;
    }),

  cancel: protectedProcedure
    .meta({ openapi: { method: "DELETE", path: "/appointments/{id}", tags: ["appointments"], summary: "Cancel my appointment", protect: true } })
    .input(z.object({ id: idParam, timeZone: optionalTimeZone }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const [existing] = await ctx.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, input.id), eq(appointments.userId, ctx.user.id), ne(appointments.status, "canceled")));
      // Someone else's appointment answers exactly like a missing one.
      if (!existing) throw new TRPCError({ code: "NOT_FOUND", message: "Appointment not found." });
      if (existing.endTime.getTime() <= Date.now()) {
        throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: "This appointment has already taken place and can no longer be canceled." });
      }
      const [canceled] = await ctx.db
        .update(appointments)
        .set({ status: "canceled" })
        .where(and(eq(appointments.id, existing.id), ne(appointments.status, "canceled")))
        .returning();
      if (!canceled) throw new TRPCError({ code: "NOT_FOUND", message: "Appointment not found." });

      if (canceled.googleEventId) {
        const eventId = canceled.googleEventId;
        await withGoogleCalendar(ctx.db, "delete event", (api) => api.deleteEvent(eventId));
      }
      const settings = await loadAvailability(ctx.db);
      await sendCancellationEmails(ctx.db, canceled, { email: ctx.user.email, name: displayName(ctx.user) }, settings, input.timeZone);
      log("info", "appointment canceled", { requestId: ctx.requestId, appointmentId: canceled.id });
      return { success: true as const };
    }),
});

export { sendBookingEmails, displayName, appUrl, whenOf };
