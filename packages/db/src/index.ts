import { createDbFromEnv, type Database, type DbHandle } from "./client";
import { seedContent } from "./seed/index";

export * from "./client";
export * as schema from "./schema";
export { seedContent } from "./seed/index";
export {
  eq,
  and,
  or,
  not,
  desc,
  asc,
  sql,
  inArray,
  notInArray,
  isNull,
  isNotNull,
  gt,
  gte,
  lt,
  lte,
  ne,
  like,
  ilike,
  count,
  countDistinct,
} from "drizzle-orm";

type Holder = { handle?: Promise<DbHandle> };
// One database per process: Next.js may load this module more than once, globalThis is shared.
const holder = ((globalThis as Record<string, unknown>).__coachDb ??= {}) as Holder;

/**
 * The process-wide database, opened on first use (never at import time), migrated and seeded.
 * DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite in DATA_DIR.
 */
export function getDbHandle(): Promise<DbHandle> {
  holder.handle ??= (async () => {
    const handle = await createDbFromEnv();
    await handle.migrate();
    await seedContent(handle.db);
    return handle;
  })().catch((error: unknown) => {
    // Let the next request try again (e.g. PostgreSQL was down at start).
    holder.handle = undefined;
    throw error;
  });
  return holder.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDbHandle()).db;
}

/** Closes the process database (scripts and tests). */
export async function closeDb(): Promise<void> {
  const pending = holder.handle;
  holder.handle = undefined;
  if (pending) await (await pending).close();
}
