import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { ensureAdminFromEnv, findUserByUsername, hashPasswordWithParams, verifyPassword } from "@coach/auth";
import { desc, eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { readOutbox, startFakeResend } from "@coach/email/testing";
import { COMMON_PASSWORD_MESSAGE } from "@coach/validators/auth";
import { createContext } from "../trpc/context";
import { handleRestRequest } from "../http/rest";
import { createCaller } from "../root";
import { handleTrpcRequest } from "../http/trpc-handler";
import { adminProcedure, createCallerFactory, createTRPCRouter } from "../trpc/init";
import { INVALID_CREDENTIALS, RESET_INVALID_MESSAGE, RESET_REQUEST_MESSAGE } from "./router";
import { accountDelaySeconds, RESET_MAIL_LIMITS, SIGN_IN_THROTTLE } from "./service";
import { backgroundTasks, TaskQueue } from "../shared/tasks";

let handle: DbHandle;
let mailDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  // Mail goes to a throwaway folder; links must come from APP_URL, whatever the request's Host says.
  mailDir = mkdtempSync(path.join(os.tmpdir(), "coach-auth-test-"));
  process.env.DATA_DIR = mailDir;
  process.env.APP_URL = "https://coaching.example";
  delete process.env.RESEND_API_KEY;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  handle = await createTestDb();
});
afterAll(async () => {
  // Let background reset e-mails finish before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await handle?.close();
  rmSync(mailDir, { recursive: true, force: true });
  process.env = savedEnv;
});

let n = 0;
/** Registration data for a fresh account; each gets its own client address so per-IP limits stay out of the way. */
function account(overrides: Record<string, string> = {}) {
  n += 1;
  const username = `member${n}_${Math.random().toString(36).slice(2, 6)}`;
  return { username, email: `${username}@example.com`, password: "tidal-basin-42", confirmPassword: "tidal-basin-42", ...overrides };
}
let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1)}`;

/** A caller whose context (and so its response headers) the test can read. */
async function callerFor(headers: Record<string, string> = {}) {
  const ctx = await createContext({ headers: new Headers({ "x-forwarded-for": freshIp(), ...headers }), db: handle.db });
  return { auth: createCaller(ctx).auth, ctx };
}

/** The session cookie a response set, as a request Cookie header. */
function cookieFrom(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  if (!set) throw new Error("no session cookie was set");
  return set.split(";")[0]!;
}

async function registered(overrides: Record<string, string> = {}) {
  const data = account(overrides);
  const caller = await callerFor();
  const { user } = await caller.auth.register(data);
  return { data, user, cookie: cookieFrom(caller.ctx.resHeaders) };
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

function rest(pathname: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": freshIp(), ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return handleRestRequest(
    new Request(`http://localhost:3000/api${pathname}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    { db: handle.db },
  );
}

async function fieldErrorsOf(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { fieldErrors?: Record<string, string[]> };
  return Object.fromEntries(Object.entries(body.fieldErrors ?? {}).map(([k, v]) => [k, v[0]]));
}

/** The reset e-mails sent to an address, newest first. */
async function resetMails(to: string) {
  return handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).orderBy(desc(schema.emailOutbox.id));
}

/** The e-mails delivered to an address (the local mailbox: the outbox keeps no sign-in link once delivered), newest first. */
const deliveredTo = (to: string) =>
  readOutbox(mailDir)
    .filter((m) => [m.to].flat().includes(to))
    .reverse();

/** Waits for the n-th reset e-mail to an address (they are sent after the answer) and returns its token and link. */
async function waitForResetLink(to: string, count = 1) {
  const mails = await vi.waitFor(
    async () => {
      const delivered = deliveredTo(to);
      if (delivered.length < count) throw new Error(`waiting for reset mail ${count} to ${to}`);
      return delivered;
    },
    { timeout: 10_000, interval: 50 },
  );
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text);
  if (!link) throw new Error("no reset link in the e-mail");
  return { url: link[0], token: link[1]! };
}

