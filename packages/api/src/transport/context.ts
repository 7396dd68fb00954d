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

/**
 * The client address for abuse limits. Next.js sets X-Forwarded-For to the socket address when the
 * request has none; a reverse proxy appends the address it saw. Entries to the left of that are
 * whatever the client claimed, so the rightmost hop is the one to trust. Deploy behind exactly one
 * proxy that appends (nginx: proxy_add_x_forwarded_for), or none.
 */
export function clientIp(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  return hops.at(-1) || headers.get("x-real-ip") || "local";
}
