/**
 * Refunds through Stripe (issue 31): the refund row is written first and its id is the idempotency
 * key, so a retried cancellation cannot refund twice; the payment's refunded amount follows Stripe's answer.
 * The refund rows are the ledger: ours, and those made in Stripe's dashboard (refund-events.ts).
 */
import { and, eq, schema, sql, type Database } from "@coach/db";
import type { Payment } from "@coach/db/schema";
import { requestOptions, stripeClient } from "@coach/payments";
import type { Transaction } from "../shared/db";
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
      if (answer.status !== "failed") await settleRefunded(tx, paymentId);
    });
    log("info", "payment refunded", { paymentId, refundId: refund!.id, amount });
    return { amount };
  } catch (error) {
    await db.update(refunds).set({ status: "failed" }).where(eq(refunds.id, refund!.id));
    log("error", "refund failed", { paymentId, refundId: refund!.id, error });
    return undefined;
  }
}

/**
 * Brings a payment's refunded amount and status up to date: the larger of what it says, the sum of its
 * succeeded refund rows and, from a `charge.refunded`, Stripe's own total for the charge. Amounts only
 * grow and are never added twice, so our own refund's update and Stripe's webhook for it may arrive in
 * either order (or again) and still count the refund once.
 */
export async function settleRefunded(tx: Transaction, paymentId: number, stripeTotal = 0): Promise<Payment> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) throw new Error(`payment ${paymentId} vanished while refunding`);
  const [ledger] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "succeeded")));
  const refunded = Math.min(payment.amount, Math.max(payment.refundedAmount, ledger?.sum ?? 0, stripeTotal));
  if (refunded === 0) return payment;
  const status = refunded >= payment.amount ? "refunded" : "partially_refunded";
  if (refunded === payment.refundedAmount && status === payment.status) return payment;
  const [row] = await tx
    .update(payments)
    .set({ refundedAmount: refunded, status, updatedAt: new Date() })
    .where(eq(payments.id, paymentId))
    .returning();
  return row!;
}
