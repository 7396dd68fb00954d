import { pgErrorCode, sql, type Database } from "@coach/db";
import { log } from "./logger";

/**
 * A transaction handed to `db.transaction(async (tx) => ...)`. Drizzle's transaction extends the
 * database type, so helpers typed `Database` accept a transaction as it is (no cast).
 */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** `value` for a LIKE pattern, its own %, _ and \ taken literally (backslash is LIKE's default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive "contains" pattern for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${escapeLike(search)}%`;
}

/**
 * The columns to select for an output shape: the shape's keys, looked up on the table. The zod
 * object is the one list of fields; the column map follows from it.
 */
export function columnsOf<T extends object, K extends keyof T & string>(table: T, shape: { shape: Record<K, unknown> }): Pick<T, K> {
  return Object.fromEntries(Object.keys(shape.shape).map((key) => [key, table[key as K]])) as Pick<T, K>;
}

/**
 * Runs `work` again when PostgreSQL broke a deadlock by aborting it (40P01). Simultaneous inserts of
 * overlapping rows under an exclusion constraint (two bookings of one time) can each wait for the
 * other's uncommitted row; after deadlock_timeout PostgreSQL aborts one. By the retry the other has
 * committed or rolled back, so the constraint answers plainly: a conflict, or room after all.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || pgErrorCode(error) !== "40P01") throw error;
      log("warn", "deadlock broken by the database; retrying", { attempt });
    }
  }
}

/** The advisory lock key of the calendar (see lockCalendar); 724310021 is the migrations' lock. */
const CALENDAR_LOCK_KEY = 724310022;

/**
 * Takes the calendar's lock until the transaction ends; call it just before writing an appointment's
 * time (insert or move). The no-overlap exclusion constraint alone is safe but can stall for tens of
 * seconds under a burst: each inserter adds its index entry and then waits for every uncommitted
 * overlapping one, so N simultaneous bookings of one slot wait on each other in a tangle that nobody
 * can commit out of. PostgreSQL breaks it one victim per deadlock_timeout (1 s), and the victim's
 * retry rejoins it (measured: 20 bookings took 50 s, ~120 deadlocks). Queued on this lock instead,
 * the writers go one at a time and each loser meets the winner's committed row: a conflict at once.
 * One key for the whole calendar, as the constraint spans every appointment (one coach); decision 59.
 */
export async function lockCalendar(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK_KEY})`);
}