describe("register, login, me, logout", () => {
  it("registers and signs in, with an HttpOnly SameSite=Lax cookie and the user's public fields", async () => {
    const data = account({ firstName: "Ada", lastName: "Lovelace" });
    const visitor = await callerFor({ "x-forwarded-proto": "http" });
    const { user } = await visitor.auth.register({ ...data, role: "admin" } as typeof data);
    expect(user).toEqual({
      id: expect.any(Number),
      username: data.username,
      email: data.email,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "user",
    });
    expect(user).not.toHaveProperty("password");
    const setCookie = visitor.ctx.resHeaders.getSetCookie()[0]!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);

    const me = await callerFor({ cookie: cookieFrom(visitor.ctx.resHeaders) });
    expect((await me.auth.me()).user?.username).toBe(data.username);
    expect((await (await callerFor()).auth.me()).user).toBeNull();
  });

  it("sets a Secure cookie under https", async () => {
    const caller = await callerFor({ "x-forwarded-proto": "https" });
    await caller.auth.register(account());
    expect(caller.ctx.resHeaders.getSetCookie()[0]).toMatch(/^__Secure-next-auth\.session-token=.*; Secure$/);
  });

  it("logs in case-insensitively and logout ends every session of the user at once", async () => {
    const { data, cookie } = await registered();
    const second = await callerFor();
    await second.auth.login({ username: data.username.toUpperCase(), password: data.password });
    const secondCookie = cookieFrom(second.ctx.resHeaders);

    const signedIn = await callerFor({ cookie });
    await signedIn.auth.logout();
    expect(signedIn.ctx.resHeaders.getSetCookie()[0]).toMatch(/next-auth\.session-token=; .*Max-Age=0/);
    expect((await (await callerFor({ cookie })).auth.me()).user).toBeNull();
    expect((await (await callerFor({ cookie: secondCookie })).auth.me()).user).toBeNull();
  });

  it("signs in with the account's email address too, in any case, and failures by either name count for one account", async () => {
    const { data } = await registered();
    const byEmail = await callerFor();
    const { user } = await byEmail.auth.login({ username: data.email.toUpperCase(), password: data.password });
    expect(user.username).toBe(data.username);
    // Failing by address and by username count against the one account.
    await failure((await callerFor()).auth.login({ username: data.email, password: "not-the-password" }));
    await failure((await callerFor()).auth.login({ username: data.username, password: "not-the-password" }));
    const rows = await handle.db.select().from(schema.rateLimits);
    expect(rows.filter((row) => row.key === `login-fail:account:${data.username.toLowerCase()}`)[0]?.count).toBe(2);
  });

  it("answers the same for an unknown user and a wrong password", async () => {
    const { data } = await registered();
    const wrong = await failure((await callerFor()).auth.login({ username: data.username, password: "not-the-password" }));
    const unknown = await failure((await callerFor()).auth.login({ username: "nobody-here", password: "not-the-password" }));
    expect(wrong).toEqual({ code: "UNAUTHORIZED", message: INVALID_CREDENTIALS });
    expect(unknown).toEqual(wrong);
    const [a, b] = await Promise.all([
      rest("/auth/login", { body: { username: data.username, password: "not-the-password" } }),
      rest("/auth/login", { body: { username: "nobody-here", password: "not-the-password" } }),
    ]);
    expect(a.status).toBe(401);
    expect(await a.json()).toEqual(await b.json());
  });

  it("refuses a disabled account with the same answer", async () => {
    const { data, user, cookie } = await registered();
    await handle.db.update(schema.users).set({ disabledAt: new Date() }).where(eq(schema.users.id, user.id));
    expect(await failure((await callerFor()).auth.login({ username: data.username, password: data.password }))).toEqual({
      code: "UNAUTHORIZED",
      message: INVALID_CREDENTIALS,
    });
    expect((await (await callerFor({ cookie })).auth.me()).user).toBeNull();
  });

  it("refuses a taken username or email, ignoring case", async () => {
    const { data } = await registered();
    expect(await failure((await callerFor()).auth.register(account({ username: data.username.toUpperCase() })))).toMatchObject({
      code: "CONFLICT",
      message: "That username is already taken. Please choose another one.",
    });
    expect(await failure((await callerFor()).auth.register(account({ email: data.email.toUpperCase() })))).toMatchObject({
      code: "CONFLICT",
      message: "An account with that email address already exists. Try signing in instead.",
    });
  });

  it("rehashes a password stored with older argon2 parameters at login", async () => {
    const old = await hashPasswordWithParams("tidal-basin-42", { memoryCost: 4096, timeCost: 1 });
    const [row] = await handle.db
      .insert(schema.users)
      .values({ username: "legacy_user", email: "legacy@example.com", password: old })
      .returning();
    await (await callerFor()).auth.login({ username: "legacy_user", password: "tidal-basin-42" });
    const [after] = await handle.db.select().from(schema.users).where(eq(schema.users.id, row!.id));
    expect(after!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(after!.password, "tidal-basin-42")).toBe(true);
    expect(after!.lastLoginAt).not.toBeNull();
  });
});

