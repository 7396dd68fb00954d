import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createBackup } from "../backup";
import { createDbFromEnv, dataDir } from "../client";

// pnpm db:backup [file]: writes a backup of DATABASE_URL or the embedded database.
// With the embedded database, stop the server first (PGlite serves one process).
const handle = await createDbFromEnv();
await handle.migrate();
const target = process.argv[2]
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  : path.join(dataDir(), "backups", `backup-${new Date().toISOString().replace(/[:.]/g, "-")}.json.gz`);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, await createBackup(handle.db), { mode: 0o600 });
await handle.close();
console.log(`Backup of the ${handle.kind} database written to ${target}`);
