// Available-slots latency: GET /api/appointments/available-slots for the spec's 7-day window with
// 1,000 existing appointments, measured through the real procedure (session check, settings read,
// appointments query, Google skipped as not connected, engine) on the embedded database, plus the
// pure engine alone.
import { mkdtempSync } from "node:fs";
import { register } from "tsx/esm/api";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The TypeScript sources run through tsx, so no build is needed.
register();

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "coach-slots-bench-"));
process.env.AUTH_SECRET ??= "bench-only-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";
const load = (p) => import(pathToFileURL(path.join(root, p)).href);

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const APPOINTMENTS = 1000;

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const f = (n) => Number(n.toFixed(2));
  return { runs: sorted.length, "p50 ms": f(at(0.5)), "p95 ms": f(at(0.95)), "p99 ms": f(at(0.99)), "max ms": f(sorted.at(-1)) };
}

async function time(fn) {
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

const { createTestDb } = await load("packages/db/src/testing.ts");
const { schema } = await load("packages/db/src/index.ts");
const { callerAs, createUser } = await load("packages/api/src/testing.ts");
const scheduling = await load("packages/scheduling/src/index.ts");

const handle = await createTestDb();
const db = handle.db;
const { user, cookie } = await createUser(db, { firstName: "Bench" });
const admin = await createUser(db, { role: "admin" });
// No notice and a long horizon, so the whole window counts whatever today is.
await (
  await callerAs(db, admin.cookie)
).settings.updateAvailability({ timeZone: "America/New_York", minimumNoticeHours: 0, maxDaysAhead: 365 });

const today = new Date();
const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 14));
const to = new Date(from.getTime() + 7 * 86_400_000);
const caller = await callerAs(db, cookie);
const input = { startDate: from.toISOString(), endDate: to.toISOString(), appointmentType: "coaching" };

async function fill(spanMs, lengthMs) {
  await db.delete(schema.appointments);
  const step = spanMs / APPOINTMENTS;
  const rows = Array.from({ length: APPOINTMENTS }, (_, i) => {
    const start = new Date(from.getTime() + Math.round(i * step));
    return {
      userId: user.id,
      title: `Bench ${i}`,
      appointmentType: "consultation",
      status: "scheduled",
      startTime: start,
      endTime: new Date(start.getTime() + lengthMs),
    };
  });
  for (let i = 0; i < rows.length; i += 250) await db.insert(schema.appointments).values(rows.slice(i, i + 250));
}

const results = {};
// 1,000 five-minute appointments spread over the whole week, around the clock.
await fill(to.getTime() - from.getTime(), 5 * 60_000);
results[`procedure: 1,000 spread over 7 days (${(await caller.appointments.availableSlots(input)).length} slots)`] = await time(() =>
  caller.appointments.availableSlots(input),
);
// The same 1,000 packed into the first half of the week, leaving the rest free.
await fill((to.getTime() - from.getTime()) / 2, 5 * 60_000);
results[`procedure: 1,000 in first 3.5 days (${(await caller.appointments.availableSlots(input)).length} slots)`] = await time(() =>
  caller.appointments.availableSlots(input),
);
const query = scheduling.benchQuery();
results["engine only: 1,000 busy blocks"] = await time(() => scheduling.computeAvailableSlots(query));

console.log(
  `available-slots latency, 7-day window, ${APPOINTMENTS} existing appointments (embedded PGlite, in-process call, ${RUNS} runs each):`,
);
console.table(results);
await handle.close();
