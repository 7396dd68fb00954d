import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { createContext } from "../context";
import { createCaller } from "../root";

/** A caller whose context (and so its response headers) the test can read. */
async function callerFor(db: DbHandle["db"], headers: HeadersInit = {}) {
  const ctx = await createContext({ headers: new Headers(headers), db });
  const caller = createCaller(ctx);
  return { auth: caller.auth, admin: caller.admin, ctx };
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

let n = 0;
function account(overrides: Record<string, string> = {}) {
  n += 1;
  const username = `member${n}_${Math.random().toString(36).slice(2, 6)}`;
  return { username, email: `${username}@example.com`, password: "tidal-basin-42", confirmPassword: "tidal-basin-42", ...overrides };
}

/** The session cookie a response set, as a request Cookie header. */
function cookieFrom(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!set) throw new Error("no session cookie was set");
  return set.split(";")[0]!;
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a failure");
}

describe("register, login, me, logout", () => {
  it("registers, signs in with the cookie, and logs out everywhere", async () => {
    const data = account({ firstName: "Ada" });
    const visitor = await callerFor(handle.db);
    const { user } = await visitor.auth.register(data);
    expect(user).toMatchObject({ username: data.username, firstName: "Ada", role: "user" });
    const cookie = cookieFrom(visitor.ctx.resHeaders);
    expect(visitor.ctx.resHeaders.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);

    const signedIn = await callerFor(handle.db, { cookie });
    expect((await signedIn.auth.me()).user?.username).toBe(data.username);

    const loginCaller = await callerFor(handle.db);
    const login = await loginCaller.auth.login({ username: data.username.toUpperCase(), password: data.password });
    expect(login.user.username).toBe(data.username);
    const secondCookie = cookieFrom(loginCaller.ctx.resHeaders);

    await signedIn.auth.logout();
    expect(signedIn.ctx.resHeaders.getSetCookie()[0]).toMatch(/Max-Age=0/);
    expect((await (await callerFor(handle.db, { cookie })).auth.me()).user).toBeNull();
    expect((await (await callerFor(handle.db, { cookie: secondCookie })).auth.me()).user).toBeNull();
  });

  it("answers the same for an unknown user and a wrong password", async () => {
    const data = account();
    await (await callerFor(handle.db)).auth.register(data);
    const wrong = await failure((await callerFor(handle.db)).auth.login({ username: data.username, password: "not-the-password" }));
    const unknown = await failure((await callerFor(handle.db)).auth.login({ username: "nobody-here", password: "not-the-password" }));
    expect(wrong).toEqual({ code: "UNAUTHORIZED", message: "Invalid username or password" });
    expect(unknown).toEqual(wrong);
  });
});
