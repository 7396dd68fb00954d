import { isIP } from "node:net";
import { formatDistanceStrict } from "date-fns";
import { settings } from "@coach/config";
import { schema, sql, type Database } from "@coach/db";
import { DomainError } from "./domain-error";

export interface RateLimitRule {
  name: string;
  /** attempts allowed per window */
  limit: number;
  windowSeconds: number;
  /** What the refused caller reads; a function gets the minutes until the window ends. */
  message?: string | ((minutesLeft: number) => string);
}

/**
 * The address per-address limits count: an IPv4 address as it is, an IPv6 address as its /64
 * ("2001:db8:1:2::/64"). One IPv6 host is handed a whole /64 and can rotate through it at will, so
 * counting single addresses would let it start afresh with every request. An IPv4-mapped address
 * (::ffff:192.0.2.1) counts as the IPv4 address. Anything else ("local") is kept as it is.
 */
export function addressForLimits(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIP(bare) !== 6) return address;
  const [head = "", tail = ""] = bare.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) lies in the interface half, which is dropped anyway.
  const groups = bare.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** "12 minutes", "1 minute", "3 hours": how long a refused caller waits (rounded up). */
export function waitWords(minutes: number): string {
  return formatDistanceStrict(0, minutes * 60_000, { roundingMethod: "ceil" });
}

/** RATE_LIMIT_MULTIPLIER relaxes every limit by configuration (the test suite sets it). */
export function effectiveLimit(limit: number): number {
  return Math.max(1, Math.floor(limit * settings().rateLimitMultiplier));
}

/**
 * Counts one hit against a fixed window kept in the database, so the count holds across restarts
 * and instances. Returns the count in the window and when the window ends.
 */
async function hit(db: Database, key: string, windowSeconds: number, sliding = false) {
  const table = schema.rateLimits;
  const [row] = await db
    .insert(table)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`case when ${table.resetAt} <= now() then 1 else ${table.count} + 1 end`,
        resetAt: sliding
          ? sql`now() + make_interval(secs => ${windowSeconds})`
          : sql`case when ${table.resetAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${table.resetAt} end`,
      },
    })
    .returning({ count: table.count, resetAt: table.resetAt });
  return { count: row?.count ?? 1, resetAt: row?.resetAt ?? new Date() };
}

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/** Counts one hit; throws 429 with a message when the rule's limit is exceeded. Returns the remaining allowance. */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<number> {
  const { count, resetAt } = await hit(db, key, rule.windowSeconds);
  const limit = effectiveLimit(rule.limit);
  if (count > limit) {
    const minutes = minutesUntil(resetAt);
    const message =
      typeof rule.message === "function"
        ? rule.message(minutes)
        : (rule.message ?? `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
    throw new DomainError("TOO_MANY_REQUESTS", message);
  }
  return limit - count;
}

/** Counts one hit and says whether it is still within the rule, without refusing anything (silent absorption). */
export async function withinRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<boolean> {
  const { count } = await hit(db, key, rule.windowSeconds);
  return count <= effectiveLimit(rule.limit);
}

/**
 * Failures are counted only when they happen, in a window that restarts with each failure, so the
 * time of the last failure is `resetAt - window` (what exponential delays are measured from).
 */
export async function recordFailure(db: Database, key: string, windowSeconds: number): Promise<void> {
  await hit(db, key, windowSeconds, true);
}

/** The failures counted under a key in its current window, and when the last one happened. */
export async function failuresSoFar(db: Database, key: string, windowSeconds: number): Promise<{ count: number; lastAt: Date | null }> {
  const table = schema.rateLimits;
  const [row] = await db
    .select({ count: table.count, resetAt: table.resetAt })
    .from(table)
    .where(sql`${table.key} = ${key} and ${table.resetAt} > now()`);
  if (!row) return { count: 0, lastAt: null };
  return { count: row.count, lastAt: new Date(row.resetAt.getTime() - windowSeconds * 1000) };
}

/** Clears a key, e.g. the per-account login counter after a successful sign-in. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(schema.rateLimits).where(sql`${schema.rateLimits.key} = ${key}`);
}
