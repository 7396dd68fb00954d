/**
 * Issue 30, finding 7: a password-reset request takes the same time whether or not the address has
 * an account, measured as a client measures it (the answer's latency, with the queued work of earlier
 * requests running in the background as it does in production).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { createUser, withQueryLog } from "../testing";
import { backgroundTasks, TaskQueue } from "../shared/tasks";
import { createContext } from "../trpc/context";
import { handleRestRequest } from "../http/rest";
import { createCaller } from "../root";

let handle: DbHandle;
let mailDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), "coach-reset-timing-"));
  process.env.DATA_DIR = mailDir;
  delete process.env.RESEND_API_KEY;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  handle = await createTestDb();
});
afterAll(async () => {
  await backgroundTasks.drain();
  await handle?.close();
  rmSync(mailDir, { recursive: true, force: true });
  process.env = savedEnv;
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

let ip = 0;
async function timedRequest(email: string): Promise<number> {
  const request = new Request("http://localhost:3000/api/auth/request-password-reset", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${(ip++ % 250) + 1}` },
    body: JSON.stringify({ email }),
  });
  const started = performance.now();
  const response = await handleRestRequest(request, { db: handle.db });
  const took = performance.now() - started;
  expect(response.status).toBe(200);
  return took;
}

describe("password-reset requests", () => {
  it("do the same database work for addresses with and without an account, up to storing the e-mail", async () => {
    const { user } = await createUser(handle.db);
    const statements = async (email: string) => {
      const { db, queries } = withQueryLog(handle);
      const tasks = new TaskQueue({ autoStart: false });
      const headers = new Headers({ "x-forwarded-for": `198.51.100.${(ip++ % 250) + 1}` });
      await createCaller(await createContext({ headers, db, tasks })).auth.requestPasswordReset({ email });
      await tasks.drain();
      // The statements' shapes (tables and verbs), without their values.
      return queries.map((q) => q.replace(/\$\d+/g, "?"));
    };
    const known = await statements(user.email);
    const unknown = await statements("nobody-at-all@example.com");
    const mailAt = known.findIndex((q) => q.includes('"email_outbox"'));
    expect(mailAt).toBeGreaterThan(0);
    expect(unknown.map(verbAndTable)).toEqual(known.slice(0, mailAt).map(verbAndTable));
  });

  it("take the same time for addresses with and without an account", async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createUser(handle.db)));
    // Interleaved, as a prober would: each answer is measured while the previous request's queued
    // work runs, which is where work done only for real accounts showed (39 ms against 15 ms).
    const measure = async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 40; round++) {
        known.push(await timedRequest(accounts[round % accounts.length]!.user.email));
        unknown.push(await timedRequest(`nobody-${round}@example.com`));
      }
      const [a, b] = [median(known.slice(5)), median(unknown.slice(5))];
      return { gap: Math.abs(a - b), allowed: Math.max(5, 0.1 * Math.max(a, b)) };
    };
    // A leak is systematic and shows in every measurement; another test file running beside this one
    // on a 2-core machine stretches one measurement by chance. So a gap must persist across three.
    const attempts = [];
    for (let i = 0; i < 3; i++) {
      const attempt = await measure();
      attempts.push(attempt);
      if (attempt.gap <= attempt.allowed) break;
    }
    expect(
      attempts.some((attempt) => attempt.gap <= attempt.allowed),
      JSON.stringify(attempts),
    ).toBe(true);
  }, 90_000);
});

/** "update password_reset_tokens", "select users": what a statement does to which table. */
function verbAndTable(query: string): string {
  const verb = query.trim().split(/\s+/)[0]!.toLowerCase();
  const table = /(?:from|into|update)\s+"(\w+)"/i.exec(query)?.[1] ?? "";
  return `${verb} ${table}`;
}
