/** Packages as credits (issue 31): granted only by a verified payment, used once under any race, returned or kept by the policy. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema } from "@coach/db";
import {
  COACHING_PACKAGE_OFFER,
  DAY,
  booking,
  freeSlots,
  newClient,
  outboxTo,
  startPaymentsFixture,
  type PaymentsFixture,
} from "../testing/payments-fixture";
import { extendCredits, takeBackCredits } from "./credits-admin";
import { sendCreditExpiryReminders } from "./jobs";
import { reconcileStripeEvents } from "./reconcile";

let f: PaymentsFixture;
let packageId: number;

beforeAll(async () => {
  f = await startPaymentsFixture();
  const offer = await f.coach.admin.offers.create(COACHING_PACKAGE_OFFER);
  packageId = offer.id;
});
afterAll(async () => f?.close());

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(() => undefined).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
};
const sessionOf = (url: string) => f.fake.sessions.get(url.split("/").pop()!)!;

describe("buying a package", () => {
  it("charges the offer's price whatever the request says, and grants credits only after the verified webhook", async () => {
    const ada = await newClient(f);
    const answer = await ada.rest("/checkout", {
      method: "POST",
      body: { offerId: packageId, price: { amount: 1, currency: "usd" }, amount: 1, unit_amount: 1 },
    });
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    const session = sessionOf(url);
    expect(session).toMatchObject({ amount_total: 90_000, currency: "usd", status: "open" });
    // The Stripe request carried our payment's id as its idempotency key.
    const created = f.fake.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST" && r.status === 200);
    expect(created?.idempotencyKey).toMatch(/^coach:checkout:\d+$/);

    // Coming back to the return page proves nothing: no credits, the payment still pending.
    expect(await ada.caller.payments.credits()).toEqual([]);
    expect(await ada.caller.payments.status({ sessionId: session.id as string })).toEqual({
      status: "pending",
      purpose: "package",
      awaitingFunds: false,
    });
    // A forged completion (signed with another secret) changes nothing.
    const forged = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, status: "complete", payment_status: "paid" } },
    });
    const { handleStripeWebhook } = await import("./webhook");
    const { stripeSignature } = await import("@coach/payments/testing/stripe-fake");
    expect((await handleStripeWebhook(() => f.handle.db, forged, stripeSignature(forged, "whsec_someone_else"))).status).toBe(400);
    expect(await ada.caller.payments.credits()).toEqual([]);

    const paid = await f.fake.pay(session.id as string);
    expect(paid?.status).toBe(200);
    const credits = await ada.caller.payments.credits();
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ appointmentType: "coaching", remaining: 2 });
    expect(Math.abs(credits[0]!.expiresAt!.getTime() - (Date.now() + 120 * DAY))).toBeLessThan(60_000);
    // Stripe's retry of the same event grants nothing more.
    await f.fake.redeliver(paid!.eventId);
    expect((await ada.caller.payments.credits())[0]!.remaining).toBe(2);
    // The receipt: line, amount and the tax line.
    const receipt = (await outboxTo(f, ada.user.email)).find((m) => m.kind === "payment-receipt");
    expect(receipt?.text).toMatch(/Two coaching sessions/);
    expect(receipt?.text).toMatch(/\$900\.00/);
    expect(receipt?.text).toMatch(/Tax/);
    expect((await (await ada.rest("/user/credits")).json()) as unknown[]).toHaveLength(1);
  });

  it("grants the credits bought at checkout, not those of the offer as the coach edited it before the payment arrived", async () => {
    const six = await f.coach.admin.offers.create({
      ...COACHING_PACKAGE_OFFER,
      title: "Six coaching sessions",
      sessions: 6,
      validDays: 180,
    });
    const ada = await newClient(f);
    const { url } = await ada.caller.payments.checkout({ offerId: six.id });
    // While Ada is on Stripe's page, the coach turns the package into two follow-ups valid for 30 days.
    await f.coach.admin.offers.update({ id: six.id, title: "Two follow-ups", appointmentType: "followup", sessions: 2, validDays: 30 });
    expect((await f.fake.pay(sessionOf(url).id as string))?.status).toBe(200);
    const credits = await ada.caller.payments.credits();
    expect(credits).toMatchObject([{ appointmentType: "coaching", remaining: 6 }]);
    expect(Math.abs(credits[0]!.expiresAt!.getTime() - (Date.now() + 180 * DAY))).toBeLessThan(60_000);
  });

  it("paid by a bank debit, grants the credits when the money arrives days later, not at the unpaid completion; a failed debit grants none", async () => {
    const receipts = async (email: string) => (await outboxTo(f, email)).filter((m) => m.kind === "payment-receipt");
    const ada = await newClient(f);
    const session = sessionOf((await ada.caller.payments.checkout({ offerId: packageId })).url);
    expect(session.payment_method_types).toContain("sepa_debit");
    expect(await ada.caller.payments.status({ sessionId: session.id as string })).toMatchObject({
      status: "pending",
      awaitingFunds: false,
    });
    expect((await f.fake.payDelayed(session.id as string))?.status).toBe(200);
    // The return page can say the bank payment is on its way, instead of "a few seconds".
    expect(await ada.caller.payments.status({ sessionId: session.id as string })).toEqual({
      status: "pending",
      purpose: "package",
      awaitingFunds: true,
    });
    expect(await ada.caller.payments.credits()).toEqual([]);
    expect(await receipts(ada.user.email)).toEqual([]);
    const [debit] = await f.handle.db
      .select({ id: schema.payments.id })
      .from(schema.payments)
      .where(eq(schema.payments.stripeCheckoutSessionId, session.id as string));
    expect((await f.coach.admin.payments.overview()).payments.find((p) => p.id === debit!.id)).toMatchObject({
      status: "pending",
      statusText: "pending: bank debit on its way",
    });
    expect((await f.fake.settleDelayed(session.id as string, "succeeded"))?.status).toBe(200);
    expect(await ada.caller.payments.status({ sessionId: session.id as string })).toMatchObject({ status: "paid", awaitingFunds: false });
    expect(await ada.caller.payments.credits()).toMatchObject([{ appointmentType: "coaching", remaining: 2 }]);
    expect(await receipts(ada.user.email)).toHaveLength(1);

    const bo = await newClient(f, "Bo");
    const unpaid = sessionOf((await bo.caller.payments.checkout({ offerId: packageId })).url);
    await f.fake.payDelayed(unpaid.id as string);
    expect((await f.fake.settleDelayed(unpaid.id as string, "failed"))?.status).toBe(200);
    expect(await bo.caller.payments.credits()).toEqual([]);
    const [payment] = await f.handle.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.stripeCheckoutSessionId, unpaid.id as string));
    expect(payment?.status).toBe("expired");
  });

  it("grants a payment from before what was bought was recorded by its offer", async () => {
    const ada = await newClient(f);
    const { url } = await ada.caller.payments.checkout({ offerId: packageId });
    const id = sessionOf(url).id as string;
    await f.handle.db
      .update(schema.payments)
      .set({ creditAppointmentType: null, creditSessions: null, creditValidDays: null })
      .where(eq(schema.payments.stripeCheckoutSessionId, id));
    await f.fake.pay(id);
    expect(await ada.caller.payments.credits()).toMatchObject([{ appointmentType: "coaching", remaining: 2 }]);
  });

  it("refuses the retreat and unknown offers at checkout with a message", async () => {
    const ada = await newClient(f);
    expect(await refusal(ada.caller.payments.checkout({ offerId: 999_999 }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("catches a payment whose webhook never arrived through reconciliation", async () => {
    const ada = await newClient(f);
    const { url } = await ada.caller.payments.checkout({ offerId: packageId });
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    await f.fake.pay(sessionOf(url).id as string);
    f.fake.deliverTo = endpoint;
    expect(await ada.caller.payments.credits()).toEqual([]);
    expect((await reconcileStripeEvents(f.handle.db)).processed).toBeGreaterThanOrEqual(1);
    expect((await ada.caller.payments.credits())[0]?.remaining).toBe(2);
    expect((await reconcileStripeEvents(f.handle.db)).processed).toBe(0);
  });
});

describe("booking with credits", () => {
  it("lets 20 simultaneous bookings use one credit exactly once", async () => {
    const ada = await newClient(f);
    await f.coach.admin.credits.grant({ userId: ada.user.id, appointmentType: "coaching", sessions: 1, expiresAt: null });
    const slots = await freeSlots(f, "coaching", 20);
    expect(slots).toHaveLength(20);
    const results = await Promise.allSettled(slots.map((slot) => ada.caller.appointments.create(booking(slot, "coaching"))));
    const booked = results.filter((r) => r.status === "fulfilled");
    expect(booked).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: "UNPROCESSABLE_CONTENT",
        message: expect.stringMatching(/buy a package/),
      });
    const mine = await ada.caller.appointments.mine();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.status).toBe("scheduled");
    expect(await ada.caller.payments.credits()).toEqual([]);
  });

  it("refuses a paid type without a credit with a clear 4xx, and books it as before when payments are off", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "coaching", 1, 10);
    const refused = await ada.rest("/appointments", { method: "POST", body: booking(slot!, "coaching") });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Coaching sessions are paid/);
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      expect((await ada.caller.appointments.create(booking(slot!, "coaching"))).status).toBe("scheduled");
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
    }
  });

  it("returns the credit for a cancellation inside the policy and keeps it for a late one", async () => {
    const ada = await newClient(f);
    await f.coach.admin.credits.grant({
      userId: ada.user.id,
      appointmentType: "coaching",
      sessions: 2,
      expiresAt: new Date(Date.now() + 90 * DAY),
    });
    const [early, late] = await freeSlots(f, "coaching", 2, 20);
    const first = await ada.caller.appointments.create(booking(early!, "coaching"));
    expect((await ada.caller.payments.credits())[0]!.remaining).toBe(1);
    expect(await ada.caller.payments.cancelTerms({ id: first.id })).toEqual({ refund: null, creditReturned: true, kept: false });
    await ada.caller.appointments.cancel({ id: first.id });
    expect((await ada.caller.payments.credits())[0]!.remaining).toBe(2);

    const second = await ada.caller.appointments.create(booking(late!, "coaching"));
    // The cut-off now reaches past the start: the client can no longer cancel, and the coach's cancellation is late.
    await f.coach.settings.updateAvailability({
      timeZone: "UTC",
      minimumNoticeHours: 24,
      maxDaysAhead: 60,
      holidayCountry: null,
      policy: { changeCutoffHours: 720, maxFutureBookings: 100 },
    });
    try {
      expect(await ada.caller.payments.cancelTerms({ id: second.id })).toMatchObject({ creditReturned: false, kept: true });
      expect((await refusal(ada.caller.appointments.cancel({ id: second.id }))).code).toBe("UNPROCESSABLE_CONTENT");
      await f.coach.appointments.cancel({ id: second.id });
      expect((await ada.caller.payments.credits())[0]!.remaining).toBe(1);
    } finally {
      await f.coach.settings.updateAvailability({
        timeZone: "UTC",
        minimumNoticeHours: 24,
        maxDaysAhead: 60,
        holidayCountry: null,
        policy: { changeCutoffHours: 24, maxFutureBookings: 100 },
      });
    }
  });

  it("lets the coach grant, extend and take back credits, audited with names", async () => {
    const ada = await newClient(f, "Audrey");
    const grant = await f.coach.admin.credits.grant({
      userId: ada.user.id,
      appointmentType: "followup",
      sessions: 3,
      expiresAt: null,
      note: "Goodwill",
    });
    await f.coach.admin.credits.extend({ grantId: grant.id, expiresAt: new Date(Date.now() + 30 * DAY) });
    expect((await refusal(f.coach.admin.credits.takeBack({ grantId: grant.id, sessions: 4 }))).message).toMatch(/Only 3 unused credits/);
    await f.coach.admin.credits.takeBack({ grantId: grant.id, sessions: 1, reason: "One session refunded by hand" });
    expect((await ada.caller.payments.credits())[0]).toMatchObject({ appointmentType: "followup", remaining: 2 });
    expect(
      (await refusal(ada.caller.admin.credits.grant({ userId: ada.user.id, appointmentType: "followup", sessions: 1, expiresAt: null })))
        .code,
    ).toBe("FORBIDDEN");
    const audit = await f.handle.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(grant.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["credits.extend", "credits.grant", "credits.take_back"]);
    expect(audit.every((a) => (a.details as { client: string }).client === "Audrey Client")).toBe(true);
    const reasons = Object.fromEntries(audit.map((a) => [a.action, (a.details as { reason: string | null }).reason]));
    expect(reasons).toEqual({ "credits.grant": "Goodwill", "credits.extend": null, "credits.take_back": "One session refunded by hand" });
  });

  it("keeps naming who granted credits when someone else changes them, and grants nothing to a deleted account's stand-in", async () => {
    const ada = await newClient(f, "Imogen");
    const grant = await f.coach.admin.credits.grant({ userId: ada.user.id, appointmentType: "followup", sessions: 2, expiresAt: null });
    const grantRow = async () => (await f.handle.db.select().from(schema.creditGrants).where(eq(schema.creditGrants.id, grant.id)))[0]!;
    const grantedBy = (await grantRow()).grantedBy;
    expect(grantedBy).not.toBeNull();
    const assistant = await newClient(f, "Assistant");
    const actor = { id: assistant.user.id, username: assistant.user.username };
    await extendCredits(f.handle.db, actor, { grantId: grant.id, expiresAt: new Date(Date.now() + 30 * DAY), reason: "Travel" });
    await takeBackCredits(f.handle.db, actor, { grantId: grant.id, sessions: 1, reason: "Refunded by hand" });
    expect(await grantRow()).toMatchObject({ grantedBy, total: 1 });

    await f.handle.db.update(schema.users).set({ anonymizedAt: new Date() }).where(eq(schema.users.id, ada.user.id));
    const refused = await refusal(
      f.coach.admin.credits.grant({ userId: ada.user.id, appointmentType: "followup", sessions: 1, expiresAt: null }),
    );
    expect(refused).toMatchObject({ code: "NOT_FOUND", message: "That client no longer exists. Refresh the list." });
    expect(await f.handle.db.select().from(schema.creditGrants).where(eq(schema.creditGrants.userId, ada.user.id))).toHaveLength(1);
  });

  it("reminds once, 14 days before unused credits expire", async () => {
    const ada = await newClient(f, "Remy");
    await f.coach.admin.credits.grant({
      userId: ada.user.id,
      appointmentType: "coaching",
      sessions: 1,
      expiresAt: new Date(Date.now() + 20 * DAY),
    });
    await sendCreditExpiryReminders(f.handle.db, { now: new Date(Date.now() + 5 * DAY) });
    expect((await outboxTo(f, ada.user.email)).filter((m) => m.kind === "credits-expiring")).toHaveLength(0);
    await sendCreditExpiryReminders(f.handle.db, { now: new Date(Date.now() + 7 * DAY) });
    await sendCreditExpiryReminders(f.handle.db, { now: new Date(Date.now() + 8 * DAY) });
    const mails = (await outboxTo(f, ada.user.email)).filter((m) => m.kind === "credits-expiring");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/1 coaching session left/);
  });
});
