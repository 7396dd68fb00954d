import { randomUUID } from "node:crypto";
import { getDb, type Database } from "@coach/db";
import { resolveSessionUser, type SessionUser } from "@coach/auth";

export interface CreateContextOptions {
  headers: Headers;
  /** Headers the procedure wants on the response (Set-Cookie). The adapters copy them over. */
  resHeaders?: Headers;
  /** A database to use instead of the process one (tests). */
  db?: Database;
}

/**
 * One context for every caller: tRPC over HTTP, server components, the REST adapter and tests.
 * The database is opened lazily, so a health check can answer 503 instead of failing here.
 */
export async function createContext(opts: CreateContextOptions) {
  const requestId = opts.headers.get("x-request-id") ?? randomUUID();
  let db = opts.db;
  const getDatabase = async () => (db ??= await getDb());
  let sessionUser: Promise<SessionUser | null> | undefined;
  return {
    headers: opts.headers,
    resHeaders: opts.resHeaders ?? new Headers(),
    requestId,
    ip: clientIp(opts.headers),
    getDb: getDatabase,
    /** The signed-in user (checked against the database once per request), or null. */
    getUser: () => (sessionUser ??= getDatabase().then((d) => resolveSessionUser(d, opts.headers))),
  };
}

export type Context = Awaited<ReturnType<typeof createContext>>;

/** The client address: the first X-Forwarded-For hop when behind a proxy, else X-Real-IP. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "local";
}
