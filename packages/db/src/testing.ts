/**
 * Test databases. Each test file gets its own, fully migrated:
 * - PGlite (always): a migrated template is built once per migration set and cloned from its dump (fast).
 * - PostgreSQL (TEST_DB_DRIVER=postgres): a fresh database on TEST_DATABASE_URL's server, dropped on close.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, migrationsFolder, type DbHandle } from "./client";

export type TestDbDriver = "pglite" | "postgres";

export function testDbDriver(): TestDbDriver {
  return process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
}

function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `coach-pglite-template-${migrationsHash()}.tgz`);
  if (!existsSync(file)) {
    const handle = await createDb({ dataDir: "memory://" });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("gzip");
    await handle.close();
    // Several test workers may race here: write aside, then rename atomically.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  return new Blob([readFileSync(file)]);
}

export async function createTestDb(): Promise<DbHandle> {
  if (testDbDriver() === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL");
    const { default: postgres } = await import("postgres");
    const name = `coach_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await createDb({ databaseUrl: url.toString(), maxConnections: 25 });
    await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const handle = await createDb({ dataDir: "memory://", loadDataDir: await pgliteTemplate() });
  return handle;
}
