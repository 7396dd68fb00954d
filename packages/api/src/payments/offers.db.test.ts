/** Offers: the coach creates and changes them with clear messages; the public list shows active ones only while payments are on. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { desc, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { callerAs, callerFor, createUser } from "../testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());
afterEach(() => {
  delete process.env.STRIPE_SECRET_KEY;
});

const pkg = {
  kind: "package" as const,
  title: "Six coaching sessions",
  appointmentType: "coaching" as const,
  sessions: 6,
  validDays: 120,
  price: { amount: 540_000, currency: "usd" as const },
};
const retreat = {
  kind: "retreat" as const,
  title: "Leadership retreat",
  price: { amount: 850_000, currency: "usd" as const },
  deposit: { amount: 150_000, currency: "usd" as const },
  places: 12,
  balanceDueDays: 45,
  startsAt: new Date("2027-06-01T09:00:00Z"),
  refundSchedule: [
    { daysBefore: 30, percent: 50 },
    { daysBefore: 60, percent: 100 },
  ],
};
const message = async (work: Promise<unknown>) => {
  const error = await work.then(() => undefined).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
};

describe("offers in the console", () => {
  it("are only the coach's to create or change", async () => {
    const client = await createUser(handle.db);
    expect((await message((await callerFor(handle.db)).admin.offers.create(pkg))).code).toBe("UNAUTHORIZED");
    expect((await message((await callerAs(handle.db, client.cookie)).admin.offers.create(pkg))).code).toBe("FORBIDDEN");
    expect((await message((await callerAs(handle.db, client.cookie)).admin.offers.update({ id: 1, title: "Mine now" }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("are created, audited and changed; a retreat keeps its refund tiers earliest first", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const created = await admin.admin.offers.create(pkg);
    expect(created).toMatchObject({ ...pkg, active: true, deposit: null });
    const [audit] = await handle.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "offer.create", targetId: String(created.id) });

    const trip = await admin.admin.offers.create(retreat);
    expect(trip.refundSchedule).toEqual([
      { daysBefore: 60, percent: 100 },
      { daysBefore: 30, percent: 50 },
    ]);
    expect(trip).toMatchObject({ deposit: { amount: 150_000, currency: "usd" }, places: 12, appointmentType: null });

    const changed = await admin.admin.offers.update({ id: created.id, price: { amount: 600_000, currency: "usd" }, active: false });
    expect(changed).toMatchObject({ price: { amount: 600_000 }, active: false, sessions: 6 });
    expect((await admin.admin.offers.list()).map((o) => o.id)).toEqual(expect.arrayContaining([created.id, trip.id]));
  });

  it("say what is wrong with an offer the coach can fix", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const noSessions = await message(admin.admin.offers.create({ ...pkg, sessions: undefined }));
    expect(noSessions).toEqual({ code: "BAD_REQUEST", message: "A package needs its number of sessions." });
    expect((await message(admin.admin.offers.create({ ...retreat, deposit: { amount: 900_000, currency: "usd" } }))).message).toBe(
      "The deposit cannot be more than the price.",
    );
    expect((await message(admin.admin.offers.create({ ...pkg, price: { amount: 12.5, currency: "usd" } }))).message).toBe(
      "The amount (in cents) must be a whole number.",
    );
    expect((await message(admin.admin.offers.create({ ...pkg, price: { amount: 100, currency: "xyz" as "usd" } }))).message).toBe(
      "currency is one of usd, eur, gbp, chf, cad, aud.",
    );
    const offer = await admin.admin.offers.create(retreat);
    expect(await message(admin.admin.offers.update({ id: offer.id, places: null }))).toEqual({
      code: "BAD_REQUEST",
      message: "A retreat needs its number of places.",
    });
    expect(
      (
        await message(
          admin.admin.offers.update({
            id: offer.id,
            refundSchedule: [
              { daysBefore: 10, percent: 90 },
              { daysBefore: 40, percent: 20 },
            ],
          }),
        )
      ).message,
    ).toBe("A later cancellation cannot get more back than an earlier one.");
    expect((await message(admin.admin.offers.update({ id: 999_999, title: "Nothing" }))).code).toBe("NOT_FOUND");
  });
});

describe("GET /api/offers", () => {
  it("is empty while payments are off, then lists the active offers in the issue's shape", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const live = await admin.admin.offers.create({ ...pkg, title: "Live package" });
    const hidden = await admin.admin.offers.create({ ...pkg, title: "Hidden package", active: false });
    const get = async () => (await handleRestRequest(new Request("http://localhost:3000/api/offers"), { db: handle.db })).json();

    expect(await get()).toEqual([]);
    process.env.STRIPE_SECRET_KEY = "sk_test_offers";
    const offers = (await get()) as { id: number }[];
    expect(offers.find((o) => o.id === live.id)).toEqual({
      id: live.id,
      kind: "package",
      title: "Live package",
      appointmentType: "coaching",
      sessions: 6,
      validDays: 120,
      price: { amount: 540_000, currency: "usd" },
    });
    expect(offers.some((o) => o.id === hidden.id)).toBe(false);
  });

  it("creates over REST with 201 and refuses a bad body with 400 and its message", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const post = (body: unknown) =>
      handleRestRequest(
        new Request("http://localhost:3000/api/admin/offers", {
          method: "POST",
          headers: { cookie: coach.cookie, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
        { db: handle.db },
      );
    const created = await post({ ...retreat, startsAt: "2027-06-01T09:00:00Z" });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ kind: "retreat", startsAt: "2027-06-01T09:00:00.000Z" });
    const bad = await post({ ...pkg, validDays: null });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("A package needs validDays: how long its credits stay valid.");
  });
});
