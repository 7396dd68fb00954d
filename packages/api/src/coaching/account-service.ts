/**
 * The data a client owns (issue 21; docs/decisions/0016-coaching-engagement-data.md):
 *
 * - `exportAccount`: everything stored about the signed-in person as one JSON document (account,
 *   results with answers, appointments with intake answers, shared notes, goals, action items,
 *   newsletter subscription, contact messages). Never a private note, a password hash, a token
 *   or anything of another person.
 * - `deleteAccount`: after the password and a typed confirmation, erases the person. Results and
 *   bookings are kept for the coach's aggregate figures (analytics, scale norms, reliability, IQ
 *   calibration) but moved to an anonymous stand-in account with no name, no address and no way
 *   to sign in, one per deleted person, so "each person's latest attempt" still counts them once;
 *   upcoming sessions are canceled and a newsletter subscription ends (its row kept without the
 *   address); notes (private ones too), goals, action items, reset tokens, contact messages, outbox
 *   mail and rate-limit counters about them are deleted;
 *   audit entries about them lose their name. A confirmation goes to the address through the outbox,
 *   and that outbox row's address is erased once it has been delivered.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { verifyPassword } from "@coach/auth";
import { and, asc, eq, gt, inArray, isNotNull, like, ne, notInArray, or, schema, sql, type Database } from "@coach/db";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES, ROLES, TEST_TYPES } from "@coach/db/enums";
import { accountDeleted, sendEmail } from "@coach/email";
import { APPOINTMENT_TYPE_LABELS } from "@coach/scheduling";
import type { SessionUser } from "@coach/auth";
import { withGoogleCalendar } from "../appointments/google/connection";
import { recordAudit } from "../audit/record";
import { escapeLike, type Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { enforceRateLimit, waitWords } from "../shared/rate-limit";
import { dateTime, nullableDateTime } from "../shared/schemas";
import { displayName } from "../users/service";
import { sharedNotesOfAppointments } from "./notes";
import { actionItemsOf, goalsOf } from "./service";
import { actionItemView, goalView } from "./shapes";

const { users, testAttempts: attempts, responses, questions, tests, appointments } = schema;

export const EXPORT_FORMAT = "coach-export/1";

export const accountExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: dateTime,
  account: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(ROLES),
    createdAt: dateTime,
    lastLoginAt: nullableDateTime,
  }),
  results: z.array(
    z.object({
      attemptId: z.number(),
      test: z.object({ id: z.number(), title: z.string(), type: z.enum(TEST_TYPES) }),
      startedAt: dateTime,
      completedAt: nullableDateTime,
      score: z.number().nullable(),
      resultType: z.string().nullable(),
      resultSummary: z.string().nullable(),
      resultData: z.record(z.string(), z.unknown()).nullable(),
      answers: z.array(z.object({ questionId: z.number(), question: z.string(), answer: z.string(), answeredAt: dateTime })),
    }),
  ),
  appointments: z.array(
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
  sharedNotes: z.array(z.object({ id: z.number(), appointmentId: z.number(), body: z.string(), createdAt: dateTime })),
  goals: z.array(goalView),
  actionItems: z.array(actionItemView),
});
export type AccountExport = z.infer<typeof accountExport>;

const EXPORT_RATE = {
  name: "account-export",
  limit: 10,
  windowSeconds: 3600,
  message: (minutes: number) => `You have downloaded your data several times this hour. Please try again in ${waitWords(minutes)}.`,
};

/** The file name the REST export suggests. */
export const exportFileName = (username: string) => `my-data-${username.replace(/[^A-Za-z0-9_-]/g, "_")}.json`;

/**
 * Everything stored about the person's account, as JSON. Not what is only filed under their e-mail
 * address (contact messages, a newsletter subscription): nobody proves they own the address they
 * register with, so an account must not read, or erase, what someone else sent from it.
 */
