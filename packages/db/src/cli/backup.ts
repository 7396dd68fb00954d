import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { settings } from "@coach/config";
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
// Uploaded images are files, not rows: say where they are and how to copy them.
const s3 = settings().s3;
console.log(
  s3
    ? `Uploaded images are not in this file: they live in the S3 bucket "${s3.bucket}" (prefix uploads/) at ${s3.endpoint ?? `AWS region ${s3.region}`}. ` +
        `Back them up with the store's own tools, for example \`aws s3 sync s3://${s3.bucket}/uploads ./uploads${s3.endpoint ? ` --endpoint-url ${s3.endpoint}` : ""}\` or \`mc mirror\` for MinIO.`
    : `Uploaded images are not in this file: they live in ${path.join(dataDir(), "uploads")}. Copy that folder alongside the backup (for example \`tar czf uploads.tgz -C ${dataDir()} uploads\`).`,
);
