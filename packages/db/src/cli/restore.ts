import { readFileSync } from "node:fs";
import path from "node:path";
import { restoreBackup } from "../backup";
import { createDbFromEnv } from "../client";

// pnpm db:restore <file>: replaces ALL data of DATABASE_URL or the embedded database with the backup.
const file = process.argv[2];
if (!file) {
  console.error("Usage: pnpm db:restore <backup file>");
  process.exit(2);
}
const handle = await createDbFromEnv();
await handle.migrate();
try {
  const counts = await restoreBackup(handle.db, readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file)));
  console.log(`Restored ${Object.values(counts).reduce((a, b) => a + b, 0)} rows into the ${handle.kind} database.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
