/**
 * Seeds an embedded database with the assessments and hundreds of people who completed all four, and
 * SEED_SESSIONS past sessions of theirs with attendance, before a server is started on it
 * (e2e/admin-analytics.spec.ts). What was seeded is written to DATA_DIR/seeded-bookings.json. Run with tsx:
 *   DATA_DIR=/tmp/x SEED_PEOPLE=240 SEED_SESSIONS=360 tsx e2e/seed/respondents.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { seedBookings, seedRespondents } from "@coach/api/testing";
import { createDb, seedContent } from "@coach/db";

const dataDir = process.env.DATA_DIR;
const people = Number(process.env.SEED_PEOPLE ?? 240);
const sessions = Number(process.env.SEED_SESSIONS ?? 360);
if (!dataDir) throw new Error("DATA_DIR is required");

const handle = await createDb({ dataDir: path.join(dataDir, "pglite") });
await handle.migrate();
await seedContent(handle.db);
const ids = await seedRespondents(handle.db, { people, seed: 16, prefix: "seeded" });
const bookings = await seedBookings(handle.db, { userIds: ids, sessions, seed: 20 });
writeFileSync(path.join(dataDir, "seeded-bookings.json"), JSON.stringify(bookings));
await handle.close();
console.log(`seeded ${ids.length} people with results of every assessment, and ${sessions} past sessions`);
