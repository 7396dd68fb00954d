/** The appointments' output shapes: the one list of fields that routers declare and services select. */
import { z } from "zod";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES, INTAKE_QUESTION_KINDS } from "@coach/db/enums";
import { attendanceShape } from "../analytics/shapes";
import { dateTime, nullableDateTime } from "../shared/schemas";

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
  /** Until when an `awaiting_payment` booking holds its slot unpaid (issue 31); null otherwise. */
  holdExpiresAt: nullableDateTime,
});

/** `POST /api/appointments`: the booking, and for a paid session the Checkout page to pay it on. */
export const bookedOutput = appointmentOutput.extend({ checkoutUrl: z.string().optional() });

/** A free slot, in ISO strings. */
export const slotOutput = z.object({ start: z.string(), end: z.string() });

const questionOutput = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(INTAKE_QUESTION_KINDS),
  required: z.boolean(),
  options: z.array(z.string()),
});

/** A type a client can book, with its length and intake questions. */
export const typeOutput = z.object({
  value: z.enum(APPOINTMENT_TYPES),
  label: z.string(),
  minutes: z.number(),
  /** where this type of session happens (an address or a video link), null when the coach set none */
  location: z.string().nullable(),
  questions: z.array(questionOutput),
});

/** What the booking page needs to draw its choices. */
export const bookingOptionsOutput = z.object({
  types: z.array(typeOutput),
  coachTimeZone: z.string(),
  maxDaysAhead: z.number(),
  daysOff: z.array(z.string()),
  policy: z.object({
    changeCutoffHours: z.number(),
    maxReschedules: z.number(),
    maxFutureBookings: z.number(),
    reasonRequired: z.boolean(),
  }),
});

const clientOutput = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** A booking as the coach's list shows it: every field she acts on, and the client. */
export const adminBooking = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  startTime: dateTime,
  endTime: dateTime,
  status: z.enum(APPOINTMENT_STATUSES),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  clientTimeZone: z.string().nullable(),
  rescheduleCount: z.number(),
  attendance: z.enum(ATTENDANCE_VALUES).nullable(),
  /** Why a change made in Google Calendar was not applied, for the coach to resolve. */
  syncConflict: z.string().nullable(),
  createdAt: dateTime,
  client: clientOutput,
});

export const adminBookingPage = z.object({
  items: z.array(adminBooking),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  coachTimeZone: z.string(),
});

export const bookingsCsv = z.object({ filename: z.string(), csv: z.string(), count: z.number() });

export const attendanceMark = z.object({ id: z.number(), attendance: z.enum(ATTENDANCE_VALUES), status: z.enum(APPOINTMENT_STATUSES) });

export const attendanceStats = z.object({
  clients: z.array(attendanceShape.extend({ client: clientOutput })),
  overall: attendanceShape,
  /** below this many recorded sessions there is no rate, only counts */
  minSessions: z.number(),
});

/** The coach's Google Calendar settings. */
export const calendarSettingsOutput = z.object({
  clientId: z.string(),
  /** Masked: the stored secret never leaves the server. */
  clientSecret: z.string(),
  redirectUri: z.string(),
  connected: z.boolean(),
  /** Why the connection stopped (e.g. a revoked token), for the coach. */
  message: z.string().nullable(),
});

export const calendarConnection = z.object({ connected: z.boolean(), message: z.string().nullable() });

/** The public-holiday calendars for the availability settings. */
export const holidayCalendarOutput = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});

/** Saved settings, and where to send the coach to connect (authUrl) when they allow it. */
export const calendarSaved = z.object({ success: z.literal(true), connected: z.boolean(), authUrl: z.string().optional() });

export const calendarDisconnected = z.object({ success: z.literal(true), connected: z.literal(false) });
