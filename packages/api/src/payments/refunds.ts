/**
 * Refunds through Stripe (issue 31): the refund row is written first and its id is the idempotency
 * key, so a retried cancellation cannot refund twice; the payment's refunded amount follows Stripe's answer.
 */
import { eq, schema, sql, type Database } from "@coach/db";
import { requestOptions, stripeClient } from "@coach/payments";
import { log } from "../shared/logger";

const { payments, refunds } = schema;

export async function refundPayment(
  db: Database,
  paymentId: number,
  options: { percent: number; reason: string; requestedBy?: number | null },
): Promise<{ amount: number } | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.stripePaymentIntentId) return undefined;
  const amount = Math.min(Math.floor((payment.amount * options.percent) / 100), payment.amount - payment.refundedAmount);
  if (amount <= 0) return undefined;
  const [refund] = await db
    .insert(refunds)
    .values({
      paymentId,
      amount,
      currency: payment.currency,
      percent: options.percent,
      reason: options.reason,
      requestedBy: options.requestedBy ?? null,
    })
    .returning();
  try {
    const answer = await stripeClient().refunds.create(
      { payment_intent: payment.stripePaymentIntentId, amount, metadata: { paymentId: String(paymentId), refundId: String(refund!.id) } },
      requestOptions("refund", refund!.id),
    );
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ stripeRefundId: answer.id, status: answer.status === "failed" ? "failed" : "succeeded" })
        .where(eq(refunds.id, refund!.id));
      if (answer.status === "failed") return;
      await tx
        .update(payments)
        .set({
          refundedAmount: sql`${payments.refundedAmount} + ${amount}`,
          status: sql`case when ${payments.refundedAmount} + ${amount} >= ${payments.amount} then 'refunded' else 'partially_refunded' end`,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId));
    });
    log("info", "payment refunded", { paymentId, refundId: refund!.id, amount });
    return { amount };
  } catch (error) {
    await db.update(refunds).set({ status: "failed" }).where(eq(refunds.id, refund!.id));
    log("error", "refund failed", { paymentId, refundId: refund!.id, error });
    return undefined;
  }
}
