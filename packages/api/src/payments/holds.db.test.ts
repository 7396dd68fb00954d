/** Pay to book (issue 31): a hold blocks its slot, only the verified webhook confirms it, and unpaid holds are released. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, schema, sql } from "@coach/db";
import { testDbDriver } from "@coach/db/testing";
import {
  FOLLOWUP_SESSION_OFFER,
  booking,
  freeSlots,
  newClient,
  outboxTo,
  startPaymentsFixture,
  type PaymentsFixture,
} from "../testing/payments-fixture";
import type { Stripe } from "@coach/payments";
import { PAID_AFTER_RELEASE_REASON, checkoutHandlers } from "./checkout-events";
import type { StripeHandlers } from "./handler-types";
import { releaseHolds } from "./holds";
import { runPaymentJobs } from "./jobs";
import { processStripeEvent } from "./webhook";

let f: PaymentsFixture;
let sessionOffer: number;

beforeAll(async () => {
  f = await startPaymentsFixture();
  sessionOffer = (await f.coach.admin.offers.create(FOLLOWUP_SESSION_OFFER)).id;
});
afterAll(async () => f?.close());

const sessionId = (url: string) => url.split("/").pop()!;
const statusOf = async (id: number) =>
  (await f.handle.db.select({ status: schema.appointments.status }).from(schema.appointments).where(eq(schema.appointments.id, id)))[0]!
    .status;
const offered = async (slot: { start: string }) => {
  const caller = (await newClient(f, "Looker")).caller;
  const start = new Date(Date.parse(slot.start) - 3_600_000);
  const slots = await caller.appointments.availableSlots({
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    appointmentType: "followup",
  });
  return slots.some((s) => s.start === slot.start);
};

describe("pay to book", () => {
  it("holds the slot awaiting payment, refuses it to others, and books it only when the webhook confirms the payment", async () => {
    const ada = await newClient(f);
    const bob = await newClient(f, "Bob");
    const [slot, other] = await freeSlots(f, "followup", 2, 4);
    const answer = await ada.rest("/appointments", {
      method: "POST",
      body: { ...booking(slot!, "followup", sessionOffer), price: { amount: 1, currency: "eur" } },
    });
    expect(answer.status).toBe(201);
    const held = (await answer.json()) as { id: number; status: string; holdExpiresAt: string; checkoutUrl: string };
    expect(held.status).toBe("awaiting_payment");
    expect(Math.abs(Date.parse(held.holdExpiresAt) - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
    // A card only: a bank debit would settle days after the 15-minute hold ended.
    expect(f.fake.sessions.get(sessionId(held.checkoutUrl))).toMatchObject({
      amount_total: 25_000,
      currency: "eur",
      payment_method_types: ["card"],
    });
    expect(await offered(slot!)).toBe(false);

    const taken = await bob.rest("/appointments", { method: "POST", body: booking(slot!, "followup", sessionOffer) });
    expect(taken.status).toBe(409);
    // A paid type without payment or credit is refused.
    expect((await bob.rest("/appointments", { method: "POST", body: booking(other!, "followup") })).status).toBe(422);
    // No confirmation before the payment.
    expect((await outboxTo(f, ada.user.email)).some((m) => m.subject.startsWith("Booked"))).toBe(false);

    await f.fake.pay(sessionId(held.checkoutUrl));
    expect(await statusOf(held.id)).toBe("scheduled");
    const mail = await outboxTo(f, ada.user.email);
    expect(mail.some((m) => m.subject.startsWith("Booked"))).toBe(true);
    expect(mail.some((m) => m.kind === "payment-receipt")).toBe(true);
  });

  it("releases a hold unpaid after 15 minutes (and expires its Checkout), so the slot can be booked again, once", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 8);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    const id = sessionId(held.checkoutUrl!);
    await runPaymentJobs(f.handle.db, { now: new Date(Date.now() + 14 * 60_000) });
    expect(await statusOf(held.id)).toBe("awaiting_payment");
    await runPaymentJobs(f.handle.db, { now: new Date(Date.now() + 16 * 60_000) });
    expect(await statusOf(held.id)).toBe("canceled");
    expect(f.fake.sessions.get(id)?.status).toBe("expired");
    expect(
      f.fake.requests.some((r) => r.path === `/v1/checkout/sessions/${id}/expire` && r.idempotencyKey?.startsWith("coach:expire:")),
    ).toBe(true);
    await f.fake.settle();
    expect(await offered(slot!)).toBe(true);

    // Two clients race for the freed slot: one hold, one 409.
    const [carol, dan] = [await newClient(f, "Carol"), await newClient(f, "Dan")];
    const answers = await Promise.all(
      [carol, dan].map((c) => c.rest("/appointments", { method: "POST", body: booking(slot!, "followup", sessionOffer) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it("releases the slot when Stripe reports the Checkout expired", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 12);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    await f.fake.expire(sessionId(held.checkoutUrl!));
    expect(await statusOf(held.id)).toBe("canceled");
    expect(await offered(slot!)).toBe(true);
    const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.appointmentId, held.id));
    expect(payment?.status).toBe("expired");
  });

  it("refunds a paid session cancelled inside the policy, showing the amount first", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 16);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    await f.fake.pay(sessionId(held.checkoutUrl!));
    expect(await ada.caller.payments.cancelTerms({ id: held.id })).toEqual({
      refund: { amount: 25_000, currency: "eur" },
      creditReturned: false,
      kept: false,
    });
    await ada.caller.appointments.cancel({ id: held.id });
    const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.appointmentId, held.id));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
    const refunds = [...f.fake.refunds.values()].filter((r) => r.payment_intent === payment!.stripePaymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([25_000]);
  });

  it("refunds a hold whose payment is confirmed while the client cancels it, instead of ending it as unpaid and keeping the money", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 24);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    const waitingOnLocks = async () =>
      Number(
        (
          (await f.handle.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`)) as unknown as {
            n: number;
          }[]
        )[0]!.n,
      );
    let canceling: Promise<unknown>;
    if (testDbDriver() === "postgres") {
      // The payment's webhook is queued on the booking's row first; the cancel reads the booking (still
      // a hold) and queues behind it. The webhook then confirms the booking, and the cancel goes on.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const blocker = f.handle.db.transaction(async (tx) => {
        await tx.select().from(schema.appointments).where(eq(schema.appointments.id, held.id)).for("update");
        locked();
        await gate;
      });
      await isLocked;
      const paying = f.fake.pay(sessionId(held.checkoutUrl!));
      await expect.poll(waitingOnLocks).toBeGreaterThanOrEqual(1);
      canceling = ada.caller.appointments.cancel({ id: held.id });
      await expect.poll(waitingOnLocks).toBeGreaterThanOrEqual(2);
      release();
      await Promise.all([blocker, paying]);
    } else {
      // One connection: no interleaving to stage; the order of events is payment, then cancel.
      await f.fake.pay(sessionId(held.checkoutUrl!));
      canceling = ada.caller.appointments.cancel({ id: held.id });
    }
    await canceling;
    await f.fake.settle();
    expect(await statusOf(held.id)).toBe("canceled");
    const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.appointmentId, held.id));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
  });

  it("refunds in full a payment that arrives after its hold was released, without a receipt", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 28);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    // Released here (its 15 minutes passed) while Stripe's expiry call is still on its way: the session stays payable.
    await f.handle.db.transaction((tx) => releaseHolds(tx, [held.id]));
    expect((await f.fake.pay(sessionId(held.checkoutUrl!)))?.status).toBe(200);
    await f.fake.settle();
    expect(await statusOf(held.id)).toBe("canceled");
    const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.appointmentId, held.id));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
    const [refund] = await f.handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ status: "succeeded", percent: 100, reason: PAID_AFTER_RELEASE_REASON });
    expect((await outboxTo(f, ada.user.email)).some((m) => m.kind === "payment-receipt")).toBe(false);
  });

  it("owes that refund from the webhook's commit on, even when the process stops before Stripe is asked", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 32);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    await f.handle.db.transaction((tx) => releaseHolds(tx, [held.id]));
    const id = sessionId(held.checkoutUrl!);
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    try {
      await f.fake.pay(id);
    } finally {
      f.fake.deliverTo = endpoint;
    }
    const event = f.fake.events.findLast(
      (e) => e.type === "checkout.session.completed" && (e.data as { object: { id: string } }).object.id === id,
    ) as unknown as Stripe.Event;
    // The process stops right after the event's commit: none of its follow-up work runs.
    const stopping: StripeHandlers = {
      "checkout.session.completed": (ctx) => checkoutHandlers["checkout.session.completed"]!({ ...ctx, afterCommit: () => undefined }),
    };
    expect(await processStripeEvent(f.handle.db, event, stopping)).toBe("processed");
    const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.appointmentId, held.id));
    expect(payment).toMatchObject({ status: "paid", refundedAmount: 0 });
    // The refund is on record, pending, for the retry (or the coach) to send.
    const refunds = await f.handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(refunds).toMatchObject([{ status: "pending", amount: 25_000, percent: 100, reason: PAID_AFTER_RELEASE_REASON }]);
  });

  it("ends a hold the client cancels before paying, without emails", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 20);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    await ada.caller.appointments.cancel({ id: held.id });
    expect(await statusOf(held.id)).toBe("canceled");
    expect(f.fake.sessions.get(sessionId(held.checkoutUrl!))?.status).toBe("expired");
    expect(await outboxTo(f, ada.user.email)).toEqual([]);
  });
});

describe("the payments worker", () => {
  it("logs a Stripe outage once when reconciliation starts failing and once when it works again, not at every run", async () => {
    const lines: string[] = [];
    const capture = (chunk: unknown) => (lines.push(String(chunk)), true);
    const spies = [
      vi.spyOn(process.stderr, "write").mockImplementation(capture),
      vi.spyOn(process.stdout, "write").mockImplementation(capture),
    ];
    const messages = () =>
      lines.map((l) => JSON.parse(l) as { level: string; message: string }).filter((l) => l.message.startsWith("stripe reconciliation"));
    try {
      f.fake.loseAnswers(/^GET \/v1\/events/);
      for (let run = 0; run < 3; run++) await runPaymentJobs(f.handle.db);
      expect(messages()).toEqual([expect.objectContaining({ level: "warn", message: expect.stringContaining("failed") })]);
      f.fake.loseAnswers(null);
      await runPaymentJobs(f.handle.db);
      await runPaymentJobs(f.handle.db);
      expect(messages().map((m) => m.level)).toEqual(["warn", "info"]);
    } finally {
      f.fake.loseAnswers(null);
      for (const spy of spies) spy.mockRestore();
    }
  });
});
