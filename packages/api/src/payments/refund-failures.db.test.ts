/**
 * A refund Stripe accepted and later could not carry out (`refund.failed`): the client never got the
 * money, so the payment stops counting it, the row turns failed (and can be tried again), and the coach
 * is told; a replay changes nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, schema } from "@coach/db";
import { newClient, outboxTo, startPaymentsFixture, type PaymentsFixture } from "../testing/payments-fixture";
import { DASHBOARD_REFUND_REASON } from "./refund-events";
import { refundPayment } from "./refunds";

let f: PaymentsFixture;
let packageId: number;
let coachEmail: string;

beforeAll(async () => {
  f = await startPaymentsFixture();
  packageId = (
    await f.coach.admin.offers.create({
      kind: "package",
      title: "Four follow-ups",
      appointmentType: "followup",
      sessions: 4,
      validDays: 90,
      price: { amount: 80_000, currency: "eur" },
    })
  ).id;
  const [coach] = await f.handle.db.select().from(schema.users).where(eq(schema.users.role, "admin"));
  coachEmail = coach!.email;
});
afterAll(async () => f?.close());

async function paidPackage(first: string) {
  const client = await newClient(f, first);
  const { url } = await client.caller.payments.checkout({ offerId: packageId });
  const sessionId = url.split("/").pop()!;
  await f.fake.pay(sessionId);
  const [payment] = await f.handle.db.select().from(schema.payments).where(eq(schema.payments.stripeCheckoutSessionId, sessionId));
  return { payment: payment!, intent: String(f.fake.sessions.get(sessionId)!.payment_intent) };
}
const paymentNow = async (id: number) => (await f.handle.db.select().from(schema.payments).where(eq(schema.payments.id, id)))[0]!;
const refundRows = (paymentId: number) =>
  f.handle.db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId)).orderBy(asc(schema.refunds.id));
const noticesToCoach = async () => (await outboxTo(f, coachEmail)).filter((m) => m.kind === "refund-failed");

describe("refund.failed", () => {
  it("takes a refund of ours that failed at the bank off the payment, offers it again, and tells the coach once", async () => {
    const { payment } = await paidPackage("Fiona");
    expect(await refundPayment(f.handle.db, payment.id, { percent: 50, reason: "Canceled in time" })).toEqual({ amount: 40_000 });
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 40_000 });
    const [row] = await refundRows(payment.id);
    const before = (await noticesToCoach()).length;

    // Days later the card turns out closed: Stripe gives the money back to the balance.
    const delivery = await f.fake.failRefund(row!.stripeRefundId!, "expired_or_canceled_card");
    expect(delivery?.status).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "paid", refundedAmount: 0 });
    expect(await refundRows(payment.id)).toMatchObject([{ id: row!.id, status: "failed" }]);
    const notices = await noticesToCoach();
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.text).toContain("Stripe could not return €400.00 to Fiona");
    expect(notices.at(-1)!.text).toContain("the card has expired or was canceled");
    const tab = await f.coach.admin.payments.overview();
    expect(tab.refunds.find((r) => r.id === row!.id)).toMatchObject({ status: "failed" });

    // Stripe's retry of the event changes nothing and mails nobody again.
    expect((await f.fake.redeliver(delivery!.eventId))?.body).toContain('"duplicate":true');
    expect(await noticesToCoach()).toHaveLength(before + 1);

    // The coach tries again (a new card on file at the bank, say): the refund is made once more, and counted once.
    expect(await f.coach.admin.payments.retryRefund({ id: row!.id })).toMatchObject({ status: "succeeded" });
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 40_000 });
    const atStripe = [...f.fake.refunds.values()].filter(
      (r) => r.metadata && (r.metadata as Record<string, string>).refundId === String(row!.id),
    );
    expect(atStripe.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("records nothing from a charge.refunded sent before the refund failed and processed after it", async () => {
    const { payment } = await paidPackage("Olga");
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    await refundPayment(f.handle.db, payment.id, { percent: 100, reason: "Canceled in time" });
    f.fake.deliverTo = endpoint;
    const [row] = await refundRows(payment.id);
    await f.fake.failRefund(row!.stripeRefundId!);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "paid", refundedAmount: 0 });

    // The refund's own charge.refunded arrives late (a retry, or reconciliation): its copy of the charge still counts the refund.
    const late = f.fake.events.filter((e) => e.type === "charge.refunded").at(-1)!;
    expect((late.data as { object: { amount_refunded: number } }).object.amount_refunded).toBe(80_000);
    expect((await f.fake.redeliver(String(late.id)))?.status).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "paid", refundedAmount: 0 });
    expect((await refundRows(payment.id)).map((r) => r.status)).toEqual(["failed"]);
  });

  it("records a refund made by hand while our failed one's event was still on its way, so Try again is refused", async () => {
    const { payment, intent } = await paidPackage("Hana");
    await refundPayment(f.handle.db, payment.id, { percent: 50, reason: "Canceled in time" });
    const [ours] = await refundRows(payment.id);
    // Our refund fails at the bank; its refund.failed is delayed. Meanwhile the coach refunds €400 by hand.
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    await f.fake.failRefund(ours!.stripeRefundId!);
    f.fake.deliverTo = endpoint;
    await f.fake.refundInDashboard(intent, 40_000);
    expect((await refundRows(payment.id)).map((r) => [r.amount, r.status, r.reason])).toEqual([
      [40_000, "failed", "Canceled in time"],
      [40_000, "succeeded", DASHBOARD_REFUND_REASON],
    ]);
    expect(await paymentNow(payment.id)).toMatchObject({ refundedAmount: 40_000 });

    const late = f.fake.events.filter((e) => e.type === "refund.failed").at(-1)!;
    await f.fake.redeliver(String(late.id));
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 40_000 });
    expect((await noticesToCoach()).at(-1)!.text).toContain("Stripe could not return €400.00 to Hana");
    await expect(f.coach.admin.payments.retryRefund({ id: ours!.id })).rejects.toMatchObject({ code: "CONFLICT" });
    expect([...f.fake.refunds.values()].filter((r) => r.payment_intent === intent && r.status === "succeeded")).toHaveLength(1);
  });

  it("leaves a refund tried again and made alone when the first attempt's failure arrives late", async () => {
    const { payment, intent } = await paidPackage("Ines");
    // The first send reaches Stripe but its answer is lost; then that refund fails at the bank (its event delayed).
    f.fake.loseAnswers("POST /v1/refunds");
    try {
      await refundPayment(f.handle.db, payment.id, { percent: 50, reason: "Canceled in time" });
    } finally {
      f.fake.loseAnswers(null);
    }
    const [row] = await refundRows(payment.id);
    expect(row!.status).toBe("failed");
    const first = [...f.fake.refunds.values()].find((r) => r.payment_intent === intent)!;
    const endpoint = f.fake.deliverTo;
    f.fake.deliverTo = null;
    await f.fake.failRefund(String(first.id));
    f.fake.deliverTo = endpoint;

    // The coach tries again: a second refund is made and succeeds.
    await f.coach.admin.payments.retryRefund({ id: row!.id });
    const second = await refundRows(payment.id);
    expect(second[0]).toMatchObject({ status: "succeeded" });
    expect(second[0]!.stripeRefundId).not.toBe(first.id);

    // The first attempt's refund.failed arrives now: the row stays made, as does the money.
    await f.fake.redeliver(String(f.fake.events.filter((e) => e.type === "refund.failed").at(-1)!.id));
    expect(await refundRows(payment.id)).toMatchObject([{ status: "succeeded", stripeRefundId: second[0]!.stripeRefundId }]);
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 40_000 });
  });

  it("takes a failed dashboard refund off the payment too, leaving the others", async () => {
    const { payment, intent } = await paidPackage("Dana");
    await f.fake.refundInDashboard(intent, 10_000);
    await f.fake.refundInDashboard(intent, 20_000);
    expect(await paymentNow(payment.id)).toMatchObject({ refundedAmount: 30_000 });
    const second = [...f.fake.refunds.values()].find((r) => r.payment_intent === intent && r.amount === 20_000)!;

    await f.fake.failRefund(String(second.id), "lost_or_stolen_card");
    expect(await paymentNow(payment.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 10_000 });
    expect((await refundRows(payment.id)).map((r) => [r.amount, r.status, r.reason])).toEqual([
      [10_000, "succeeded", DASHBOARD_REFUND_REASON],
      [20_000, "failed", DASHBOARD_REFUND_REASON],
    ]);
    expect((await noticesToCoach()).at(-1)!.text).toContain("the card was reported lost or stolen");
  });
});
