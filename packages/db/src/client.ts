import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { settings } from "@coach/config";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface DbHandle {
  db: Database;
  kind: DbKind;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; "memory://" for a throwaway one. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (test template). */
  loadDataDir?: Blob | File;
  /** Max pooled connections for PostgreSQL. */
  maxConnections?: number;
}

/** Walks up from the working directory to find the committed migrations (works from the repo root, apps/web and packages/*). */
export function migrationsFolder(): string {
  const configured = settings().migrationsDir;
  if (configured) return configured;
  let dir = process.cwd();
  for (;;) {
    for (const candidate of [path.join(dir, "drizzle"), path.join(dir, "packages/db/drizzle")]) {
      if (existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the database migrations (packages/db/drizzle). Set MIGRATIONS_DIR.");
    dir = parent;
  }
}

/** The repository root (where pnpm-workspace.yaml is), used for the default DATA_DIR. */
export function repoRoot(): string {
  let dir = process.cwd();
  for (;;) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export function dataDir(): string {
  const configured = settings().dataDir;
  const dir = configured ? path.resolve(configured) : path.join(repoRoot(), ".data");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Creates a database handle. Nothing connects until the first query. */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const folder = () => migrationsFolder();
  const databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connect_timeout: 5,
      idle_timeout: 30,
    });
    const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async migrate() {
        const { migrate } = await import("drizzle-orm/postgres-js/migrator");
        // Several instances may start at once: one migrates while the others wait on a session lock.
        const single = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
        try {
          await single`select pg_advisory_lock(724310021)`;
          await migrate(drizzle(single, { casing: "snake_case" }), { migrationsFolder: folder() });
        } finally {
          await single.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const target = options.dataDir ?? path.join(dataDir(), "pglite");
  if (!target.startsWith("memory://")) mkdirSync(target, { recursive: true });
  const client = await PGlite.create(target, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async migrate() {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder: folder() });
    },
    close: () => client.close(),
  };
}

/** The database the environment asks for: DATABASE_URL, else the embedded one in DATA_DIR. */
export function createDbFromEnv(options: Pick<CreateDbOptions, "maxConnections"> = {}): Promise<DbHandle> {
  const { databaseUrl } = settings();
  return createDb({ ...options, databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir(), "pglite") });
}

/** True when the database answers within the timeout. */
export async function pingDb(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The PostgreSQL SQLSTATE of an error, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for errors that mean the database cannot be reached (as opposed to a bad query). */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE|CONNECT_TIMEOUT|CONNECTION_\w+)$/.test(code) ||
        code.startsWith("08") ||
        code === "57P01" ||
        code === "57P03")
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
