/**
 * A refund Stripe accepted and later could not carry out (`refund.failed`: the card was closed, the bank
 * refused it). The money is back in the coach's Stripe balance and the client has not got it, so the
 * refund row turns failed (the console offers "Try again"), the payment's refunded amount drops by it,
 * and the coach is told by email. Idempotent: a row already failed is left as it is.
 */
import { and, desc, eq, isNull, schema, sql } from "@coach/db";
import { appUrl } from "@coach/config";
import { refundFailedNotice, sendEmail } from "@coach/email";
import { formatMoney, type Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";
import { log } from "../shared/logger";
import { coachContact, displayName } from "../users/service";
import { type StripeHandlers, paymentIntentOf } from "./handler-types";
import { lockPaymentWhere } from "./place-locks";
import { DASHBOARD_REFUND_REASON } from "./refund-events";

const { payments, refunds, users } = schema;

/** Stripe's failure reasons, as the coach's email says them. */
const REASONS: Record<string, string> = {
  lost_or_stolen_card: "the card was reported lost or stolen",
  expired_or_canceled_card: "the card has expired or was canceled",
  charge_for_pending_refund_disputed: "the client disputed the payment while the refund was pending",
  insufficient_funds: "the Stripe balance could not cover it",
  declined: "the client's bank declined it",
  merchant_request: "it was canceled from the Stripe account",
};
const reasonInWords = (reason: string | null | undefined) => REASONS[reason ?? ""] ?? "the bank gave no reason";

export const refundFailureHandlers: StripeHandlers = {
  "refund.failed": async ({ event, tx, afterCommit }) => {
    const refund = event.data.object;
    const intent = paymentIntentOf(refund);
    const payment = intent ? await lockPaymentWhere(tx, eq(payments.stripePaymentIntentId, intent)) : undefined;
    if (!payment) {
      log("info", "failed refund of a charge that is not one of our recorded payments", { refundId: refund.id });
      return;
    }
    const row = await ourRow(tx, payment.id, refund);
    if (!row) {
      log("warn", "a refund failed that no refund row explains", { paymentId: payment.id, stripeRefundId: refund.id });
      return;
    }
    await tx.update(refunds).set({ status: "failed", stripeRefundId: refund.id }).where(eq(refunds.id, row.id));
    await restateRefunded(tx, payment.id);
    log("error", "a refund failed after Stripe accepted it", { paymentId: payment.id, refundId: row.id, reason: refund.failure_reason });
    afterCommit(async (db) => {
      const coach = await coachContact(db);
      const [client] = await db.select().from(users).where(eq(users.id, payment.userId));
      if (!coach) return;
      const mail = await refundFailedNotice({
        clientName: client ? displayName(client) : "a former client",
        amount: formatMoney(row.amount, row.currency),
        reason: reasonInWords(refund.failure_reason),
        paymentsUrl: `${appUrl()}/admin?tab=payments`,
      });
      await sendEmail(db, { kind: "refund-failed", to: coach.email, ...mail, dedupeKey: `refund-failed:${refund.id}` });
    });
  },
};

/**
 * The refund row this failure is about, unless it is failed already: ours by Stripe's id or the row id
 * in its metadata; else a dashboard refund (recorded without Stripe's id) of the same amount.
 */
async function ourRow(tx: Transaction, paymentId: number, refund: Stripe.Refund) {
  const [byStripeId] = await tx.select().from(refunds).where(eq(refunds.stripeRefundId, refund.id));
  const metadataId = Number(refund.metadata?.refundId);
  const [byMetadata] =
    byStripeId || !Number.isInteger(metadataId) || metadataId <= 0
      ? []
      : await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, metadataId), eq(refunds.paymentId, paymentId)));
  const [dashboard] =
    byStripeId || byMetadata
      ? []
      : await tx
          .select()
          .from(refunds)
          .where(
            and(
              eq(refunds.paymentId, paymentId),
              eq(refunds.reason, DASHBOARD_REFUND_REASON),
              eq(refunds.amount, refund.amount),
              eq(refunds.status, "succeeded"),
              isNull(refunds.stripeRefundId),
            ),
          )
          .orderBy(desc(refunds.id))
          .limit(1);
  const row = byStripeId ?? byMetadata ?? dashboard;
  return row && row.status !== "failed" ? row : undefined;
}

/** The payment's refunded amount from its succeeded refund rows, now that one of them did not happen. */
async function restateRefunded(tx: Transaction, paymentId: number) {
  const [ledger] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "succeeded")));
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  const refunded = Math.min(payment.amount, ledger?.sum ?? 0);
  const status = refunded === 0 ? "paid" : refunded >= payment.amount ? "refunded" : "partially_refunded";
  await tx.update(payments).set({ refundedAmount: refunded, status, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}
