import type { Database } from "@coach/db";

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
