import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, schema, sql, type Database } from "@coach/db";
import { hashPassword } from "./password";
import { settings } from "@coach/config";

import type { Role } from "@coach/db/enums";

export type { Role };

/** Finds a user by username, ignoring case (usernames are unique case-insensitively). */
export async function findUserByUsername(db: Database, username: string) {
  const [row] = await db
    .select()
    .from(schema.users)
    .where(sql`lower(${schema.users.username}) = lower(${username.trim()})`)
    .limit(1);
  return row ?? null;
}

/** Finds a user by e-mail, ignoring case. */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row ?? null;
}

/**
 * The account a sign-in names: an e-mail address when the name has an "@" (checked first, so a
 * username that looks like someone's address can never catch that person's sign-in), else a username.
 */
export async function findUserBySignInName(db: Database, name: string) {
  if (name.includes("@")) {
    const byEmail = await findUserByEmail(db, name);
    if (byEmail) return byEmail;
  }
  return findUserByUsername(db, name);
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: Role;
}

/** Creates an account with an argon2id hash. A duplicate username or e-mail raises the database's unique violation. */
export async function createAccount(db: Database, account: NewAccount) {
  const [row] = await db
    .insert(schema.users)
    .values({
      username: account.username.trim(),
      email: account.email.trim(),
      password: await hashPassword(account.password),
      firstName: account.firstName?.trim() || null,
      lastName: account.lastName?.trim() || null,
      role: account.role ?? "user",
    })
    .returning();
  if (!row) throw new Error("The account could not be created.");
  return row;
}

/** Ends every session of a user at once (logout, password reset, role change). */
export async function bumpSessionVersion(db: Database, userId: number) {
  const [row] = await db
    .update(schema.users)
    .set({ sessionVersion: sql`${schema.users.sessionVersion} + 1` })
    .where(eq(schema.users.id, userId))
    .returning({ sessionVersion: schema.users.sessionVersion });
  return row?.sessionVersion;
}

/**
 * Start-up bootstrap: when ADMIN_USERNAME and ADMIN_PASSWORD are set and no user of that name exists,
 * creates that admin. Nothing happens otherwise: there is no default password.
 */
export async function ensureAdminFromEnv(
  db: Database,
  env?: Record<string, string | undefined>,
): Promise<"created" | "exists" | "skipped"> {
  const { admin } = env ? settings(env) : settings();
  const username = admin.username?.trim();
  const password = admin.password;
  if (!username || !password) return "skipped";
  if (await findUserByUsername(db, username)) return "exists";
  const email = admin.email?.trim() || `${username}@localhost.invalid`;
  try {
    await createAccount(db, { username, email, password, role: "admin" });
  } catch (error) {
    // Another instance created it at the same moment.
    if (await findUserByUsername(db, username)) return "exists";
    throw error;
  }
  return "created";
}

// ---------------------------------------------------------------------------------------------
// Password reset tokens: 32 random bytes sent by e-mail; only their SHA-256 is stored.

export const RESET_TOKEN_TTL_MINUTES = 60;

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Issues a new token for the user and voids every older unused one. Returns the plain token (for the e-mail only). */
export async function issueResetToken(db: Database, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const table = schema.passwordResetTokens;
  await db
    .update(table)
    .set({ isUsed: true })
    .where(and(eq(table.userId, userId), eq(table.isUsed, false)));
  await db.insert(table).values({
    userId,
    token: hashResetToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  return token;
}

/**
 * Uses a token once: marks it used (atomically, so two concurrent submits cannot both succeed)
 * and returns its user id, or null when it is unknown, used or expired.
 */
export async function consumeResetToken(db: Database, token: string, now = new Date()): Promise<number | null> {
  const table = schema.passwordResetTokens;
  const [row] = await db
    .update(table)
    .set({ isUsed: true })
    .where(and(eq(table.token, hashResetToken(token)), eq(table.isUsed, false), gt(table.expiresAt, now)))
    .returning({ userId: table.userId });
  return row?.userId ?? null;
}

/** Sets a new password, voids the user's other reset tokens and ends all their sessions. */
export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db
    .update(schema.users)
    .set({ password: hash, sessionVersion: sql`${schema.users.sessionVersion} + 1` })
    .where(eq(schema.users.id, userId));
  const table = schema.passwordResetTokens;
  await db
    .update(table)
    .set({ isUsed: true })
    .where(and(eq(table.userId, userId), eq(table.isUsed, false)));
}
