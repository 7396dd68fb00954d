/**
 * Accounts and sign-in: registration, password sign-in with throttling that an attacker cannot turn
 * into a lockout, and password resets whose timing and limits reveal nothing about who has an account.
 * Imports no tRPC: the router maps DomainError, jobs and tests call these directly.
 */
import {
  consumeResetToken,
  createAccount,
  dummyHash,
  findUserByEmail,
  findUserBySignInName,
  findUserByUsername,
  hashPassword,
  hashResetToken,
  issueResetToken,
  needsRehash,
  RESET_TOKEN_TTL_MINUTES,
  setPassword,
  verifyPassword,
} from "@coach/auth";
import { randomBytes } from "node:crypto";
import { appUrl } from "@coach/config";
import { and, eq, schema, sql, type Database } from "@coach/db";
import { passwordReset, sendEmail } from "@coach/email";
import type { LoginInput, ResetPasswordInput } from "@coach/validators/auth";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { enforceRateLimit, failuresSoFar, recordFailure, resetRateLimit, withinRateLimit, type RateLimitRule } from "../shared/rate-limit";
import type { TaskQueue } from "../shared/tasks";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const RESET_REQUEST_MESSAGE = "If an account exists for that email address, we have sent a link to reset its password.";
export const RESET_DONE_MESSAGE = "Your password has been reset. You can now sign in with your new password.";
export const RESET_INVALID_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";
export const USERNAME_TAKEN = "That username is already taken. Please choose another one.";
export const EMAIL_TAKEN = "An account with that email address already exists. Try signing in instead.";

