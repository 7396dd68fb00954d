/**
 * Issue 30: a session in use used to last for ever (30 days, renewed on every use). Now the coach's
 * (admin) session ends after 12 hours without use and every session 30 days after its sign-in,
 * however active; signing in again is needed after either. A moved clock stands in for waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS } from "@coach/auth";
import { type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { createUser } from "../testing";
import { createContext } from "../trpc/context";
import { createCaller } from "../root";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A browser that keeps the session cookie it is given back, at a time of the test's choosing. */
function browser(cookie: string, start = Date.now()) {
  let jar = cookie;
  return {
    /** Who the session is at `offset` ms after the start (taking any renewed cookie). */
    async at(offset: number) {
      const ctx = await createContext({ headers: new Headers({ cookie: jar }), db: handle.db, now: () => start + offset });
      const { user } = await createCaller(ctx).auth.me();
      const renewed = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
      if (renewed) jar = renewed.split(";")[0]!;
      return user?.id ?? null;
    },
  };
}

describe("session lifetimes", () => {
  it("end the coach's session after 12 hours without use, and keep it while she uses it", async () => {
    const { user, cookie } = await createUser(handle.db, { role: "admin" });
    const coach = browser(cookie);
    // Used every 11 hours for three days: still signed in.
    for (let hours = 11; hours <= 72; hours += 11) expect(await coach.at(hours * HOUR)).toBe(user.id);
    // Then 12 hours and a minute without use: signed out, and it stays so.
    expect(await coach.at(66 * HOUR + ADMIN_IDLE_SECONDS * 1000 + 60_000)).toBeNull();
    expect(await coach.at(67 * HOUR + ADMIN_IDLE_SECONDS * 1000)).toBeNull();
  });

  it("end every session 30 days after its sign-in, however active; a client's is not ended by 12 idle hours", async () => {
    const { user, cookie } = await createUser(handle.db);
    const client = browser(cookie);
    expect(await client.at(20 * HOUR)).toBe(user.id);
    for (let day = 2; day < 30; day += 3) expect(await client.at(day * DAY)).toBe(user.id);
    expect(await client.at(SESSION_MAX_AGE_SECONDS * 1000 - HOUR)).toBe(user.id);
    expect(await client.at(SESSION_MAX_AGE_SECONDS * 1000 + 60_000)).toBeNull();
  });

  it("a renewed cookie keeps only what is left of the 30 days", async () => {
    const { cookie } = await createUser(handle.db);
    const start = Date.now();
    const ctx = await createContext({ headers: new Headers({ cookie }), db: handle.db, now: () => start + 10 * DAY });
    await createCaller(ctx).auth.me();
    const renewed = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(renewed)![1]);
    expect(Math.abs(maxAge - 20 * 86_400)).toBeLessThan(120);
  });
});
