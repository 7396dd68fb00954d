/** A refund Stripe did not take is tried again from the console: made once, never twice, and only by the coach. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { stripeClient } from "@coach/payments";
import { callerAs, createUser } from "../testing";
import { wireStripeFake, withStripeDown, type WiredStripe } from "../testing/stripe";
import { planRefund, refundPayment } from "./refunds";

let handle: DbHandle;
let stripe: WiredStripe;
beforeAll(async () => {
  handle = await createTestDb();
  stripe = await wireStripeFake(handle.db);
});
afterAll(async () => {
  await stripe?.close();
  await handle?.close();
});

/** A client's paid €540 package, its money really taken at the fake (a Checkout paid by the customer). */
async function paidPayment() {
  const client = await createUser(handle.db);
  const session = await stripeClient().checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 54_000, product_data: { name: "Six sessions" } } }],
    success_url: "http://localhost/ok",
  });
  await stripe.fake.pay(session.id);
  await stripe.fake.settle();
  const intent = String(stripe.fake.sessions.get(session.id)!.payment_intent);
  const [offer] = await handle.db
    .insert(schema.offers)
    .values({
      kind: "package",
      title: "Six sessions",
      appointmentType: "coaching",
      sessions: 6,
      validDays: 120,
      priceAmount: 54_000,
      currency: "eur",
    })
    .returning();
  const [payment] = await handle.db
    .insert(schema.payments)
    .values({
      userId: client.user.id,
      offerId: offer!.id,
      purpose: "package",
      amount: 54_000,
      currency: "eur",
      status: "paid",
      stripePaymentIntentId: intent,
      paidAt: new Date(),
    })
    .returning();
  return { client, payment: payment!, intent };
}

const refundRow = async (paymentId: number) =>
  (await handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId)))[0]!;
const paymentRow = async (id: number) => (await handle.db.select().from(schema.payments).where(eq(schema.payments.id, id)))[0]!;
const stripeRefunds = (intent: string) => [...stripe.fake.refunds.values()].filter((r) => r.payment_intent === intent);
const codeOf = (work: Promise<unknown>) => work.then(() => "ok").catch((e: unknown) => (e instanceof TRPCError ? e.code : String(e)));

/** The coach, and a paid payment whose refund failed while Stripe was down. */
async function failedRefund() {
  const coach = await createUser(handle.db, { role: "admin" });
  const admin = await callerAs(handle.db, coach.cookie);
  const { payment, intent } = await paidPayment();
  await withStripeDown(() => refundPayment(handle.db, payment.id, { percent: 100, reason: "session canceled" }));
  return { admin, payment, intent, failed: await refundRow(payment.id) };
}

