/**
 * Accounts as the coach manages them in /admin, and the coach's own contact details that other
 * domains (bookings, the contact form) need.
 */
import { settings } from "@coach/config";
import { and, asc, count, desc, eq, ilike, isNull, or, schema, sql, type Database } from "@coach/db";
import type { Role } from "@coach/db/enums";
import { PRACTICE_NAME } from "@coach/email";
import { recordAudit, type AuditActor } from "../audit/record";
import { likePattern, type Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";

/** Messages for the rules that protect the practice from locking itself out. */
export const LAST_ADMIN_DEMOTE =
  "This is the last active admin account, so it cannot be made a regular user. Make another account an admin first.";
export const LAST_ADMIN_DISABLE = "This is the last active admin account, so it cannot be disabled. Make another account an admin first.";
export const LAST_ADMIN_DELETE = "This is the last active admin account, so it cannot be deleted. Make another account an admin first.";
export const SELF_DELETE = "You cannot delete your own account. Ask another admin to do it.";
export const SELF_DISABLE = "You cannot disable your own account. Ask another admin to do it.";
export const USER_NOT_FOUND = "That account no longer exists. Refresh the list.";

/** How a person is named in emails and invitations: first and last name, else the username. */
export function displayName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username;
}

/**
 * How the coach is named in what clients read (booking refusals, notices): her name, else "the coach".
 * Never her username: it is half of what a sign-in needs, and naming it invites a guessing attack.
 */
export function coachName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || "the coach";
}

/**
 * Who the coach is, for booking notices, invitations and contact-form enquiries. One precedence
 * (docs/decisions/0007-domain-folders.md):
 * 1. the first active admin account (lowest id: the one start-up creates from ADMIN_*), because the
 *    account is what the coach keeps up to date in the app and it carries a name for invitations;
 * 2. else ADMIN_EMAIL under the practice's name (an install whose admin was never created);
 * 3. else null: the caller stores the request and logs that nobody could be notified.
 */
export async function coachContact(db: Database): Promise<{ name: string; email: string } | null> {
  const [admin] = await db
    .select({
      email: schema.users.email,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
    })
    .from(schema.users)
    // A disabled admin (someone who left the practice) no longer receives its clients' messages.
    .where(and(eq(schema.users.role, "admin"), isNull(schema.users.disabledAt), isNull(schema.users.anonymizedAt)))
    .orderBy(asc(schema.users.id))
    .limit(1);
  // The bootstrap's stand-in address (`<username>@localhost.invalid`) reaches nobody and names the username.
  if (admin && !admin.email.toLowerCase().endsWith(".invalid")) return { name: coachName(admin), email: admin.email };
  const configured = settings().admin.email;
  return configured ? { name: PRACTICE_NAME, email: configured } : null;
}

/**
 * Loads the target and locks every active admin row for the rest of the transaction, so two
 * admins demoting each other at the same moment cannot leave the practice with none.
 */
export async function lockTarget(tx: Transaction, userId: number) {
  const admins = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.role, "admin"), isNull(schema.users.disabledAt)))
    .for("update");
  const [target] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).for("update");
  if (!target) throw new DomainError("NOT_FOUND", USER_NOT_FOUND);
  const isLastActiveAdmin = target.role === "admin" && !target.disabledAt && admins.length <= 1;
  return { target, isLastActiveAdmin };
}

export const refuse = (message: string) => new DomainError("UNPROCESSABLE_CONTENT", message);

/** Accounts, newest first, searched by username, name or e-mail. */
export async function listUsers(db: Database, input: { search?: string; page: number; pageSize: number }) {
  const u = schema.users;
  // The anonymous stand-ins of deleted accounts (decision 16) are no one to manage.
  const where = and(
    isNull(u.anonymizedAt),
    input.search
      ? or(
          ilike(u.username, likePattern(input.search)),
          ilike(u.email, likePattern(input.search)),
          ilike(sql`coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')`, likePattern(input.search)),
        )
      : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(u).where(where);
  const assessments = db
    .select({ userId: schema.testAttempts.userId, n: count().as("assessment_count") })
    .from(schema.testAttempts)
    .where(sql`${schema.testAttempts.completedAt} is not null`)
    .groupBy(schema.testAttempts.userId)
    .as("assessment_counts");
  const appointments = db
    .select({ userId: schema.appointments.userId, n: count().as("appointment_count") })
    .from(schema.appointments)
    .where(sql`${schema.appointments.status} <> 'canceled'`)
    .groupBy(schema.appointments.userId)
    .as("appointment_counts");
  const rows = await db
    .select({
      id: u.id,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      role: u.role,
      createdAt: u.createdAt,
      lastLoginAt: u.lastLoginAt,
      disabledAt: u.disabledAt,
      assessments: sql<number>`coalesce(${assessments.n}, 0)`.mapWith(Number),
      appointments: sql<number>`coalesce(${appointments.n}, 0)`.mapWith(Number),
    })
    .from(u)
    .leftJoin(assessments, eq(assessments.userId, u.id))
    .leftJoin(appointments, eq(appointments.userId, u.id))
    .where(where)
    .orderBy(desc(u.createdAt), desc(u.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items: rows, total: totals?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Makes an account an admin or a regular user; their sessions end so they sign in with the new role. */
export async function setRole(db: Database, actor: AuditActor, input: { userId: number; role: Role }) {
  return db.transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockTarget(tx, input.userId);
    if (target.role === input.role) return { id: target.id, role: target.role };
    if (input.role === "user" && isLastActiveAdmin) throw refuse(LAST_ADMIN_DEMOTE);
    await tx
      .update(schema.users)
      .set({ role: input.role, sessionVersion: sql`${schema.users.sessionVersion} + 1` })
      .where(eq(schema.users.id, target.id));
    await recordAudit(tx, actor, "user.role_changed", {
      type: "user",
      id: target.id,
      details: { username: target.username, from: target.role, to: input.role },
    });
    return { id: target.id, role: input.role };
  });
}

/** Disables an account (its sessions end at once) or lets it sign in again. */
export async function setDisabled(db: Database, actor: AuditActor, input: { userId: number; disabled: boolean }) {
  return db.transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockTarget(tx, input.userId);
    if (Boolean(target.disabledAt) === input.disabled) return { id: target.id, disabledAt: target.disabledAt };
    if (input.disabled && isLastActiveAdmin) throw refuse(LAST_ADMIN_DISABLE);
    if (input.disabled && target.id === actor.id) throw refuse(SELF_DISABLE);
    const [updated] = await tx
      .update(schema.users)
      .set(input.disabled ? { disabledAt: new Date(), sessionVersion: sql`${schema.users.sessionVersion} + 1` } : { disabledAt: null })
      .where(eq(schema.users.id, target.id))
      .returning({ id: schema.users.id, disabledAt: schema.users.disabledAt });
    await recordAudit(tx, actor, input.disabled ? "user.disabled" : "user.enabled", {
      type: "user",
      id: target.id,
      details: { username: target.username },
    });
    return updated!;
  });
}
