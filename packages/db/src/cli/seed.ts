import { createDbFromEnv } from "../client";
import { seedContent } from "../seed/index";

// Seeds the content (assessments, blog posts) into DATA_DIR's embedded database or DATABASE_URL. Idempotent.
const handle = await createDbFromEnv();
await handle.migrate();
const result = await seedContent(handle.db);
await handle.close();
console.log(`Seeded ${result.tests} assessments and ${result.posts} blog posts (${handle.kind}).`);
