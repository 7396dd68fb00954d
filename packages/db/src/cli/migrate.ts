import { createDbFromEnv } from "../client";

// Applies the committed migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
const handle = await createDbFromEnv();
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