/** Abuse limits per client address, applied by the procedure tier before the procedure runs. */
export const AUTH_RATE_LIMITS = {
  loginIp: { name: "login", limit: 20, windowSeconds: 15 * 60 },
  registerIp: { name: "register", limit: 10, windowSeconds: 60 * 60 },
  registerAccount: { name: "register-account", limit: 5, windowSeconds: 60 * 60 },
  resetRequestIp: { name: "reset-request", limit: 10, windowSeconds: 60 * 60 },
  resetIp: { name: "reset", limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Sign-in throttling (docs/decisions/0011-sign-in-throttling.md). Failures count per account *and*
 * client address (or known device), so one source's failures never refuse another; failures of an
 * account from every source add an exponential delay that a device the owner used before skips.
 */
export const SIGN_IN_THROTTLE = {
  /** Failed attempts one address (or one known device) may make at one account per window. */
  perSourceFailures: 10,
  perSourceWindowSeconds: 15 * 60,
  /** Failures of one account from all sources before the delay starts; the window restarts with each failure. */
  accountFreeFailures: 10,
  accountWindowSeconds: 60 * 60,
  /** The first delay; it doubles with each further failure, up to the maximum. */
  firstDelaySeconds: 5,
  maxDelaySeconds: 120,
} as const;

/** Reset e-mails: beyond these, requests are answered the same and absorbed (nothing is sent, nothing refused). */
export const RESET_MAIL_LIMITS = {
  perSource: { name: "reset-mail-source", limit: 3, windowSeconds: 60 * 60 },
  perAccount: { name: "reset-mail-account", limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export interface Caller {
  ip: string;
  requestId: string;
  /** The device cookie's account and id, when the request carries a valid one. */
  device: { userId: number; deviceId: string } | null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** Seconds an untrusted device must still wait before trying this account again (0: none). */
export function accountDelaySeconds(failures: number, lastAt: Date | null, now = Date.now()): number {
  const over = failures - SIGN_IN_THROTTLE.accountFreeFailures;
  if (over <= 0 || !lastAt) return 0;
  const delay = Math.min(SIGN_IN_THROTTLE.maxDelaySeconds, SIGN_IN_THROTTLE.firstDelaySeconds * 2 ** (over - 1));
  return Math.max(0, Math.ceil((lastAt.getTime() + delay * 1000 - now) / 1000));
}

const accountFailureKey = (username: string) => `login-fail:account:${username.trim().toLowerCase()}`;
const addressFailureKey = (ip: string, username: string) => `login-fail:ip:${ip}:${username.trim().toLowerCase()}`;

/**
 * Checks a username (or the account's e-mail address) and password; returns the account on success.
 * Unknown users and wrong passwords look alike. Failures count against the account's username
 * whichever name was typed, so alternating username and address gains no extra guesses.
 */
export async function signIn(db: Database, caller: Caller, input: LoginInput) {
  const user = await findUserBySignInName(db, input.username);
  const name = (user?.username ?? input.username).trim().toLowerCase();
  const trusted = caller.device !== null && user != null && caller.device.userId === user.id;
  const sourceKey = trusted ? `login-fail:device:${caller.device!.deviceId}` : addressFailureKey(caller.ip, name);
  const accountKey = accountFailureKey(name);

  const source = await failuresSoFar(db, sourceKey, SIGN_IN_THROTTLE.perSourceWindowSeconds);
  if (source.count >= SIGN_IN_THROTTLE.perSourceFailures) {
    const until = (source.lastAt?.getTime() ?? Date.now()) + SIGN_IN_THROTTLE.perSourceWindowSeconds * 1000;
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw new DomainError(
      "TOO_MANY_REQUESTS",
      `Too many failed sign-in attempts from here. Please wait ${plural(minutes, "minute")} or reset your password.`,
    );
  }
  if (!trusted) {
    const account = await failuresSoFar(db, accountKey, SIGN_IN_THROTTLE.accountWindowSeconds);
    const wait = accountDelaySeconds(account.count, account.lastAt);
    if (wait > 0) {
      throw new DomainError(
        "TOO_MANY_REQUESTS",
        `This account is being protected after many failed sign-in attempts. Please wait ${plural(wait, "second")} and try again, or reset your password.`,
      );
    }
  }

  // Unknown users are checked against a dummy hash, so both failures take the same time and say the same thing.
  const valid = await verifyPassword(user?.password ?? (await dummyHash()), input.password);
  if (!user || !valid || user.disabledAt) {
    await recordFailure(db, sourceKey, SIGN_IN_THROTTLE.perSourceWindowSeconds);
    await recordFailure(db, accountKey, SIGN_IN_THROTTLE.accountWindowSeconds);
    throw new DomainError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  // Only this source's count is cleared: the account's delay fades with time, not with the owner's
  // success, or each sign-in of the owner would hand an ongoing attack a fresh set of free guesses.
  await resetRateLimit(db, sourceKey);
  const update: Partial<typeof schema.users.$inferInsert> = { lastLoginAt: new Date() };
  if (needsRehash(user.password)) update.password = await hashPassword(input.password);
  await db.update(schema.users).set(update).where(eq(schema.users.id, user.id));
  log("info", "signed in", { requestId: caller.requestId, userId: user.id, knownDevice: trusted });
  return user;
}

/** Creates an account (role user, never from the client). */
export async function register(
  db: Database,
  caller: Caller,
  input: { username: string; email: string; password: string; firstName?: string; lastName?: string },
) {
  await enforceRateLimit(db, `register:account:${input.email.toLowerCase()}`, AUTH_RATE_LIMITS.registerAccount);
  if (await findUserByUsername(db, input.username)) throw new DomainError("CONFLICT", USERNAME_TAKEN);
  if (await findUserByEmail(db, input.email)) throw new DomainError("CONFLICT", EMAIL_TAKEN);
  const user = await createAccount(db, {
    username: input.username,
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    role: "user",
  });
  log("info", "account created", { requestId: caller.requestId, userId: user.id });
  return user;
}

/**
 * Queues the reset e-mail and returns: whether the address has an account, and whether its limits are
 * spent, is looked at only by the queued task after the answer has gone, so every request does the
 * same work in the same time and gets the same answer.
 */
export function requestPasswordReset(db: Database, tasks: TaskQueue, caller: Caller, email: string): string {
  tasks.enqueue({ name: "password-reset", requestId: caller.requestId, run: () => sendResetEmail(db, caller, email) });
  return RESET_REQUEST_MESSAGE;
}

/**
 * Sends the reset link unless this address's limits are spent. Limits count per address *and* client
 * (so someone else's requests never use up the owner's) and per address overall (so nobody can flood
 * an inbox from many addresses); requests beyond them are absorbed silently.
 */
async function sendResetEmail(db: Database, caller: Caller, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const fromSource = await withinRateLimit(db, `reset-mail:source:${caller.ip}:${email}`, RESET_MAIL_LIMITS.perSource);
  const overall = fromSource && (await withinRateLimit(db, `reset-mail:account:${email}`, RESET_MAIL_LIMITS.perAccount));
  if (!fromSource || !overall) {
    log("info", "password reset absorbed: limit reached", { requestId: caller.requestId });
    return;
  }
  const found = await findUserByEmail(db, email);
  const user = found && !found.disabledAt ? found : null;
  // The same work for an address without an account (finding 7 of issue 30): this task runs while
  // later requests are answered, so work done only for real accounts slowed the next answer down
  // and told a prober which address it had just asked about. Only the storing and sending differ.
  const token = user ? await issueResetToken(db, user.id) : await decoyResetToken(db);
  const mail = await passwordReset({
    name: user?.firstName ?? null,
    username: user?.username ?? "",
    resetUrl: `${appUrl()}/reset-password/${token}`,
    expiresMinutes: RESET_TOKEN_TTL_MINUTES,
  });
  if (!user) return;
  await sendEmail(db, { kind: "password-reset", to: user.email, ...mail });
  log("info", "password reset requested", { requestId: caller.requestId, userId: user.id });
}

/** What `issueResetToken` does, against no account: the same statements on the same table, changing nothing. */
async function decoyResetToken(db: Database): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const table = schema.passwordResetTokens;
  await db
    .update(table)
    .set({ isUsed: true })
    .where(and(eq(table.userId, 0), eq(table.isUsed, false)));
  // An insert whose select finds no row: the planner and the table see the same statement, nothing is stored.
  await db.execute(
    sql`insert into "password_reset_tokens" ("user_id", "token", "expires_at") select "id", ${hashResetToken(token)}, now() from "users" where false`,
  );
  return token;
}

/**
 * Sets a new password with a reset link: other links voided, every session ended. Following the link
 * proved the mailbox, so the owner is let back in at once (docs/decisions/0034-owner-always-gets-back-in.md):
 * the account's failure count, which an attack from many addresses keeps up, is cleared, and the
 * router marks this browser as a known device, which that count never slows again.
 */
export async function resetPassword(
  db: Database,
  caller: Caller,
  input: Pick<ResetPasswordInput, "token" | "password">,
): Promise<{ userId: number; message: string }> {
  const userId = await consumeResetToken(db, input.token);
  if (userId === null) throw new DomainError("BAD_REQUEST", RESET_INVALID_MESSAGE);
  await setPassword(db, userId, input.password);
  const [user] = await db.select({ username: schema.users.username }).from(schema.users).where(eq(schema.users.id, userId));
  if (user) {
    await resetRateLimit(db, accountFailureKey(user.username));
    await resetRateLimit(db, addressFailureKey(caller.ip, user.username));
  }
  log("info", "password reset", { requestId: caller.requestId, userId });
  return { userId, message: RESET_DONE_MESSAGE };
}
