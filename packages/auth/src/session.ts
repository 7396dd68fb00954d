import { decode, encode } from "next-auth/jwt";
import { settings } from "@coach/config";
import { eq, schema, type Database } from "@coach/db";
import type { Role } from "@coach/db/enums";
import { getAuthSecret } from "./secret";

/**
 * How long a session may last (docs/decisions/0035-session-lifetimes.md): every session ends 30 days
 * after its sign-in however active, and the coach's (an admin's, which reads private notes) after
 * 12 hours without use. A session version in the token lets the server end them all at once.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const ADMIN_IDLE_SECONDS = 12 * 60 * 60;
/** A session in use gets a fresh cookie (its last use moved on) at most this often. */
export const SESSION_RENEW_AFTER_SECONDS = 5 * 60;

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

/** next-auth's cookie names, so its own handlers and ours read the same session. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export function isSecureRequest(headers: Headers): boolean {
  const proto = headers.get("x-forwarded-proto");
  if (proto) return proto.split(",")[0]?.trim() === "https";
  // Only a configured APP_URL counts: the localhost default is plain http anyway.
  return settings().appUrlConfigured && settings().appUrl.startsWith("https://");
}

/** When a session started (`st`) and was last used (`seen`), in seconds since the epoch. */
export interface SessionTimes {
  startedAt: number;
  lastSeenAt: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A session token; `startedAt` carries a renewed session's sign-in time forward (default: a new sign-in now). */
export async function encodeSessionToken(
  user: { id: number; sessionVersion: number },
  options: { now?: number; startedAt?: number } = {},
): Promise<string> {
  const now = seconds(options.now ?? Date.now());
  return encode({
    token: { sub: String(user.id), sv: user.sessionVersion, st: options.startedAt ?? now, seen: now },
    secret: getAuthSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/**
 * Whether a session is past its limits at `now` (ms): 30 days after it started, or, for an admin,
 * 12 hours after its last use. A token from before these claims counts from when it was issued.
 */
export function sessionExpired(token: Record<string, unknown>, role: Role, now = Date.now()): boolean {
  const issued = typeof token.iat === "number" ? token.iat : 0;
  const startedAt = typeof token.st === "number" ? token.st : issued;
  const lastSeenAt = typeof token.seen === "number" ? token.seen : issued;
  const at = seconds(now);
  if (at - startedAt > SESSION_MAX_AGE_SECONDS) return true;
  return role === "admin" && at - lastSeenAt > ADMIN_IDLE_SECONDS;
}

export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A Set-Cookie value for the session (or for clearing it when token is null); a renewed one keeps only its remaining life. */
export function sessionCookie(token: string | null, secure: boolean, maxAgeSeconds = SESSION_MAX_AGE_SECONDS): string {
  const parts = [
    `${sessionCookieName(secure)}=${token ?? ""}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    token ? `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}` : "Max-Age=0",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The signed-in user for a request, read from the session cookie and checked against the database:
 * a token whose session version is outdated, or whose account is disabled or deleted, is no session.
 * The role comes from the database, never from the token.
 */
export async function resolveSessionUser(db: Database, headers: Headers, now = Date.now()): Promise<SessionUser | null> {
  return (await resolveSession(db, headers, now))?.user ?? null;
}

/**
 * The session of a request with what renewing it needs: a fresh cookie (`renewal`) when its last use
 * is more than a few minutes old, so the admin's idle limit counts from the last use, not the sign-in.
 */
export async function resolveSession(
  db: Database,
  headers: Headers,
  now = Date.now(),
): Promise<{ user: SessionUser; renewal: string | null } | null> {
  const token = readCookie(headers, sessionCookieName(true)) ?? readCookie(headers, sessionCookieName(false));
  if (!token) return null;
  let payload: Awaited<ReturnType<typeof decode>>;
  try {
    payload = await decode({ token, secret: getAuthSecret() });
  } catch {
    return null;
  }
  const userId = Number(payload?.sub);
  if (!payload || !Number.isInteger(userId)) return null;
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!row || row.disabledAt || row.sessionVersion !== payload.sv) return null;
  if (sessionExpired(payload, row.role, now)) return null;
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
  };
  const lastSeenAt = typeof payload.seen === "number" ? payload.seen : typeof payload.iat === "number" ? payload.iat : 0;
  if (seconds(now) - lastSeenAt < SESSION_RENEW_AFTER_SECONDS) return { user, renewal: null };
  const startedAt = typeof payload.st === "number" ? payload.st : lastSeenAt;
  const renewed = await encodeSessionToken(row, { now, startedAt });
  const left = startedAt + SESSION_MAX_AGE_SECONDS - seconds(now);
  return { user, renewal: sessionCookie(renewed, isSecureRequest(headers), left) };
}
