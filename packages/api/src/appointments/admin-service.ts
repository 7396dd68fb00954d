/**
 * The coach's side of the bookings: the list (filters, pages, CSV), attendance and its figures per
 * client. Cancel, reschedule and booking for a client are the client operations in service.ts,
 * which let the coach past the policies.
 */
import { attendanceFromCounts, MIN_SESSIONS_FOR_RATE } from "../analytics/stats";
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, or, schema, sql, type Database } from "@coach/db";
import type { AppointmentStatus, Attendance } from "@coach/db/enums";
import { APPOINTMENT_TYPE_LABELS, formatInZone } from "@coach/scheduling";
import { recordAudit, type AuditActor } from "../audit/record";
import { likePattern } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { sendFollowUpEmail } from "./emails";
import { toCsv } from "../shared/csv";

const { appointments, users } = schema;

export interface BookingFilters {
  from?: Date;
  to?: Date;
  status?: AppointmentStatus;
  /** upcoming: not yet ended; past: ended. */
  when?: "upcoming" | "past";
  /** Only bookings whose Google Calendar change could not be applied. */
  conflicts?: boolean;
  search?: string;
}

function whereOf(f: BookingFilters) {
  const now = new Date();
  return and(
    f.from ? gte(appointments.startTime, f.from) : undefined,
    f.to ? lt(appointments.startTime, f.to) : undefined,
    f.status ? eq(appointments.status, f.status) : undefined,
    f.when === "upcoming" ? gte(appointments.endTime, now) : f.when === "past" ? lt(appointments.endTime, now) : undefined,
    f.conflicts ? isNotNull(appointments.syncConflict) : undefined,
    f.search
      ? or(
          ilike(users.email, likePattern(f.search)),
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, likePattern(f.search)),
          ilike(appointments.title, likePattern(f.search)),
        )
      : undefined,
  );
}

const rowColumns = {
  id: appointments.id,
  title: appointments.title,
  description: appointments.description,
  appointmentType: appointments.appointmentType,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  answers: appointments.answers,
  clientTimeZone: appointments.clientTimeZone,
  rescheduleCount: appointments.rescheduleCount,
  attendance: appointments.attendance,
  syncConflict: appointments.syncConflict,
  createdAt: appointments.createdAt,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

function present<Row extends { username: string; firstName: string | null; lastName: string | null; email: string; userId: number }>(
  row: Row,
) {
  const { username, firstName, lastName, email, userId, ...rest } = row;
  return { ...rest, client: { id: userId, name: displayName({ username, firstName, lastName }), email } };
}

/** A page of bookings, upcoming ones soonest first and otherwise newest first, with the coach's zone. */
export async function listBookings(db: Database, input: BookingFilters & { page: number; pageSize: number }) {
  const where = whereOf(input);
  const order =
    input.when === "upcoming" ? [asc(appointments.startTime), asc(appointments.id)] : [desc(appointments.startTime), desc(appointments.id)];
  const [totals] = await db.select({ total: count() }).from(appointments).innerJoin(users, eq(users.id, appointments.userId)).where(where);
  const rows = await db
    .select(rowColumns)
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(where)
    .orderBy(...order)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const settings = await loadAvailability(db);
  return {
    items: rows.map(present),
    total: totals?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    coachTimeZone: settings.timeZone,
  };
}

/** Every booking matching the filters as CSV, times in the coach's and the client's zone. */
export async function exportBookingsCsv(db: Database, filters: BookingFilters) {
  const settings = await loadAvailability(db);
  const rows = await db
    .select(rowColumns)
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(whereOf(filters))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
  const questions = [...new Set(rows.flatMap((r) => r.answers.map((a) => a.question)))];
  const csv = toCsv(
    [
      "id",
      "client",
      "email",
      "type",
      "title",
      "start_utc",
      "end_utc",
      `start (${settings.timeZone})`,
      "start (client's zone)",
      "status",
      "attendance",
      "reschedules",
      "notes",
      ...questions,
    ],
    rows.map(present).map((r) => ({
      id: r.id,
      client: r.client.name,
      email: r.client.email,
      type: APPOINTMENT_TYPE_LABELS[r.appointmentType],
      title: r.title,
      start_utc: r.startTime.toISOString(),
      end_utc: r.endTime.toISOString(),
      [`start (${settings.timeZone})`]: formatInZone(r.startTime, settings.timeZone),
      "start (client's zone)": r.clientTimeZone ? formatInZone(r.startTime, r.clientTimeZone) : "",
      status: r.status,
      attendance: r.attendance ?? "",
      reschedules: r.rescheduleCount,
      notes: r.description ?? "",
      ...Object.fromEntries(questions.map((q) => [q, r.answers.find((a) => a.question === q)?.answer ?? ""])),
    })),
  );
  return { filename: `appointments-${new Date().toISOString().slice(0, 10)}.csv`, csv, count: rows.length };
}

/**
 * Records whether the client came. Only once the session has started; "attended" completes the
 * booking and sends the client the link to book the next session (once).
 */
export async function markAttendance(db: Database, actor: AuditActor, input: { id: number; attendance: Attendance }) {
  const [existing] = await db
    .select({ appointment: appointments, client: users })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, input.id));
  if (!existing || existing.appointment.status === "canceled") throw new DomainError("NOT_FOUND", "Appointment not found.");
  if (existing.appointment.startTime.getTime() > Date.now()) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "Attendance can be recorded once the appointment has started.");
  }
  const [updated] = await db
    .update(appointments)
    .set({
      attendance: input.attendance,
      attendanceMarkedAt: new Date(),
      status: input.attendance === "attended" ? "completed" : "scheduled",
    })
    .where(eq(appointments.id, input.id))
    .returning();
  if (!updated) throw new DomainError("NOT_FOUND", "Appointment not found.");
  await recordAudit(db, actor, "appointment.attendance", { type: "appointment", id: input.id, details: { attendance: input.attendance } });
  if (input.attendance === "attended" && !updated.followUpSentAt) {
    const client = existing.client;
    const { timeZone } = await loadAvailability(db);
    if (await sendFollowUpEmail(db, updated, { email: client.email, name: displayName(client) }, timeZone)) {
      await db.update(appointments).set({ followUpSentAt: new Date() }).where(eq(appointments.id, input.id));
    }
  }
  return { id: updated.id, attendance: input.attendance, status: updated.status };
}

/** Per client: sessions with attendance recorded, attended, no-shows and the attendance rate. */
export async function attendanceByClient(db: Database) {
  const attended = sql<number>`count(*) filter (where ${appointments.attendance} = 'attended')`.mapWith(Number);
  const noShows = sql<number>`count(*) filter (where ${appointments.attendance} = 'no-show')`.mapWith(Number);
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      attended,
      noShows,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(isNotNull(appointments.attendance))
    .groupBy(users.id)
    .orderBy(desc(noShows), asc(users.id));
  // The sessions counted here are those with attendance recorded; the rule is analytics' (one for every screen).
  const figures = (attended: number, noShows: number) => attendanceFromCounts({ sessions: attended + noShows, attended, noShows });
  const clients = rows.map((r) => ({ client: { id: r.userId, name: displayName(r), email: r.email }, ...figures(r.attended, r.noShows) }));
  const total = (pick: (c: (typeof clients)[number]) => number) => clients.reduce((n, c) => n + pick(c), 0);
  return {
    clients,
    overall: figures(
      total((c) => c.attended),
      total((c) => c.noShows),
    ),
    minSessions: MIN_SESSIONS_FOR_RATE,
  };
}
