/**
 * A refund Stripe accepted and later could not carry out (`refund.failed`: the card was closed, the bank
 * refused it). The money is back in the coach's Stripe balance and the client has not got it, so the
 * refund row turns failed (the console offers "Try again"), the payment's refunded amount drops by it,
 * and the coach is told by email, once per Stripe refund. A replay changes nothing more.
 */
import { and, desc, eq, isNull, schema } from "@coach/db";
import { appUrl } from "@coach/config";
import { refundFailedNotice, sendEmail } from "@coach/email";
import { formatMoney, type Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";
import { log } from "../shared/logger";
import { coachContact, displayName } from "../users/service";
import { type StripeHandlers, paymentIntentOf } from "./handler-types";
import { lockPaymentWhere } from "./place-locks";
import { DASHBOARD_REFUND_REASON } from "./refund-events";
import { restateRefunded } from "./refunds";

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
    // charge.refunded may have marked the row failed already, from Stripe's list, and restated the amount
    // then. Restating only with a row just marked leaves a refund of ours still on its way counted meanwhile.
    const row = await ourRow(tx, payment.id, refund);
    if (row && row.status !== "failed") {
      await tx.update(refunds).set({ status: "failed", stripeRefundId: refund.id }).where(eq(refunds.id, row.id));
      await restateRefunded(tx, payment.id);
    }
    log("error", "a refund failed after Stripe accepted it", {
      paymentId: payment.id,
      refundId: row?.id ?? null,
      stripeRefundId: refund.id,
      reason: refund.failure_reason,
    });
    // The coach hears of it even when no row explains it (refunds made together in the dashboard are one row): once per Stripe refund.
    afterCommit(async (db) => {
      const coach = await coachContact(db);
      const [client] = await db.select().from(users).where(eq(users.id, payment.userId));
      if (!coach) return;
      const mail = await refundFailedNotice({
        clientName: client ? displayName(client) : "a former client",
        amount: formatMoney(refund.amount, payment.currency),
        reason: reasonInWords(refund.failure_reason),
        paymentsUrl: `${appUrl()}/admin?tab=payments`,
      });
      await sendEmail(db, { kind: "refund-failed", to: coach.email, ...mail, dedupeKey: `refund-failed:${refund.id}` });
    });
  },
};

/**
 * The refund row this failure is about: ours by Stripe's id or the row id in its metadata; else a
 * dashboard refund (recorded without Stripe's id) of the same amount.
 */
async function ourRow(tx: Transaction, paymentId: number, refund: Stripe.Refund) {
  const [byStripeId] = await tx.select().from(refunds).where(eq(refunds.stripeRefundId, refund.id));
  const metadataId = Number(refund.metadata?.refundId);
  // A row whose send was tried again and made by another refund at Stripe is that one's: this earlier attempt's failure is not it.
  const [byMetadata] =
    byStripeId || !Number.isInteger(metadataId) || metadataId <= 0
      ? []
      : await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, metadataId), eq(refunds.paymentId, paymentId), isNull(refunds.stripeRefundId)));
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
  return byStripeId ?? byMetadata ?? dashboard;
}
