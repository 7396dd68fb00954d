/** Bookings, the reminders sent for them, and the coach's settings (availability, Google Calendar). */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  ATTENDANCE_VALUES,
  type AppointmentStatus,
  type AppointmentType,
  type Attendance,
} from "../enums";
import { createdAt, inList } from "./columns";
import { users } from "./users";

export const appointments = pgTable(
  "appointments",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    appointmentType: text().$type<AppointmentType>().notNull().default("consultation"),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<AppointmentStatus>().notNull().default("pending"),
    googleEventId: text(),
    reminderSentAt: timestamp({ withTimezone: true }),
    /** The client's answers to the type's intake questions, with each question's text as asked. */
    answers: jsonb().$type<AppointmentAnswer[]>().notNull().default([]),
    /** The zone the client booked from (emails and the coach's view show times in it). */
    clientTimeZone: text(),
    /**
     * When the current start time was chosen (booked, or moved): a reminder whose lead time had already
     * passed by then is skipped, as the booking's or the move's email just went out.
     */
    timeChosenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** How often the booking was moved (the policy caps the client's moves). */
    rescheduleCount: integer().notNull().default(0),
    /** The invitation's SEQUENCE: every update or cancellation sends a higher one under the same UID. */
    icsSequence: integer().notNull().default(0),
    attendance: text().$type<Attendance>(),
    attendanceMarkedAt: timestamp({ withTimezone: true }),
    /** Set when a change made in Google Calendar could not be applied (e.g. it overlaps another booking). */
    syncConflict: text(),
    /**
     * Until when an `awaiting_payment` hold keeps the slot (decision 27): the release job cancels holds
     * past it (and expires their Checkout Session). Null for every other status.
     */
    holdExpiresAt: timestamp({ withTimezone: true }),
    /** When the after-session email with the "book your next session" link was queued. */
    followUpSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("appointments_user_idx").on(t.userId),
    index("appointments_start_idx").on(t.startTime),
    index("appointments_google_event_idx").on(t.googleEventId),
    check("appointments_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("appointments_status_check", inList("status", APPOINTMENT_STATUSES)),
    check("appointments_type_check", inList("appointment_type", APPOINTMENT_TYPES)),
    check("appointments_attendance_check", inList("attendance", ATTENDANCE_VALUES)),
    check("appointments_hold_check", sql`(${t.status} = 'awaiting_payment') = (${t.holdExpiresAt} is not null)`),
    index("appointments_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
  ],
);

export interface AppointmentAnswer {
  questionId: string;
  question: string;
  answer: string;
}

/**
 * One row per reminder sent: keyed by the appointment, the reminder's lead time and the start it
 * was sent for, so each offset goes once and a moved booking gets fresh reminders.
 */
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    appointmentId: integer()
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    offsetMinutes: integer().notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.offsetMinutes, t.startTime] })],
);

/** Key/value settings owned by the coach (availability, Google Calendar). Secrets inside are encrypted. */
export const appSettings = pgTable(
  "app_settings",
  {
    key: text().notNull(),
    value: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
