/**
 * Issue 30, finding 3: deleting an account leaves no rate-limit counter that names the person, and
 * expired counters do not pile up. The counters are made by the real requests that write them.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema, sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { addressForLimits } from "../shared/rate-limit";
import { TaskQueue } from "../shared/tasks";
import { createContext } from "../trpc/context";
import { createCaller } from "../root";
import { callerAs, createUser } from "../testing";
import { runPrivacyJobs } from "./jobs";

let handle: DbHandle;
const HOUR = 3_600_000;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-rate-limits-")));
  vi.stubEnv("RESEND_API_KEY", "");
  handle = await createTestDb();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const keys = async () => (await handle.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);

async function visitorFrom(ip: string, tasks = new TaskQueue({ autoStart: false })) {
  return createCaller(await createContext({ headers: new Headers({ "x-forwarded-for": ip }), db: handle.db, tasks }));
}

describe("rate-limit counters", () => {
  it("name nothing of a deleted account, whatever client addresses its requests came from", async () => {
    const someone = await createUser(handle.db, { username: "Kestrel_Vane" });
    const other = await createUser(handle.db);
    const { user } = someone;
    // Failed sign-ins (per address and account, per account) from an IPv4 and an IPv6 address,
    // reset mails (per source and address, per address), an export (per user), a newsletter sign-up.
    for (const ip of ["203.0.113.9", "2001:db8::7"]) {
      const visitor = await visitorFrom(ip);
      await visitor.auth.login({ username: user.username, password: "not-the-password" }).catch(() => undefined);
      const tasks = new TaskQueue({ autoStart: false });
      await (await visitorFrom(ip, tasks)).auth.requestPasswordReset({ email: user.email.toUpperCase() });
      await tasks.drain();
    }
    await (await visitorFrom("198.51.100.4")).newsletter.subscribe({ email: user.email }).catch(() => undefined);
    await (
      await visitorFrom("198.51.100.4")
    ).auth
      .login({ username: other.user.username, password: "not-the-password" })
      .catch(() => undefined);
    const signedIn = await callerAs(handle.db, someone.cookie);
    await signedIn.account.export();

    const named = (all: string[]) =>
      all.filter((k) => {
        const key = k.toLowerCase();
        return key.includes(user.username.toLowerCase()) || key.includes(user.email.toLowerCase()) || key.endsWith(`:user:${user.id}`);
      });
    const before = await keys();
    // The requests did write counters about the person, including the two in finding 3.
    expect(named(before).length).toBeGreaterThanOrEqual(6);
    // An IPv6 client is counted by its /64 (issue 30), so the key names the group, not the address.
    expect(before).toContain(`login-fail:ip:${addressForLimits("2001:db8::7")}:${user.username.toLowerCase()}`);
    expect(before).toContain(`reset-mail:source:203.0.113.9:${user.email.toLowerCase()}`);
    const newsletterKeys = before.filter((k) => k.startsWith("newsletter-email:"));
    expect(newsletterKeys).toHaveLength(1);

    await signedIn.account.delete({ confirm: "DELETE", password: someone.password });

    const after = await keys();
    expect(named(after)).toEqual([]);
    expect(after.filter((k) => k.startsWith("newsletter-email:"))).toEqual([]);
    // Other people's counters and those of a client address alone stay.
    expect(after).toContain(`login-fail:account:${other.user.username.toLowerCase()}`);
    expect(after.some((k) => k.includes(":ip:198.51.100.4") && !k.includes(other.user.username.toLowerCase()))).toBe(true);
  });

  it("are deleted by the periodic job once their window has ended, and only then", async () => {
    const now = new Date();
    await handle.db.insert(schema.rateLimits).values([
      { key: "test-expired:ip:192.0.2.1", count: 3, resetAt: new Date(now.getTime() - 2 * 24 * HOUR) },
      { key: "test-expired:account:someone", count: 1, resetAt: new Date(now.getTime() - 60_000) },
      { key: "test-live:ip:192.0.2.1", count: 1, resetAt: new Date(now.getTime() + HOUR) },
    ]);
    const report = await runPrivacyJobs(handle.db, now);
    expect(report.expiredRateLimits).toBeGreaterThanOrEqual(2);
    const left = await keys();
    expect(left).toContain("test-live:ip:192.0.2.1");
    expect(left.filter((k) => k.startsWith("test-expired:"))).toEqual([]);
    const dayOld = await handle.db
      .select()
      .from(schema.rateLimits)
      .where(sql`${schema.rateLimits.resetAt} <= now() - interval '1 day'`);
    expect(dayOld).toEqual([]);
  });
});
