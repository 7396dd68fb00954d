/**
 * Issue 30, finding 1: an attacker who keeps an account's failure count up from rotating addresses
 * must not keep its owner out. A completed password reset lets the owner back in at once, and the
 * coach's username appears in nothing a client reads.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { readOutbox } from "@coach/email/testing";
import { createContext } from "../trpc/context";
import { createCaller } from "../root";
import { createUser } from "../testing";
import { TaskQueue } from "../shared/tasks";
import { coachContact } from "../users/service";
import { SIGN_IN_THROTTLE } from "./service";

let handle: DbHandle;
let mailDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), "coach-lockout-test-"));
  process.env.DATA_DIR = mailDir;
  delete process.env.RESEND_API_KEY;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.ADMIN_EMAIL;
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
  rmSync(mailDir, { recursive: true, force: true });
  process.env = savedEnv;
});

let ipCounter = 0;
/** Each call comes from another address, as a botnet's would. */
const rotatingIp = () => `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function browser(cookie?: string, tasks?: TaskQueue) {
  const headers = new Headers({ "x-forwarded-for": rotatingIp() });
  if (cookie) headers.set("cookie", cookie);
  const ctx = await createContext({ headers, db: handle.db, tasks });
  return { auth: createCaller(ctx).auth, ctx };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return "OK";
}

/** Wrong guesses from a new address each, until the account is being slowed down. */
async function attack(username: string) {
  for (let i = 0; i <= SIGN_IN_THROTTLE.accountFreeFailures + 2; i++) {
    await refusal((await browser()).auth.login({ username, password: `guess-${i}-wrong` }));
  }
}

/** The reset link mailed to an address: requested and followed as the owner would. */
async function mailedResetToken(email: string): Promise<string> {
  const tasks = new TaskQueue({ autoStart: false });
  await (await browser(undefined, tasks)).auth.requestPasswordReset({ email });
  await tasks.drain();
  // The mailbox, as the owner reads it: the outbox keeps no sign-in link once delivered.
  const mail = readOutbox(mailDir)
    .filter((m) => [m.to].flat().includes(email))
    .at(-1);
  const token = /\/reset-password\/([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no reset link was mailed");
  return token;
}

const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith("coach-device="))
    ?.split(";")[0];

describe("after a sustained throttling attack, the owner", () => {
  it("completes a reset and signs in at once from the new device that reset it, however the attack goes on", async () => {
    const { user, password } = await createUser(handle.db, { role: "admin" });
    await attack(user.username);
    // The attack works on a browser the owner never used: the right password is refused.
    expect(await refusal((await browser()).auth.login({ username: user.username, password }))).toBe("TOO_MANY_REQUESTS");

    const token = await mailedResetToken(user.email);
    const resetting = await browser();
    await resetting.auth.resetPassword({ token, password: "new-harbour-77", confirmPassword: "new-harbour-77" });
    const device = deviceCookieOf(resetting.ctx.resHeaders);
    expect(device).toBeDefined();

    // At once, from that browser and from any other: the reset cleared the account's failure count.
    expect(await refusal((await browser(device)).auth.login({ username: user.username, password: "new-harbour-77" }))).toBe("OK");
    expect(await refusal((await browser()).auth.login({ username: user.username, password: "new-harbour-77" }))).toBe("OK");

    // The attack resumes: new browsers are slowed again, the browser that reset the password never is.
    await attack(user.username);
    expect(await refusal((await browser()).auth.login({ username: user.username, password: "new-harbour-77" }))).toBe("TOO_MANY_REQUESTS");
    for (let round = 0; round < 2; round++) {
      await attack(user.username);
      expect(await refusal((await browser(device)).auth.login({ username: user.username, password: "new-harbour-77" }))).toBe("OK");
    }
  });
});

describe("the coach's username", () => {
  it("appears in no contact line a client reads: her name, else 'the coach', and never the bootstrap's stand-in address", async () => {
    await handle.db.delete(schema.users).where(eq(schema.users.role, "admin"));
    const { user } = await createUser(handle.db, { role: "admin", username: "coachadmin", email: "coachadmin@localhost.invalid" });
    expect(await coachContact(handle.db)).toBeNull();

    await handle.db.update(schema.users).set({ email: "bookings@coach.example" }).where(eq(schema.users.id, user.id));
    const contact = await coachContact(handle.db);
    expect(contact).toEqual({ name: "the coach", email: "bookings@coach.example" });

    await handle.db.update(schema.users).set({ firstName: "Grace", lastName: "Hopper" }).where(eq(schema.users.id, user.id));
    expect((await coachContact(handle.db))?.name).toBe("Grace Hopper");

    // A disabled admin (someone who left) no longer receives the clients' messages: the next active admin does.
    await createUser(handle.db, { role: "admin", firstName: "Ada", lastName: "Lovelace", email: "ada@coach.example" });
    await handle.db.update(schema.users).set({ disabledAt: new Date() }).where(eq(schema.users.id, user.id));
    expect(await coachContact(handle.db)).toEqual({ name: "Ada Lovelace", email: "ada@coach.example" });
  });
});

describe("per-address limits", () => {
  it("count an IPv6 host rotating through its /64 as one address", async () => {
    const from = async (i: number) => {
      const ctx = await createContext({ headers: new Headers({ "x-forwarded-for": `2001:db8:5:6::${i.toString(16)}` }), db: handle.db });
      return createCaller(ctx).auth;
    };
    for (let i = 1; i <= 20; i++)
      expect(await refusal((await from(i)).login({ username: `nobody${i}`, password: "wrong-password" }))).toBe("UNAUTHORIZED");
    expect(await refusal((await from(999)).login({ username: "nobody-else", password: "wrong-password" }))).toBe("TOO_MANY_REQUESTS");
  });
});
