/**
 * Deleting an account (issue 21; docs/decisions/0016, 0025): after the password and a typed
 * confirmation the person is erased. Results and bookings are kept for the coach's aggregate figures
 * (analytics, scale norms, reliability, IQ calibration) but moved to an anonymous stand-in account
 * with no name, no address and no way to sign in, one per deleted person, so "each person's latest
 * attempt" still counts them once. Everything else that names them goes: each domain erases its own
 * rows (registry.ts). A confirmation goes to the address through the outbox, and that outbox row's
 * address is erased once it has been delivered (jobs.ts).
 */
import { randomBytes } from "node:crypto";
import { verifyPassword, type SessionUser } from "@coach/auth";
import { and, eq, ne, schema, sql, type Database } from "@coach/db";
import { accountDeleted, sendEmail } from "@coach/email";
import { recordAudit } from "../audit/record";
import { retryOnDeadlock, type Transaction } from "../shared/db";
import type { ErasureOutcome } from "../shared/account-data";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { enforceRateLimit } from "../shared/rate-limit";
import { rateLimitKey } from "../shared/rate-limit-keys";
import { displayName } from "../users/service";
import { ERASERS } from "./registry";

const { users, emailOutbox } = schema;

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
 * admin cannot delete themselves (422). Runs in one transaction; what lies outside the database
 * (Google events of the canceled sessions) and the confirmation follow once it commits.
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
  await enforceRateLimit(db, rateLimitKey.perUser(DELETE_RATE.name, sessionUser.id), DELETE_RATE);
  const [stored] = await db.select({ password: users.password }).from(users).where(eq(users.id, sessionUser.id));
  if (!stored) throw new DomainError("NOT_FOUND", "That account no longer exists.");
  if (!(await verifyPassword(stored.password, input.password))) throw new DomainError("FORBIDDEN", WRONG_PASSWORD);

  // The person's row is locked first and their invoices, payments and applications after it; a payment
  // event or the balance job holding one of those while it checks the person can make PostgreSQL abort
  // one of the two (decision 52): the erasure then simply runs again.
  const outcome = await retryOnDeadlock(() => db.transaction((tx) => eraseAccount(tx, sessionUser.id)));

  for (const after of outcome.afterCommit) await after(db);
  try {
    const mail = await accountDeleted({ name: outcome.name });
    const row = await sendEmail(db, { kind: DELETION_EMAIL_KIND, to: outcome.email, ...mail });
    if (row.status !== "pending") await redactDeletionEmail(db, row.id);
  } catch (error) {
    log("error", "account deletion confirmation could not be queued", { requestId, error });
  }
  log("info", "account deleted by its owner", { requestId, canceled: outcome.figures.canceledSessions ?? 0 });
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
  const erased = await erasePerson(tx, user);
  await recordAudit(tx, erased.standIn, "account.deleted_by_owner", {
    type: "user",
    id: erased.standIn.id,
    details: { role: user.role, ...erased.figures },
  });
  return erased;
}

/**
 * Erases a person whose row the caller has locked, whoever asked (the person, or an admin through
 * admin-deletion.ts): their results and bookings move to an anonymous stand-in, each domain erases
 * what names them, and the account goes. What lies outside the database is in `afterCommit`.
 */
export async function erasePerson(tx: Transaction, user: typeof users.$inferSelect) {
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

  const person = { id: user.id, username: user.username, email: user.email.toLowerCase() };
  const outcomes: ErasureOutcome[] = [];
  for (const eraser of ERASERS) {
    const outcome = await eraser.erase({ tx, person, standIn: standIn! });
    if (outcome) outcomes.push(outcome);
  }
  const figures: Record<string, number> = Object.assign({}, ...outcomes.map((o) => o.figures ?? {}));

  // What is left goes by cascade (reset tokens); blog posts and newsletter sends keep no author.
  await tx.delete(users).where(eq(users.id, user.id));

  return {
    standIn: standIn!,
    name: displayName(user),
    email: user.email,
    figures,
    afterCommit: outcomes.flatMap((o) => (o.afterCommit ? [o.afterCommit] : [])),
  };
}

async function redactDeletionEmail(db: Database, id: number) {
  await db
    .update(emailOutbox)
    .set({ to: ERASED_ADDRESS, html: "", text: "", headers: null })
    .where(and(eq(emailOutbox.id, id), ne(emailOutbox.status, "pending")));
}

/** Erases the address and text of deletion confirmations once delivered (or given up on). */
export async function redactDeliveredDeletionEmails(db: Database): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ to: ERASED_ADDRESS, html: "", text: "", headers: null })
    .where(and(eq(emailOutbox.kind, DELETION_EMAIL_KIND), ne(emailOutbox.status, "pending"), ne(emailOutbox.to, ERASED_ADDRESS)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}
