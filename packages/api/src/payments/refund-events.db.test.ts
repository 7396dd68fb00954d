/**
 * A refund the coach makes in Stripe's own dashboard (issue 31): `charge.refunded` records it on our
 * payment (amount, status, a refund row the Payments tab lists), once however often or in whatever
 * order Stripe's events arrive, and never counts one of our own refunds twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, schema } from "@coach/db";
import { requestOptions, stripeClient } from "@coach/payments";
import { stripeSignature } from "@coach/payments/testing/stripe-fake";
import { newClient, startPaymentsFixture, type PaymentsFixture } from "../testing/payments-fixture";
import { DASHBOARD_REFUND_REASON } from "./refund-events";
import { refundPayment, settleRefunded } from "./refunds";
import { handleStripeWebhook } from "./webhook";

let f: PaymentsFixture;
let packageId: number;

beforeAll(async () => {
  f = await startPaymentsFixture();
  packageId = (
    await f.coach.admin.offers.create({
      kind: "package",
      title: "Three follow-ups",
      appointmentType: "followup",
      sessions: 3,
      validDays: 90,
      price: { amount: 90_000, currency: "eur" },
    })
  ).id;
});
afterAll(async () => f?.close());

/** A client buys the package on the fake's Checkout (the completion delivered and processed). */
async function buy() {
  const ada = await newClient(f, "Rita");
  const { url } = await ada.caller.payments.checkout({ offerId: packageId });
  const session = f.fake.sessions.get(url.split("/").pop()!)!;
  await f.fake.pay(session.id);
  const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.stripeCheckoutSessionId, session.id));
  return { payment: payment!, intent: String(f.fake.sessions.get(session.id)!.payment_intent) };
}
const paymentNow = async (id: number) => (await f.handle.db.select().from(schema.payments).where(eq(schema.payments.id, id)))[0]!;
const refundRows = (paymentId: number) =>
  f.handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId)).orderBy(asc(schema.refunds.id));
const lastEvent = (type: string) => f.fake.events.filter((e) => e.type === type).at(-1)!;

describe("charge.refunded", () => {
  it("records a partial dashboard refund on the payment and in the Payments tab, once however often it arrives", async () => {
    const { payment, intent } = await buy();
    expect(payment.status).toBe("paid");

    const delivery = await f.fake.refundInDashboard(intent, 30_000);
    expect(delivery?.status).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 30_000 });
    expect(await refundRows(payment.id)).toMatchObject([
      { amount: 30_000, currency: "eur", status: "succeeded", percent: null, reason: DASHBOARD_REFUND_REASON },
    ]);

    // Stripe's retry of the same event, and the same charge in an event of another id: nothing more.
    expect((await f.fake.redeliver(delivery!.eventId))?.body).toContain('"duplicate":true');
    const again = JSON.stringify({ ...lastEvent("charge.refunded"), id: `evt_again_${payment.id}` });
    expect((await handleStripeWebhook(() => f.handle.db, again, stripeSignature(again, f.fake.webhookSecret))).status).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 30_000 });
    expect(await refundRows(payment.id)).toHaveLength(1);

    const tab = await f.coach.admin.payments.overview();
    expect(tab.payments.find((p) => p.id === payment.id)).toMatchObject({ status: "partially_refunded", refundedText: "€300.00" });
    expect(tab.refunds.filter((r) => r.paymentId === payment.id)).toMatchObject([
      { amountText: "€300.00", reason: DASHBOARD_REFUND_REASON, status: "succeeded" },
    ]);

    // The rest refunded in the dashboard too: the whole payment is refunded, by two rows that add up.
    await f.fake.refundInDashboard(intent);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 90_000 });
    expect((await refundRows(payment.id)).map((r) => r.amount)).toEqual([30_000, 60_000]);
  });

  it("counts our own refund once, whether its charge.refunded arrives after our update or while it is still on its way", async () => {
    // After: our refund is settled first, then Stripe's event for it arrives.
    const first = await buy();
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    expect(await refundPayment(f.handle.db, first.payment.id, { percent: 50, reason: "cancellation" })).toEqual({ amount: 45_000 });
    f.fake.deliverTo = endpoint;
    expect((await f.fake.redeliver(lastEvent("charge.refunded").id))?.status).toBe(200);
    expect(await paymentNow(first.payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 45_000 });
    expect(await refundRows(first.payment.id)).toMatchObject([{ amount: 45_000, reason: "cancellation", status: "succeeded" }]);

    // Before: the event is handled while our row is still pending (Stripe answered, our update not yet run).
    const second = await buy();
    const [row] = await f.handle.db
      .insert(schema.refunds)
      .values({ paymentId: second.payment.id, amount: 20_000, currency: "eur", reason: "goodwill" })
      .returning();
    const answer = await stripeClient().refunds.create(
      { payment_intent: second.intent, amount: 20_000 },
      requestOptions("refund", row!.id),
    );
    await f.fake.settle();
    expect(await paymentNow(second.payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 20_000 });
    await f.handle.db.transaction(async (tx) => {
      await tx.update(schema.refunds).set({ status: "succeeded", stripeRefundId: answer.id }).where(eq(schema.refunds.id, row!.id));
      await settleRefunded(tx, second.payment.id);
    });
    expect(await paymentNow(second.payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 20_000 });
    expect(await refundRows(second.payment.id)).toHaveLength(1);
  });

  it("keeps a dashboard refund whose event arrives before the payment's completion: it is refused until the completion is in", async () => {
    const ada = await newClient(f, "Rosa");
    const { url } = await ada.caller.payments.checkout({ offerId: packageId });
    const sessionId = url.split("/").pop()!;
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    await f.fake.pay(sessionId);
    await f.fake.refundInDashboard(String(f.fake.sessions.get(sessionId)!.payment_intent));
    f.fake.deliverTo = endpoint;
    // Refund first: refused, so Stripe sends it again.
    expect((await f.fake.redeliver(lastEvent("charge.refunded").id))?.status).toBe(500);
    expect((await f.fake.redeliver(lastEvent("checkout.session.completed").id))?.status).toBe(200);
    // Stripe's retry (or the reconciliation) then records the refund.
    expect((await f.fake.redeliver(lastEvent("charge.refunded").id))?.status).toBe(200);
    const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.stripeCheckoutSessionId, sessionId));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 90_000 });
  });

  it("records the right total when Stripe's events for two dashboard refunds arrive in the opposite order", async () => {
    const { payment, intent } = await buy();
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    await f.fake.refundInDashboard(intent, 30_000);
    const first = lastEvent("charge.refunded").id;
    await f.fake.refundInDashboard(intent);
    const second = lastEvent("charge.refunded").id;
    f.fake.deliverTo = endpoint;

    expect((await f.fake.redeliver(second))?.status).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 90_000 });
    expect((await f.fake.redeliver(first))?.status).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "refunded", refundedAmount: 90_000 });
    expect((await refundRows(payment.id)).map((r) => r.amount)).toEqual([90_000]);
  });

  it("answers 200 and changes nothing for a charge that is not one of our payments", async () => {
    const before = await f.handle.db.select().from(schema.refunds);
    const foreign = JSON.stringify({
      id: "evt_foreign_charge",
      object: "event",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "ch_elsewhere", object: "charge", amount: 5_000, amount_refunded: 5_000, payment_intent: "pi_elsewhere" } },
    });
    expect((await handleStripeWebhook(() => f.handle.db, foreign, stripeSignature(foreign, f.fake.webhookSecret))).status).toBe(200);
    expect(await f.handle.db.select().from(schema.refunds)).toEqual(before);
  });
});
