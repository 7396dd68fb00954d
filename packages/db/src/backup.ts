/**
 * Logical backups that work the same on PGlite and PostgreSQL: every table as JSON rows
 * (Postgres builds and reads the JSON itself, so types round-trip exactly), gzip-compressed.
 * Restore replaces all data in one transaction and resets the id sequences.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** Parents before children, so foreign keys hold while restoring. */
export const BACKUP_TABLES = [
  "users",
  "tests",
  "test_calibrations",
  "questions",
  "test_attempts",
  "responses",
  "appointments",
  "appointment_reminders",
  "offers",
  "billing_profiles",
  "invoices",
  "payments",
  "refunds",
  "credit_grants",
  "appointment_credits",
  "retreat_applications",
  "stripe_events",
  "goals",
  "session_notes",
  "action_items",
  "blog_posts",
  "blog_tags",
  "email_subscribers",
  "password_reset_tokens",
  "contact_messages",
  "contact_replies",
  "audit_log",
  "rate_limits",
  "email_outbox",
  "newsletter_sends",
  "newsletter_issues",
  "app_settings",
] as const;

const FORMAT = "coach-backup/1";

interface BackupFile {
  format: typeof FORMAT;
  createdAt: string;
  migrations: number;
  tables: Record<string, unknown[]>;
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function migrationCount(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

export async function createBackup(db: Database): Promise<Buffer> {
  const tables: Record<string, unknown[]> = {};
  // One snapshot for all tables.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    for (const table of BACKUP_TABLES) {
      const [row] = await rows<{ data: unknown[] | string | null }>(
        tx as unknown as Database,
        sql`select coalesce(json_agg(t), '[]'::json) as data from ${sql.identifier(table)} t`,
      );
      const data = row?.data ?? [];
      tables[table] = typeof data === "string" ? (JSON.parse(data) as unknown[]) : data;
    }
  });
  const file: BackupFile = { format: FORMAT, createdAt: new Date().toISOString(), migrations: await migrationCount(db), tables };
  return gzipSync(JSON.stringify(file));
}

export async function restoreBackup(db: Database, archive: Buffer): Promise<Record<string, number>> {
  let file: BackupFile;
  try {
    file = JSON.parse(gunzipSync(archive).toString("utf8")) as BackupFile;
  } catch {
    throw new Error("This file is not a backup made by `pnpm db:backup` (it is not gzip-compressed JSON).");
  }
  if (file.format !== FORMAT) throw new Error(`Unknown backup format "${String(file.format)}".`);
  const current = await migrationCount(db);
  if (file.migrations !== current) {
    throw new Error(
      `The backup was made at schema version ${file.migrations}, the database is at ${current}. Restore into a database at the same version.`,
    );
  }
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql.raw(`truncate ${BACKUP_TABLES.map((n) => `"${n}"`).join(", ")} restart identity cascade`));
    for (const table of BACKUP_TABLES) {
      const data = file.tables[table] ?? [];
      counts[table] = data.length;
      if (data.length === 0) continue;
      const id = sql.identifier(table);
      await t.execute(sql`insert into ${id} select * from json_populate_recordset(null::${id}, ${JSON.stringify(data)}::json)`);
      const [serial] = await rows<{ seq: string | null }>(t, sql`select pg_get_serial_sequence(${table}, 'id') as seq`);
      if (serial?.seq) {
        await t.execute(sql`select setval(${serial.seq}, (select coalesce(max(id), 1) from ${id}), (select count(*) > 0 from ${id}))`);
      }
    }
  });
  return counts;
}