export async function exportAccount(db: Database, userId: number): Promise<AccountExport> {
  // Each export reads every table the account touches: a few an hour is plenty for a person.
  await enforceRateLimit(db, `${EXPORT_RATE.name}:user:${userId}`, EXPORT_RATE);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("NOT_FOUND", "That account no longer exists.");

  const [attemptRows, answerRows, appointmentRows, goals, items] = await Promise.all([
    db
      .select({ attempt: attempts, test: { id: tests.id, title: tests.title, type: tests.type } })
      .from(attempts)
      .innerJoin(tests, eq(tests.id, attempts.testId))
      .where(eq(attempts.userId, userId))
      .orderBy(asc(attempts.startedAt), asc(attempts.id)),
    db
      .select({
        attemptId: responses.attemptId,
        questionId: responses.questionId,
        question: questions.text,
        answer: responses.answer,
        answeredAt: responses.updatedAt,
      })
      .from(responses)
      .innerJoin(attempts, eq(attempts.id, responses.attemptId))
      .innerJoin(questions, eq(questions.id, responses.questionId))
      .where(eq(attempts.userId, userId))
      .orderBy(asc(responses.attemptId), asc(questions.order)),
    db.select().from(appointments).where(eq(appointments.userId, userId)).orderBy(asc(appointments.startTime), asc(appointments.id)),
    goalsOf(db, userId),
    actionItemsOf(db, userId),
  ]);
  const notes = await sharedNotesOfAppointments(
    db,
    appointmentRows.map((a) => a.id),
  );

  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date(),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    },
    results: attemptRows.map(({ attempt, test }) => ({
      attemptId: attempt.id,
      test,
      startedAt: attempt.startedAt,
      completedAt: attempt.completedAt,
      score: attempt.score,
      resultType: attempt.resultType,
      resultSummary: attempt.resultSummary,
      resultData: attempt.resultData,
      answers: answerRows
        .filter((a) => a.attemptId === attempt.id)
        .map(({ questionId, question, answer, answeredAt }) => ({ questionId, question, answer, answeredAt })),
    })),
    appointments: appointmentRows.map((a) => ({
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
    })),
    sharedNotes: notes.map((n) => ({ ...n, body: n.body ?? "" })),
    goals,
    actionItems: items,
  };
}

// ---- deletion

export const DELETE_CONFIRMATION = "DELETE";
export const WRONG_PASSWORD = "That password is not correct. Your account was not deleted.";
export const LAST_ADMIN_SELF_DELETE =
  "This is the only admin account, so it cannot be deleted: the practice would have no one to run it. Make another account an admin first.";
const DELETE_RATE = {
  name: "account-delete",
  limit: 5,
  windowSeconds: 3600,
  message: "Too many attempts to delete this account. Please wait an hour and try again.",
};

/** The kind of the confirmation email; its address is erased once delivered. */
export const DELETION_EMAIL_KIND = "account-deleted";
const ERASED_ADDRESS = "erased@deleted.invalid";

/** Where the anonymous stand-ins live: never a deliverable address (RFC 2606 `.invalid`). */
const standInAddress = (tag: string) => `${tag}@deleted.invalid`;

export interface DeletionReport {
  ok: true;
}

/**
 * Deletes the signed-in person's account (password and typed "DELETE" required). The only active
 * admin cannot delete themselves (422). Runs in one transaction; Google events of the canceled
 * sessions are removed and the confirmation is sent after it commits.
 */
export async function deleteAccount(
  db: Database,
  sessionUser: SessionUser,
  input: { confirm: string; password: string },
  requestId?: string,
): Promise<DeletionReport> {
  if (input.confirm !== DELETE_CONFIRMATION) {
    throw new DomainError("BAD_REQUEST", `Type ${DELETE_CONFIRMATION} to confirm that the account should be deleted.`);
  }
  await enforceRateLimit(db, `${DELETE_RATE.name}:user:${sessionUser.id}`, DELETE_RATE);
  const [stored] = await db.select({ password: users.password }).from(users).where(eq(users.id, sessionUser.id));
  if (!stored) throw new DomainError("NOT_FOUND", "That account no longer exists.");
  if (!(await verifyPassword(stored.password, input.password))) throw new DomainError("FORBIDDEN", WRONG_PASSWORD);

  const outcome = await db.transaction((tx) => eraseAccount(tx, sessionUser.id));

  for (const eventId of outcome.googleEventIds) {
    await withGoogleCalendar(db, "delete event", (api) => api.deleteEvent(eventId));
  }
  try {
    const mail = await accountDeleted({ name: outcome.name });
    const row = await sendEmail(db, { kind: DELETION_EMAIL_KIND, to: outcome.email, ...mail });
    if (row.status !== "pending") await redactDeletionEmail(db, row.id);
  } catch (error) {
    log("error", "account deletion confirmation could not be queued", { requestId, error });
  }
  log("info", "account deleted by its owner", { requestId, canceled: outcome.canceled });
  return { ok: true };
}

