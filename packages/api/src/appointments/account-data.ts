/**
 * A person's bookings in the export. In the erasure upcoming sessions are canceled (their Google
 * events deleted after commit); every booking stays for the coach's figures, moved to the anonymous
 * stand-in without anything that names or describes the person; the coach's notices about the
 * sessions, which name the person, are deleted by their keys (emails.ts).
 */
import { z } from "zod";
import { and, asc, eq, gt, inArray, like, or, schema, sql } from "@coach/db";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES } from "@coach/db/enums";
import { APPOINTMENT_TYPE_LABELS } from "@coach/scheduling";
import type { AccountEraser, AccountExporter } from "../shared/account-data";
import { dateTime } from "../shared/schemas";
import { withGoogleCalendar } from "./google/connection";

const { appointments, emailOutbox } = schema;

export const appointmentsExporter = {
  shape: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      description: z.string().nullable(),
      type: z.enum(APPOINTMENT_TYPES),
      startTime: dateTime,
      endTime: dateTime,
      status: z.enum(APPOINTMENT_STATUSES),
      attendance: z.enum(ATTENDANCE_VALUES).nullable(),
      intakeAnswers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
      clientTimeZone: z.string().nullable(),
      rescheduleCount: z.number(),
      createdAt: dateTime,
    }),
  ),
  async read(db, userId) {
    const rows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.userId, userId))
      .orderBy(asc(appointments.startTime), asc(appointments.id));
    return rows.map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      type: a.appointmentType,
      startTime: a.startTime,
      endTime: a.endTime,
      status: a.status,
      attendance: a.attendance,
      intakeAnswers: a.answers,
      clientTimeZone: a.clientTimeZone,
      rescheduleCount: a.rescheduleCount,
      createdAt: a.createdAt,
    }));
  },
} satisfies AccountExporter;

/** The outbox keys of the coach's notices about a session (see emails.ts). */
const noticeKeys = (ids: number[]) =>
  or(
    inArray(
      emailOutbox.dedupeKey,
      ids.flatMap((id) => [`booking-notice:${id}`, `booking-cancellation-notice:${id}`]),
    ),
    ...ids.map((id) => like(emailOutbox.dedupeKey, `booking-rescheduled-notice:${id}:%`)),
  );

export const appointmentsEraser: AccountEraser = {
  name: "appointments",
  async erase({ tx, person, standIn }) {
    const upcoming = await tx
      .update(appointments)
      .set({ status: "canceled", holdExpiresAt: null, icsSequence: sql`${appointments.icsSequence} + 1` })
      .where(
        and(
          eq(appointments.userId, person.id),
          inArray(appointments.status, ["scheduled", "awaiting_payment"]),
          gt(appointments.endTime, new Date()),
        ),
      )
      .returning({ id: appointments.id, googleEventId: appointments.googleEventId });
    const sessionIds = (await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, person.id))).map(
      (a) => a.id,
    );
    if (sessionIds.length) await tx.delete(emailOutbox).where(noticeKeys(sessionIds));
    await tx
      .update(appointments)
      .set({
        userId: standIn.id,
        title: sql`case ${appointments.appointmentType} ${sql.join(
          Object.entries(APPOINTMENT_TYPE_LABELS).map(([type, label]) => sql`when ${type} then ${label}`),
          sql` `,
        )} else 'Appointment' end`,
        description: null,
        answers: [],
        clientTimeZone: null,
        googleEventId: null,
        syncConflict: null,
      })
      .where(eq(appointments.userId, person.id));
    const eventIds = upcoming.flatMap((a) => (a.googleEventId ? [a.googleEventId] : []));
    return {
      figures: { canceledSessions: upcoming.length },
      afterCommit: async (db) => {
        for (const eventId of eventIds) await withGoogleCalendar(db, "delete event", (api) => api.deleteEvent(eventId));
      },
    };
  },
};
