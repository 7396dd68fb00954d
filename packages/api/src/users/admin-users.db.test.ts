import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { desc, eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { encodeSessionToken, sessionCookieName } from "@coach/auth";
import { sendEmail } from "@coach/email";
import { callerAs, callerFor, createUser } from "../testing";
import { LAST_ADMIN_DELETE, LAST_ADMIN_DEMOTE, LAST_ADMIN_DISABLE, SELF_DELETE, SELF_DISABLE } from "./service";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    if (e instanceof TRPCError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected the call to be refused");
}

/** A fresh session cookie for the user as the database has it now (as signing in again would give). */
async function freshCookie(userId: number) {
  const [row] = await handle.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return `${sessionCookieName(false)}=${await encodeSessionToken(row!)}`;
}

async function latestAudit() {
  const [row] = await handle.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
  return row;
}

describe("admin.users", () => {
  // Each test runs with exactly one active admin (the coach) and starts from no other admins.
  let coach: Awaited<ReturnType<typeof createUser>>;
  beforeEach(async () => {
    await handle.db.delete(schema.users);
    coach = await createUser(handle.db, { role: "admin", username: "coach", firstName: "Clara", lastName: "Coach" });
  });

  it("searches by name, username or e-mail and pages newest first, with assessment and appointment counts", async () => {
    const alice = await createUser(handle.db, {
      username: "alice",
      firstName: "Alice",
      lastName: "Archer",
      createdAt: new Date("2026-01-01"),
    });
    await createUser(handle.db, { username: "bob", firstName: "Bob", lastName: "Baker", createdAt: new Date("2026-01-02") });
    await createUser(handle.db, { username: "carol_x", email: "carol@corp.test", createdAt: new Date("2026-01-03") });
    const [test] = await handle.db
      .insert(schema.tests)
      .values({ slug: "t1", title: "T", description: "d", type: "eq", timeEstimate: 5 })
      .returning();
    await handle.db.insert(schema.testAttempts).values([
      { userId: alice.user.id, testId: test!.id, completedAt: new Date() },
      { userId: alice.user.id, testId: test!.id, completedAt: new Date() },
      { userId: alice.user.id, testId: test!.id }, // still in progress: not counted
    ]);
    await handle.db.insert(schema.appointments).values([
      {
        userId: alice.user.id,
        title: "Consultation",
        startTime: new Date("2026-02-02T10:00Z"),
        endTime: new Date("2026-02-02T10:30Z"),
        status: "scheduled",
      },
      {
        userId: alice.user.id,
        title: "Old",
        startTime: new Date("2026-02-03T10:00Z"),
        endTime: new Date("2026-02-03T10:30Z"),
        status: "canceled",
      },
    ]);

    const admin = () => callerAs(handle.db, coach.cookie);
    const byName = await (await admin()).admin.users.list({ search: "archer" });
    expect(byName.items.map((u) => u.username)).toEqual(["alice"]);
    expect(byName.items[0]).toMatchObject({ assessments: 2, appointments: 1, role: "user", lastLoginAt: null });
    expect((await (await admin()).admin.users.list({ search: "Alice Archer" })).total).toBe(1);
    expect((await (await admin()).admin.users.list({ search: "corp.test" })).items.map((u) => u.username)).toEqual(["carol_x"]);
    // "_" is a literal underscore, not a wildcard.
    expect((await (await admin()).admin.users.list({ search: "_" })).items.map((u) => u.username)).toEqual(["carol_x"]);

    const first = await (await admin()).admin.users.list({ page: 1, pageSize: 2 });
    expect(first.total).toBe(4);
    expect(first.items.map((u) => u.username)).toEqual(["coach", "carol_x"]);
    const second = await (await admin()).admin.users.list({ page: 2, pageSize: 2 });
    expect(second.items.map((u) => u.username)).toEqual(["bob", "alice"]);
    // Output never carries the password hash.
    expect(Object.keys(second.items[0]!)).not.toContain("password");
  });

  it("promotes and demotes, ending the user's sessions and writing the audit trail", async () => {
    const dana = await createUser(handle.db, { username: "dana" });
    const admin = () => callerAs(handle.db, coach.cookie);
    expect(await (await admin()).admin.users.setRole({ userId: dana.user.id, role: "admin" })).toEqual({ id: dana.user.id, role: "admin" });
    expect(await latestAudit()).toMatchObject({
      actorUsername: "coach",
      action: "user.role_changed",
      targetType: "user",
      targetId: String(dana.user.id),
      details: { username: "dana", from: "user", to: "admin" },
    });
    // Her old session has ended; signing in again gives her admin access.
    expect((await failure((await callerAs(handle.db, dana.cookie)).admin.users.list({}))).code).toBe("UNAUTHORIZED");
    const danaAdminCookie = await freshCookie(dana.user.id);
    const danaAdmin = () => callerAs(handle.db, danaAdminCookie);
    expect((await (await danaAdmin()).admin.users.list({})).total).toBe(2);

    await (await admin()).admin.users.setRole({ userId: dana.user.id, role: "user" });
    expect(await latestAudit()).toMatchObject({ action: "user.role_changed", details: { from: "admin", to: "user" } });
    expect((await failure((await danaAdmin()).admin.users.list({}))).code).toBe("UNAUTHORIZED");
    expect((await failure((await callerAs(handle.db, await freshCookie(dana.user.id))).admin.users.list({}))).code).toBe("FORBIDDEN");
  });

  it("never demotes, disables or deletes the last active admin; an admin cannot delete or disable themself", async () => {
    const admin = () => callerAs(handle.db, coach.cookie);
    const refusedAlone = {
      demote: await failure((await admin()).admin.users.setRole({ userId: coach.user.id, role: "user" })),
      disable: await failure((await admin()).admin.users.setDisabled({ userId: coach.user.id, disabled: true })),
      remove: await failure((await admin()).admin.users.delete({ userId: coach.user.id })),
    };
    expect(refusedAlone).toEqual({
      demote: { code: "UNPROCESSABLE_CONTENT", message: LAST_ADMIN_DEMOTE },
      disable: { code: "UNPROCESSABLE_CONTENT", message: LAST_ADMIN_DISABLE },
      remove: { code: "UNPROCESSABLE_CONTENT", message: LAST_ADMIN_DELETE },
    });

    // A disabled admin does not count: the coach is still the last active one.
    const erin = await createUser(handle.db, { username: "erin", role: "admin", disabledAt: new Date() });
    expect(await failure((await admin()).admin.users.setRole({ userId: coach.user.id, role: "user" }))).toMatchObject({
      message: LAST_ADMIN_DEMOTE,
    });

    // With a second active admin, the coach still cannot delete or disable herself, but may step down.
    await (await admin()).admin.users.setDisabled({ userId: erin.user.id, disabled: false });
    expect(await failure((await admin()).admin.users.delete({ userId: coach.user.id }))).toEqual({
      code: "UNPROCESSABLE_CONTENT",
      message: SELF_DELETE,
    });
    expect(await failure((await admin()).admin.users.setDisabled({ userId: coach.user.id, disabled: true }))).toEqual({
      code: "UNPROCESSABLE_CONTENT",
      message: SELF_DISABLE,
    });
    await (await admin()).admin.users.setRole({ userId: coach.user.id, role: "user" });
    expect((await failure((await admin()).admin.users.list({}))).code).toBe("UNAUTHORIZED"); // her session ended with the change

    // Now Erin is the last active admin: nobody can remove her, and the refusal leaves nothing changed.
    const erinCallerCookie = await freshCookie(erin.user.id);
    const erinCaller = () => callerAs(handle.db, erinCallerCookie);
    expect(await failure((await erinCaller()).admin.users.setRole({ userId: erin.user.id, role: "user" }))).toMatchObject({
      message: LAST_ADMIN_DEMOTE,
    });
    const admins = await handle.db.select().from(schema.users).where(eq(schema.users.role, "admin"));
    expect(admins.map((u) => u.username)).toEqual(["erin"]);
    expect(await latestAudit()).toMatchObject({ action: "user.role_changed", details: { username: "coach", from: "admin", to: "user" } });
  });

  it("disabling ends sessions at once; re-enabling lets the person sign in again", async () => {
    const hank = await createUser(handle.db, { username: "hank" });
    const admin = () => callerAs(handle.db, coach.cookie);
    const hankCaller = () => callerAs(handle.db, hank.cookie);
    expect((await (await hankCaller()).auth.me()).user?.username).toBe("hank");
    const result = await (await admin()).admin.users.setDisabled({ userId: hank.user.id, disabled: true });
    expect(result.disabledAt).toBeInstanceOf(Date);
    expect(await latestAudit()).toMatchObject({ action: "user.disabled", targetId: String(hank.user.id) });
    expect((await (await hankCaller()).auth.me()).user).toBeNull();
    // Even a freshly signed token is refused while the account is disabled.
    expect((await (await callerAs(handle.db, await freshCookie(hank.user.id))).auth.me()).user).toBeNull();

    await (await admin()).admin.users.setDisabled({ userId: hank.user.id, disabled: false });
    expect(await latestAudit()).toMatchObject({ action: "user.enabled" });
    expect((await (await callerAs(handle.db, await freshCookie(hank.user.id))).auth.me()).user?.username).toBe("hank");
  });

  it("deletes an account with its data after the admin confirms, and records who did it", async () => {
    const ivy = await createUser(handle.db, { username: "ivy" });
    const [test] = await handle.db
      .insert(schema.tests)
      .values({ slug: "t2", title: "T", description: "d", type: "eq", timeEstimate: 5 })
      .returning();
    await handle.db.insert(schema.testAttempts).values({ userId: ivy.user.id, testId: test!.id });
    // Mail the practice sent her and a throttling counter under her address: erased with her, as when she deletes herself.
    await sendEmail(handle.db, {
      kind: "booking-confirmation",
      to: ivy.user.email,
      subject: "Booked",
      html: "<p>my private worry</p>",
      text: "my private worry",
    });
    await handle.db
      .insert(schema.rateLimits)
      .values({ key: `login-fail:account:${ivy.user.email}`, count: 1, resetAt: new Date(Date.now() + 3_600_000) });
    const admin = () => callerAs(handle.db, coach.cookie);
    await (await admin()).admin.users.delete({ userId: ivy.user.id });
    expect(await handle.db.select().from(schema.users).where(eq(schema.users.id, ivy.user.id))).toEqual([]);
    expect(await handle.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.userId, ivy.user.id))).toEqual([]);
    expect(
      (await handle.db.select().from(schema.emailOutbox)).filter((m) => m.to === ivy.user.email || m.text.includes("private worry")),
    ).toEqual([]);
    expect((await handle.db.select().from(schema.rateLimits)).filter((r) => r.key.includes(ivy.user.email))).toEqual([]);
    // The entry says who deleted an account and its role, and names no one deleted.
    const entry = await latestAudit();
    expect(entry).toMatchObject({ actorUsername: "coach", action: "user.deleted", details: { role: "user" } });
    expect(JSON.stringify(entry?.details)).not.toContain("ivy");
    expect(await failure((await admin()).admin.users.delete({ userId: ivy.user.id }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses visitors and regular users", async () => {
    const plain = await createUser(handle.db);
    expect((await failure((await callerFor(handle.db)).admin.users.list({}))).code).toBe("UNAUTHORIZED");
    expect(
      (await failure((await callerAs(handle.db, plain.cookie)).admin.users.setRole({ userId: plain.user.id, role: "admin" }))).code,
    ).toBe("FORBIDDEN");
    const [row] = await handle.db.select().from(schema.users).where(eq(schema.users.id, plain.user.id));
    expect(row?.role).toBe("user");
  });
});