describe("validation messages (spec section 5), on the server", () => {
  it("login", async () => {
    expect(await fieldErrorsOf(await rest("/auth/login", { body: { username: "ab", password: "12345" } }))).toEqual({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 6 characters",
    });
  });

  it("register", async () => {
    const response = await rest("/auth/register", {
      body: { username: "ab", email: "not-an-email", password: "12345", confirmPassword: "different" },
    });
    expect(await fieldErrorsOf(response)).toEqual({
      username: "Username must be at least 3 characters",
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords do not match",
    });
    expect(await fieldErrorsOf(await rest("/auth/register", { body: { ...account(), confirmPassword: "something-else" } }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(
      await fieldErrorsOf(
        await rest("/auth/register", { body: { ...account(), password: "password123", confirmPassword: "password123" } }),
      ),
    ).toEqual({ password: COMMON_PASSWORD_MESSAGE });
  });

  it("register refuses a message-less 400 too: the REST body carries the message", async () => {
    const response = await rest("/auth/register", { body: { ...account(), confirmPassword: "nope-nope" } });
    expect(((await response.json()) as { message: string }).message).toBe("Passwords do not match");
  });

  it("password reset request and reset", async () => {
    expect(await fieldErrorsOf(await rest("/auth/request-password-reset", { body: { email: "nope" } }))).toEqual({
      email: "Invalid email address",
    });
    expect(
      await fieldErrorsOf(await rest("/auth/reset-password", { body: { token: "", password: "12345", confirmPassword: "x" } })),
    ).toEqual({
      token: "Token is required",
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords do not match",
    });
    expect(
      await fieldErrorsOf(await rest("/auth/reset-password", { body: { token: "t", password: "tidal-basin-42", confirmPassword: "x" } })),
    ).toEqual({ confirmPassword: "Passwords do not match" });
    expect(
      await fieldErrorsOf(
        await rest("/auth/reset-password", { body: { token: "t", password: "qwerty123", confirmPassword: "qwerty123" } }),
      ),
    ).toEqual({ password: COMMON_PASSWORD_MESSAGE });
  });
});

describe("REST contract of /api/auth/*", () => {
  it("me answers {user:null} signed out and {user} signed in; login sets the cookie; logout accepts an empty body", async () => {
    expect(await (await rest("/auth/me")).json()).toEqual({ user: null });
    const { data } = await registered();
    const login = await rest("/auth/login", { body: { username: data.username, password: data.password } });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { username: string } }).user.username).toBe(data.username);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const me = (await (await rest("/auth/me", { headers: { cookie } })).json()) as { user: { username: string; role: string } };
    expect(me.user).toMatchObject({ username: data.username, role: "user" });

    const logout = await handleRestRequest(new Request("http://localhost:3000/api/auth/logout", { method: "POST", headers: { cookie } }), {
      db: handle.db,
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    expect(await (await rest("/auth/me", { headers: { cookie } })).json()).toEqual({ user: null });
  });

  it("refuses a cross-origin POST on REST and tRPC", async () => {
    const { data } = await registered();
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/json" };
    const response = await rest("/auth/login", { body: { username: data.username, password: data.password }, headers: crossSite });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    const trpc = await handleTrpcRequest(
      new Request("http://localhost:3000/api/trpc/auth.logout", {
        method: "POST",
        headers: { origin: "https://evil.example" },
        body: "{}",
      }),
      { db: handle.db },
    );
    expect(trpc.status).toBe(403);
  });

  it("refuses a tRPC query another site starts (a link or an image carries the visitor's cookie), and serves the site's own", async () => {
    const { cookie } = await registered();
    const query = (site: string) =>
      handleTrpcRequest(new Request("http://localhost:3000/api/trpc/auth.me", { headers: { cookie, "sec-fetch-site": site } }), {
        db: handle.db,
      });
    expect((await query("cross-site")).status).toBe(403);
    expect((await query("same-origin")).status).toBe(200);
  });
});

describe("admin procedures", () => {
  const probe = createCallerFactory(createTRPCRouter({ adminOnly: adminProcedure.query(() => "secret") }));
  const probeAs = async (cookie?: string) => probe(await createContext({ headers: new Headers(cookie ? { cookie } : {}), db: handle.db }));

  it("refuse an anonymous visitor and a user session; admit an admin, whose role is read from the database", async () => {
    expect(await failure((await probeAs()).adminOnly())).toMatchObject({ code: "UNAUTHORIZED" });
    const { cookie, user } = await registered();
    expect(await failure((await probeAs(cookie)).adminOnly())).toMatchObject({ code: "FORBIDDEN" });
    await handle.db.update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, user.id));
    expect(await (await probeAs(cookie)).adminOnly()).toBe("secret");
  });

  it("the bootstrap admin comes from ADMIN_* once, and never without a password", async () => {
    expect(await ensureAdminFromEnv(handle.db, { ADMIN_USERNAME: "headcoach" })).toBe("skipped");
    const env = { ADMIN_USERNAME: "headcoach", ADMIN_EMAIL: "head@example.com", ADMIN_PASSWORD: "a-long-admin-secret" };
    expect(await ensureAdminFromEnv(handle.db, env)).toBe("created");
    expect(await ensureAdminFromEnv(handle.db, { ...env, ADMIN_PASSWORD: "other-one-entirely" })).toBe("exists");
    const admin = await findUserByUsername(handle.db, "HEADCOACH");
    expect(admin?.role).toBe("admin");
    const login = await callerFor();
    expect((await login.auth.login({ username: "headcoach", password: "a-long-admin-secret" })).user.role).toBe("admin");
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses, and mails only the known one", async () => {
    const { data } = await registered();
    const known = await rest("/auth/request-password-reset", { body: { email: data.email.toUpperCase() } });
    const unknown = await rest("/auth/request-password-reset", { body: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.json();
    expect(knownBody).toEqual({ message: RESET_REQUEST_MESSAGE });
    expect(await unknown.json()).toEqual(knownBody);
    await waitForResetLink(data.email);
    expect(deliveredTo(data.email)[0]!.text).toContain(`Your username is ${data.username}.`);
    expect(await resetMails("nobody@example.com")).toHaveLength(0);
  });

  it("does the same work for known and unknown addresses before answering: only a queued task looks the address up (finding 4)", async () => {
    const { data, user } = await registered();
    const tasks = new TaskQueue({ autoStart: false });
    const ask = async (email: string) => {
      const ctx = await createContext({ headers: new Headers({ "x-forwarded-for": freshIp() }), db: handle.db, tasks });
      return createCaller(ctx).auth.requestPasswordReset({ email });
    };
    expect(await ask(data.email)).toEqual({ message: RESET_REQUEST_MESSAGE });
    expect(await ask("nobody-known@example.com")).toEqual({ message: RESET_REQUEST_MESSAGE });
    // Both answered with the same queued job and nothing else done: no token issued, no mail written.
    expect(tasks.pending()).toEqual(["password-reset", "password-reset"]);
    expect(await handle.db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, user.id))).toHaveLength(0);
    expect(await resetMails(data.email)).toHaveLength(0);
    await tasks.drain();
    expect(await resetMails(data.email)).toHaveLength(1);
    expect(await resetMails("nobody-known@example.com")).toHaveLength(0);
  });

  it("builds the link from APP_URL, never from the Host header, and stores only a hash of the token", async () => {
    const { data, user } = await registered();
    await rest("/auth/request-password-reset", {
      body: { email: data.email },
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
    });
    const { url, token } = await waitForResetLink(data.email);
    expect(url).toBe(`https://coaching.example/reset-password/${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await handle.db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).not.toContain(token);
    expect(rows[0]!.token).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
  });

  it("sets the new password once: the old password and the old cookie stop working, the link cannot be reused", async () => {
    const { data, cookie } = await registered();
    await (await callerFor()).auth.requestPasswordReset({ email: data.email });
    const { token } = await waitForResetLink(data.email);
    const reset = await rest("/auth/reset-password", { body: { token, password: "new-harbour-77", confirmPassword: "new-harbour-77" } });
    expect(reset.status).toBe(200);

    expect((await (await callerFor({ cookie })).auth.me()).user).toBeNull();
    expect(await failure((await callerFor()).auth.login({ username: data.username, password: data.password }))).toMatchObject({
      message: INVALID_CREDENTIALS,
    });
    await (await callerFor()).auth.login({ username: data.username, password: "new-harbour-77" });

    const again = await rest("/auth/reset-password", {
      body: { token, password: "third-lantern-88", confirmPassword: "third-lantern-88" },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(RESET_INVALID_MESSAGE);
  });

  it("refuses an expired token", async () => {
    const { data, user } = await registered();
    await (await callerFor()).auth.requestPasswordReset({ email: data.email });
    const { token } = await waitForResetLink(data.email);
    await handle.db
      .update(schema.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResetTokens.userId, user.id));
    expect(
      await failure((await callerFor()).auth.resetPassword({ token, password: "new-harbour-77", confirmPassword: "new-harbour-77" })),
    ).toEqual({ code: "BAD_REQUEST", message: RESET_INVALID_MESSAGE });
    await (await callerFor()).auth.login({ username: data.username, password: data.password });
  });

  it("a new request voids older links", async () => {
    const { data } = await registered();
    await (await callerFor()).auth.requestPasswordReset({ email: data.email });
    const first = await waitForResetLink(data.email, 1);
    await (await callerFor()).auth.requestPasswordReset({ email: data.email });
    const second = await waitForResetLink(data.email, 2);
    expect(second.token).not.toBe(first.token);
    expect(
      await failure(
        (await callerFor()).auth.resetPassword({ token: first.token, password: "new-harbour-77", confirmPassword: "new-harbour-77" }),
      ),
    ).toMatchObject({ message: RESET_INVALID_MESSAGE });
    await (await callerFor()).auth.resetPassword({ token: second.token, password: "new-harbour-77", confirmPassword: "new-harbour-77" });
  });

  it("refuses an unknown token", async () => {
    expect(
      await failure(
        (await callerFor()).auth.resetPassword({ token: "made-up", password: "new-harbour-77", confirmPassword: "new-harbour-77" }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: RESET_INVALID_MESSAGE });
  });
});

describe("Resend", () => {
  afterEach(() => {
    delete process.env.RESEND_API_KEY;
    delete process.env.RESEND_BASE_URL;
  });

  it("a loopback fake of Resend's API receives the reset e-mail when a key and base URL are set", async () => {
    const fake = await startFakeResend();
    try {
      process.env.RESEND_API_KEY = fake.apiKey;
      process.env.RESEND_BASE_URL = fake.baseUrl;
      const { data } = await registered({ firstName: "Grace" });
      await (await callerFor()).auth.requestPasswordReset({ email: data.email });
      await vi.waitFor(() => expect(fake.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
      const mail = fake.received[0]!;
      expect([mail.to].flat()).toEqual([data.email]);
      expect(mail.subject).toMatch(/Reset your password/);
      expect(mail.html).toContain("https://coaching.example/reset-password/");
      expect(mail.text).toContain("Hello Grace");
      await vi.waitFor(async () => expect((await resetMails(data.email))[0]?.status).toBe("sent"), { timeout: 10_000, interval: 50 });
    } finally {
      await fake.close();
    }
  });
});

describe("rate limits", () => {
  it("someone else's failed sign-ins never lock the owner out (the attack of finding 3)", async () => {
    const { data } = await registered();
    const attacker = { "x-forwarded-for": "198.51.100.20" };
    for (let i = 0; i < SIGN_IN_THROTTLE.perSourceFailures; i++) {
      expect((await failure((await callerFor(attacker)).auth.login({ username: data.username, password: "wrong-password" }))).code).toBe(
        "UNAUTHORIZED",
      );
    }
    // The attacker's own address is refused, even with the right password...
    const limited = await failure((await callerFor(attacker)).auth.login({ username: data.username, password: data.password }));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toMatch(/Too many failed sign-in attempts from here\. Please wait \d+ minutes? or reset your password\./);
    // ...while the owner, from anywhere else, signs in with the right password.
    const response = await rest("/auth/login", { body: { username: data.username, password: data.password } });
    expect(response.status).toBe(200);
  });

  it("failures from many addresses slow the account down, and a device the owner signed in from keeps working", async () => {
    const { data } = await registered();
    const owner = await callerFor();
    await owner.auth.login({ username: data.username, password: data.password });
    const deviceCookie = owner.ctx.resHeaders
      .getSetCookie()
      .find((c) => c.startsWith("coach-device="))!
      .split(";")[0]!;
    // A guessing attack spread over many addresses, each staying under its own limit.
    for (let i = 0; i <= SIGN_IN_THROTTLE.accountFreeFailures; i++) {
      await failure((await callerFor()).auth.login({ username: data.username, password: `guess-${i}-wrong` }));
    }
    const slowed = await failure((await callerFor()).auth.login({ username: data.username.toUpperCase(), password: "another-guess" }));
    expect(slowed.code).toBe("TOO_MANY_REQUESTS");
    expect(slowed.message).toMatch(/Please wait \d+ seconds? and try again, or reset your password\./);
    // A new device waits like the attacker; the device the owner used before does not.
    expect((await failure((await callerFor()).auth.login({ username: data.username, password: data.password }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
    const { user } = await (await callerFor({ cookie: deviceCookie })).auth.login({ username: data.username, password: data.password });
    expect(user.username).toBe(data.username);
    // A forged or another account's device cookie is no key.
    const forged = deviceCookie.replace(/\.[\w-]{43}$/, `.${"A".repeat(43)}`);
    expect(
      (await failure((await callerFor({ cookie: forged })).auth.login({ username: data.username, password: data.password }))).code,
    ).toBe("TOO_MANY_REQUESTS");
  });

  it("the account delay doubles with each failure beyond the free ones, up to its maximum", () => {
    const now = Date.now();
    const free = SIGN_IN_THROTTLE.accountFreeFailures;
    const at = new Date(now);
    expect(accountDelaySeconds(free, at, now)).toBe(0);
    expect(accountDelaySeconds(free + 1, at, now)).toBe(SIGN_IN_THROTTLE.firstDelaySeconds);
    expect(accountDelaySeconds(free + 2, at, now)).toBe(SIGN_IN_THROTTLE.firstDelaySeconds * 2);
    expect(accountDelaySeconds(free + 40, at, now)).toBe(SIGN_IN_THROTTLE.maxDelaySeconds);
    expect(accountDelaySeconds(free + 1, new Date(now - 60_000), now)).toBe(0);
  });

  it("limits sign-in attempts per client address", async () => {
    const ip = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 20; i++) await failure((await callerFor(ip)).auth.login({ username: `someone${i}`, password: "wrong-password" }));
    expect((await failure((await callerFor(ip)).auth.login({ username: "someone-else", password: "wrong-password" }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
  });

  it("limits registrations per client address", async () => {
    const ip = { "x-forwarded-for": "198.51.100.8" };
    for (let i = 0; i < 10; i++) await failure((await callerFor(ip)).auth.register({ ...account(), confirmPassword: "mismatch!" }));
    const limited = await failure((await callerFor(ip)).auth.register(account()));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  });

  it("reset requests beyond the limit are absorbed silently and never use up the owner's next one", async () => {
    const { data } = await registered();
    const attacker = { "x-forwarded-for": "198.51.100.21" };
    for (let i = 0; i < RESET_MAIL_LIMITS.perSource.limit + 2; i++) {
      // Same answer every time: nothing tells the attacker (or anyone) that a limit was reached.
      expect(await (await callerFor(attacker)).auth.requestPasswordReset({ email: data.email })).toEqual({
        message: RESET_REQUEST_MESSAGE,
      });
    }
    await backgroundTasks.drain();
    expect(await resetMails(data.email)).toHaveLength(RESET_MAIL_LIMITS.perSource.limit);
    // The owner's own request still sends a link, and that link works.
    await (await callerFor()).auth.requestPasswordReset({ email: data.email });
    await backgroundTasks.drain();
    expect(await resetMails(data.email)).toHaveLength(RESET_MAIL_LIMITS.perSource.limit + 1);
    const { token } = await waitForResetLink(data.email);
    const done = await (await callerFor()).auth.resetPassword({ token, password: "new-harbour-77", confirmPassword: "new-harbour-77" });
    expect(done.message).toMatch(/Your password has been reset/);
  });

  it("limits reset attempts per client address", async () => {
    const ip = { "x-forwarded-for": "198.51.100.9" };
    for (let i = 0; i < 10; i++) {
      await failure(
        (await callerFor(ip)).auth.resetPassword({ token: `guess-${i}`, password: "new-harbour-77", confirmPassword: "new-harbour-77" }),
      );
    }
    expect(
      (
        await failure(
          (await callerFor(ip)).auth.resetPassword({ token: "guess", password: "new-harbour-77", confirmPassword: "new-harbour-77" }),
        )
      ).code,
    ).toBe("TOO_MANY_REQUESTS");
  });
});
