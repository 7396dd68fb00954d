import { settings } from "@coach/config";
import { schema, sql, type Database } from "@coach/db";
import { DomainError } from "./domain-error";

export interface RateLimitRule {
  name: string;
  /** attempts allowed per window */
  limit: number;
  windowSeconds: number;
  message?: string;
}

/** RATE_LIMIT_MULTIPLIER relaxes every limit by configuration (the test suite sets it). */
function effectiveLimit(limit: number): number {
  return Math.max(1, Math.floor(limit * settings().rateLimitMultiplier));
}

/**
 * Counts one hit against a fixed window kept in the database, so the count holds across restarts
 * and instances. Returns the remaining allowance; throws 429 with a message when exceeded.
 */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<number> {
  const table = schema.rateLimits;
  const [row] = await db
    .insert(table)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`case when ${table.resetAt} <= now() then 1 else ${table.count} + 1 end`,
        resetAt: sql`case when ${table.resetAt} <= now() then now() + make_interval(secs => ${rule.windowSeconds}) else ${table.resetAt} end`,
      },
    })
    .returning({ count: table.count, resetAt: table.resetAt });
  const limit = effectiveLimit(rule.limit);
  if (row && row.count > limit) {
    const minutes = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 60_000));
    throw new DomainError(
      "TOO_MANY_REQUESTS",
      rule.message ?? `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
  return limit - (row?.count ?? 0);
}

/** Clears a key, e.g. the per-account login counter after a successful sign-in. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(schema.rateLimits).where(sql`${schema.rateLimits.key} = ${key}`);
}