async function eraseAccount(tx: Transaction, userId: number) {
  // Lock every active admin and the account, so two admins deleting themselves at once cannot leave none.
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), sql`${users.disabledAt} is null`))
    .for("update");
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw new DomainError("NOT_FOUND", "That account no longer exists.");
  if (user.role === "admin" && !user.disabledAt && admins.length <= 1)
    throw new DomainError("UNPROCESSABLE_CONTENT", LAST_ADMIN_SELF_DELETE);

  const name = displayName(user);
  const email = user.email.toLowerCase();

  // The stand-in keeps the account's creation time, so the accounts-created figure does not move.
  const tag = `deleted-${randomBytes(6).toString("hex")}`;
  const [standIn] = await tx
    .insert(users)
    .values({
      username: tag,
      email: standInAddress(tag),
      password: "!", // not an argon2 hash: no password ever matches it
      role: "user",
      disabledAt: new Date(),
      anonymizedAt: new Date(),
      createdAt: user.createdAt,
    })
    .returning({ id: users.id, username: users.username });

  // Upcoming sessions are canceled; their Google events are deleted after commit.
  const upcoming = await tx
    .update(appointments)
    .set({ status: "canceled", icsSequence: sql`${appointments.icsSequence} + 1` })
    .where(and(eq(appointments.userId, userId), eq(appointments.status, "scheduled"), gt(appointments.endTime, new Date())))
    .returning({ id: appointments.id, googleEventId: appointments.googleEventId });

  // The coach's notices about these sessions name the person; their keys carry the session's id.
  const sessionIds = (await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId))).map((a) => a.id);
  // Notes go with the person (private ones included), before their sessions move to the stand-in.
  await tx.delete(schema.sessionNotes).where(eq(schema.sessionNotes.userId, userId));
  // Bookings stay for the figures, without anything that names or describes the person.
  await tx
    .update(appointments)
    .set({
      userId: standIn!.id,
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
    .where(eq(appointments.userId, userId));
  // Results and answers stay for norms, reliability and calibration; the answers are not personal without the person.
  const kept = await tx.update(attempts).set({ userId: standIn!.id }).where(eq(attempts.userId, userId)).returning({ id: attempts.id });

  // What else names them: the mail the account caused, and its rate-limit counters. Found by exact
  // keys, never by a name or address inside a text (a short name matches other people's mail), and
  // not what is only filed under the address (contact messages, a newsletter subscription and its
  // issues): registering proves no one owns it (see exportAccount). Those go by their own rules:
  // contact messages after two years, a subscription from its unsubscribe link.
  const { emailOutbox, rateLimits } = schema;
  await tx.delete(emailOutbox).where(
    or(
      and(sql`lower(${emailOutbox.to}) = ${email}`, notInArray(emailOutbox.kind, ["newsletter", "newsletter-confirm"])),
      sessionIds.length
        ? or(
            inArray(
              emailOutbox.dedupeKey,
              sessionIds.flatMap((id) => [`booking-notice:${id}`, `booking-cancellation-notice:${id}`]),
            ),
            ...sessionIds.map((id) => like(emailOutbox.dedupeKey, `booking-rescheduled-notice:${id}:%`)),
          )
        : undefined,
    ),
  );
  await tx
    .delete(rateLimits)
    .where(
      or(
        like(sql`lower(${rateLimits.key})`, `%:account:${escapeLike(email)}`),
        like(sql`lower(${rateLimits.key})`, `%:account:${escapeLike(user.username.toLowerCase())}`),
        like(rateLimits.key, `%:user:${userId}`),
      ),
    );

  // The audit trail keeps what happened, not who it happened to.
  const { auditLog } = schema;
  await tx.update(auditLog).set({ actorUsername: standIn!.username }).where(eq(auditLog.actorId, userId));
  await tx
    .update(auditLog)
    .set({ targetId: null, details: sql`${auditLog.details} - 'username' - 'email' - 'userId'` })
    .where(and(inArray(auditLog.targetType, ["user", "client"]), eq(auditLog.targetId, String(userId))));
  await tx
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'userId'` })
    .where(and(isNotNull(auditLog.details), sql`${auditLog.details}->>'userId' = ${String(userId)}`));

  // Goals, action items, reset tokens go by cascade; blog posts and newsletter sends keep no author.
  await tx.delete(users).where(eq(users.id, userId));
  await recordAudit(tx, standIn!, "account.deleted_by_owner", {
    type: "user",
    id: standIn!.id,
    details: { role: user.role, canceledSessions: upcoming.length, keptResults: kept.length },
  });

  return {
    name,
    email: user.email,
    canceled: upcoming.length,
    googleEventIds: upcoming.flatMap((a) => (a.googleEventId ? [a.googleEventId] : [])),
  };
}

async function redactDeletionEmail(db: Database, id: number) {
  await db
    .update(schema.emailOutbox)
    .set({ to: ERASED_ADDRESS, html: "", text: "", headers: null })
    .where(and(eq(schema.emailOutbox.id, id), ne(schema.emailOutbox.status, "pending")));
}

/** Erases the address and text of deletion confirmations once delivered (or given up on). */
export async function redactDeliveredDeletionEmails(db: Database): Promise<number> {
  const rows = await db
    .update(schema.emailOutbox)
    .set({ to: ERASED_ADDRESS, html: "", text: "", headers: null })
    .where(
      and(
        eq(schema.emailOutbox.kind, DELETION_EMAIL_KIND),
        ne(schema.emailOutbox.status, "pending"),
        ne(schema.emailOutbox.to, ERASED_ADDRESS),
      ),
    )
    .returning({ id: schema.emailOutbox.id });
  return rows.length;
}
