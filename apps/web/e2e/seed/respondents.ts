/**
 * Seeds an embedded database with the assessments and hundreds of people who completed all four,
 * before a server is started on it (e2e/admin-analytics.spec.ts). Run with tsx:
 *   DATA_DIR=/tmp/x SEED_PEOPLE=240 tsx e2e/seed/respondents.ts
 */
import path from "node:path";
import { seedRespondents } from "@coach/api/testing";
import { createDb, seedContent } from "@coach/db";

const dataDir = process.env.DATA_DIR;
const people = Number(process.env.SEED_PEOPLE ?? 240);
if (!dataDir) throw new Error("DATA_DIR is required");

const handle = await createDb({ dataDir: path.join(dataDir, "pglite") });
await handle.migrate();
await seedContent(handle.db);
const ids = await seedRespondents(handle.db, { people, seed: 16, prefix: "seeded" });
await handle.close();
console.log(`seeded ${ids.length} people with results of every assessment`);
