import { randomUUID } from "node:crypto";
import { getDb, type Database } from "@coach/db";
import { knownDevice, resolveSession, type SessionUser } from "@coach/auth";
import { addressForLimits } from "../shared/rate-limit";
import { backgroundTasks, type TaskQueue } from "../shared/tasks";

export interface CreateContextOptions {
  headers: Headers;
  /** Headers the procedure wants on the response (Set-Cookie). The adapters copy them over. */
  resHeaders?: Headers;
  /** A database to use instead of the process one (tests). */
  db?: Database;
  /** Where work after the answer goes (tests pass a queue they drain themselves). */
  tasks?: TaskQueue;
  /** The time in ms (tests move it to see sessions end). */
  now?: () => number;
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
  const resHeaders = opts.resHeaders ?? new Headers();
  const now = opts.now ?? Date.now;
  /** The signed-in user; a session in use gets a renewed cookie now and then (its idle limit restarts). */
  const resolveUser = async () => {
    const session = await resolveSession(await getDatabase(), opts.headers, now());
    if (session?.renewal) resHeaders.append("set-cookie", session.renewal);
    return session?.user ?? null;
  };
  return {
    headers: opts.headers,
    resHeaders,
    requestId,
    /** The client address as per-address limits count it (an IPv6 client by its /64). */
    ip: addressForLimits(clientIp(opts.headers)),
    /** The device cookie's account, when the browser has signed in here before (sign-in throttling). */
    device: knownDevice(opts.headers),
    tasks: opts.tasks ?? backgroundTasks,
    getDb: getDatabase,
    /** The signed-in user (checked against the database once per request), or null. */
    getUser: () => (sessionUser ??= resolveUser()),
  };
}

export type Context = Awaited<ReturnType<typeof createContext>>;

/**
 * The client address for abuse limits. The production server (apps/web/server.mjs) decides it from
 * the socket, or from what TRUSTED_PROXIES wrote, and writes it over X-Forwarded-For, so by the time
 * a request gets here the header holds that one address whatever the client sent. (Under `next dev`
 * the header is the client's own; per-address limits there protect nothing.)
 */
export function clientIp(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1) || headers.get("x-real-ip") || "local";
}
