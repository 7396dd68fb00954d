import { decode, encode } from "next-auth/jwt";
import { settings } from "@coach/config";
import { eq, schema, type Database } from "@coach/db";
import type { Role } from "@coach/db/enums";
import { getAuthSecret } from "./secret";

/** Sessions last 30 days; a session version in the token lets the server end them at once. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

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

export async function encodeSessionToken(user: { id: number; sessionVersion: number }): Promise<string> {
  return encode({
    token: { sub: String(user.id), sv: user.sessionVersion },
    secret: getAuthSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
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

/** A Set-Cookie value for the session (or for clearing it when token is null). */
export function sessionCookie(token: string | null, secure: boolean): string {
  const parts = [
    `${sessionCookieName(secure)}=${token ?? ""}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    token ? `Max-Age=${SESSION_MAX_AGE_SECONDS}` : "Max-Age=0",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The signed-in user for a request, read from the session cookie and checked against the database:
 * a token whose session version is outdated, or whose account is disabled or deleted, is no session.
 * The role comes from the database, never from the token.
 */
export async function resolveSessionUser(db: Database, headers: Headers): Promise<SessionUser | null> {
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
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
  };
}