describe("trying a failed refund again", () => {
  it("refunds once when Stripe is back, and refuses a second try and anyone but the coach", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const { client, payment, intent } = await paidPayment();
    expect(await withStripeDown(() => refundPayment(handle.db, payment.id, { percent: 100, reason: "session canceled" }))).toBeUndefined();
    const failed = await refundRow(payment.id);
    expect(failed.status).toBe("failed");
    expect(stripeRefunds(intent)).toHaveLength(0);

    // Still down: it stays failed, with a message that names no address.
    const stillDown = await withStripeDown(() => admin.admin.payments.retryRefund({ id: failed.id }).catch((e: Error) => e));
    expect((stillDown as Error).message).toBe("The refund was not made (Stripe could not be reached); it stays failed. Try again later.");
    expect((await refundRow(payment.id)).status).toBe("failed");

    const theClient = await callerAs(handle.db, client.cookie);
    expect(await codeOf(theClient.admin.payments.retryRefund({ id: failed.id }))).toBe("FORBIDDEN");

    expect(await admin.admin.payments.retryRefund({ id: failed.id })).toEqual({
      id: failed.id,
      status: "succeeded",
      amountText: "€540.00",
    });
    await stripe.fake.settle();
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([54_000]);
    expect(await refundRow(payment.id)).toMatchObject({ status: "succeeded", stripeRefundId: stripeRefunds(intent)[0]!.id });
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 54_000 });
    expect(await codeOf(admin.admin.payments.retryRefund({ id: failed.id }))).toBe("CONFLICT");
    expect(stripeRefunds(intent)).toHaveLength(1);
  });

  it("adopts the refund an earlier try made at Stripe though its answer was lost, instead of refunding twice", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const { payment, intent } = await paidPayment();
    // Stripe makes the refund, but the network drops every answer (stripe-node's own retries included),
    // and Stripe's event has not reached us either: for us the refund failed.
    const deliverTo = stripe.fake.deliverTo;
    stripe.fake.deliverTo = null;
    stripe.fake.loseAnswers("POST /v1/refunds");
    try {
      expect(await refundPayment(handle.db, payment.id, { percent: 100, reason: "session canceled" })).toBeUndefined();
    } finally {
      stripe.fake.loseAnswers(null);
      stripe.fake.deliverTo = deliverTo;
    }
    const failed = await refundRow(payment.id);
    expect(failed.status).toBe("failed");
    expect(stripeRefunds(intent)).toHaveLength(1);

    await admin.admin.payments.retryRefund({ id: failed.id });
    expect(stripeRefunds(intent)).toHaveLength(1);
    expect(await refundRow(payment.id)).toMatchObject({ status: "succeeded", stripeRefundId: stripeRefunds(intent)[0]!.id });
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 54_000 });
  });

  it("adopts a lost send once Stripe's charge.refunded has counted the money, instead of saying nothing is left", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const { payment, intent } = await paidPayment();
    // The answers are lost, but Stripe's event arrives (while our send still waits): the payment shows the money back.
    stripe.fake.loseAnswers("POST /v1/refunds");
    try {
      expect(await refundPayment(handle.db, payment.id, { percent: 100, reason: "session canceled" })).toBeUndefined();
    } finally {
      stripe.fake.loseAnswers(null);
    }
    await stripe.fake.settle();
    const failed = await refundRow(payment.id);
    expect(failed.status).toBe("failed");
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 54_000 });
    expect(await admin.admin.payments.retryRefund({ id: failed.id })).toMatchObject({ status: "succeeded", amountText: "€540.00" });
    expect(stripeRefunds(intent)).toHaveLength(1);
    expect(await refundRow(payment.id)).toMatchObject({ status: "succeeded", stripeRefundId: stripeRefunds(intent)[0]!.id });
    // Counted once: our row explains the charge's refund, so no second row from the event.
    const rows = await handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 54_000 });
  });

  it("takes Stripe's late charge.refunded for a lost send as that send made, not as a refund in the dashboard", async () => {
    const { payment, intent } = await paidPayment();
    // The answers are lost and the event is held back until after our send gave up.
    const deliverTo = stripe.fake.deliverTo;
    stripe.fake.deliverTo = null;
    stripe.fake.loseAnswers("POST /v1/refunds");
    try {
      await refundPayment(handle.db, payment.id, { percent: 100, reason: "session canceled" });
    } finally {
      stripe.fake.loseAnswers(null);
      stripe.fake.deliverTo = deliverTo;
    }
    expect((await refundRow(payment.id)).status).toBe("failed");
    const event = stripe.fake.events.findLast((e) => e.type === "charge.refunded")!;
    expect(await stripe.fake.redeliver(event.id)).toMatchObject({ status: 200 });
    const rows = await handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment.id));
    expect(rows.map((r) => [r.reason, r.status, r.stripeRefundId])).toEqual([
      ["session canceled", "succeeded", stripeRefunds(intent)[0]!.id],
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 54_000 });
  });

  it("is refused when the money went back meanwhile by another way, saying how much is left", async () => {
    const { admin, payment, intent, failed } = await failedRefund();
    await stripe.fake.refundInDashboard(intent, 30_000);
    await stripe.fake.settle();
    await expect(admin.admin.payments.retryRefund({ id: failed.id })).rejects.toThrow(
      "€300.00 of this payment was refunded in Stripe's dashboard since this refund was sent.",
    );
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([30_000]);
    // The refusal claims nothing: the refund stays failed, as the coach left it.
    const [row] = await handle.db.select().from(schema.refunds).where(eq(schema.refunds.id, failed.id));
    expect(row!.status).toBe("failed");
    expect(payment.id).toBe(row!.paymentId);
  });

  it("is refused after a smaller refund by hand in the dashboard, which may have been this one, though enough is left to send it", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const { payment, intent } = await paidPayment();
    await withStripeDown(() => refundPayment(handle.db, payment.id, { percent: 50, reason: "canceled late" }));
    const failed = await refundRow(payment.id);
    // The coach gives the client €100 back in Stripe's dashboard; €440 is left, more than the €270 refund.
    await stripe.fake.refundInDashboard(intent, 10_000);
    await stripe.fake.settle();
    expect(await codeOf(admin.admin.payments.retryRefund({ id: failed.id }))).toBe("CONFLICT");
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([10_000]);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedAmount: 10_000 });
  });

  it("sends a refund whose first send was interrupted, once it is clearly stale, and not while it may still be under way", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = await callerAs(handle.db, coach.cookie);
    const { payment, intent } = await paidPayment();
    // The process stopped after the refund was decided and before Stripe was asked: a pending row.
    const id = (await planRefund(handle.db, payment, { percent: 100, reason: "session canceled" }))!;
    await expect(admin.admin.payments.retryRefund({ id })).rejects.toThrow("This refund is being made; reload the page in a moment.");
    const offered = async () => (await admin.admin.payments.overview()).refunds.find((r) => r.id === id)!.retryable;
    expect(await offered()).toBe(false);
    expect(stripeRefunds(intent)).toHaveLength(0);
    await handle.db
      .update(schema.refunds)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(schema.refunds.id, id));
    expect(await offered()).toBe(true);
    expect((await admin.admin.payments.retryRefund({ id })).status).toBe("succeeded");
    expect(await offered()).toBe(false);
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([54_000]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 54_000 });
  });
});
