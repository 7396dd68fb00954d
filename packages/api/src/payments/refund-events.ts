/**
 * A refund made in Stripe's own dashboard (issue 31): Stripe sends `charge.refunded`. Our own refunds
 * raise the same event, so the handler reads what Stripe holds refunded on the payment now (its list of
 * refunds, not the event's copy of the charge, which still counts a refund that failed since) and records
 * only what our refund rows do not explain: a pending row is a refund of ours still on its way back from
 * Stripe, and counts as explained; a failed row whose send Stripe did carry out (its answer was lost) is
 * marked made first (adoptLostSends). Replays, later events for the same charge and events out of order
 * therefore add nothing twice. If Stripe cannot be reached the event fails and Stripe sends it again.
 */
import { and, eq, inArray, ne, schema, sql } from "@coach/db";
import { stripeClient, type Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";
import { log } from "../shared/logger";
import { type StripeHandlers, paymentIntentOf } from "./handler-types";
import { lockPaymentWhere } from "./place-locks";
import { restateRefunded, settleRefunded } from "./refunds";

const { payments, refunds } = schema;

/** The reason a refund row carries when the coach made the refund in Stripe rather than here. */
export const DASHBOARD_REFUND_REASON = "Refunded in Stripe's dashboard";

export const refundHandlers: StripeHandlers = {
  "charge.refunded": async ({ event, tx, afterCommit }) => {
    const charge = event.data.object;
    const intent = paymentIntentOf(charge);
    const payment = intent ? await lockPaymentWhere(tx, eq(payments.stripePaymentIntentId, intent)) : undefined;
    if (!payment) {
      // A Checkout payment of ours whose completion has not been recorded yet (our payment learns its
      // intent then; Stripe does not promise the order of events): the event fails, so Stripe sends it
      // again, and reconciliation takes it up, once the completion is in. Dropping it lost the refund.
      if (intent && (await isOursAwaitingCompletion(tx, intent)))
        throw new Error(`charge ${charge.id} refunded before its payment was recorded`);
      // A charge this product did not take (a company invoice's, or one made elsewhere on the account).
      log("info", "refund of a charge that is not one of our recorded payments", { chargeId: charge.id });
      return;
    }
    // What Stripe holds refunded now, not the event's copy of the charge: a refund that failed since this
    // event was sent (refund.failed, processed first) is in the copy's total but gave nothing back.
    const atStripe = (await stripeClient().refunds.list({ payment_intent: intent!, limit: 100 })).data;
    const undone = atStripe.filter((r) => r.status === "failed" || r.status === "canceled");
    const refundedAtStripe = atStripe.filter((r) => !undone.includes(r)).reduce((sum, r) => sum + r.amount, 0);
    // A row of ours whose refund failed at Stripe explains nothing, even before its refund.failed is here
    // (which then tells the coach): counting it hid a refund made by hand meanwhile, and Try again paid twice.
    if (undone.length > 0) {
      const failed = await tx
        .update(refunds)
        .set({ status: "failed" })
        .where(
          and(
            eq(refunds.paymentId, payment.id),
            inArray(
              refunds.stripeRefundId,
              undone.map((r) => r.id),
            ),
            ne(refunds.status, "failed"),
          ),
        )
        .returning({ id: refunds.id });
      if (failed.length > 0) await restateRefunded(tx, payment.id);
    }
    const [explained] = await tx
      .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ["pending", "succeeded"])));
    let missing = Math.min(refundedAtStripe, payment.amount) - (explained?.sum ?? 0);
    if (missing > 0) missing -= await adoptLostSends(tx, payment.id, atStripe);
    if (missing > 0)
      await tx.insert(refunds).values({
        paymentId: payment.id,
        amount: missing,
        currency: payment.currency,
        percent: null,
        status: "succeeded",
        reason: DASHBOARD_REFUND_REASON,
      });
    const settled = await settleRefunded(tx, payment.id, refundedAtStripe);
    afterCommit(async () =>
      log("info", "charge refunded", { paymentId: payment.id, refundedAmount: settled.refundedAmount, recorded: Math.max(missing, 0) }),
    );
  },
};

/**
 * A failed refund row of ours may be a send Stripe carried out though its answer was lost (the network
 * dropped after Stripe acted). Before the event's unexplained money is taken for a dashboard refund,
 * any of Stripe's refunds of the payment that carries a failed row's id in its metadata marks that
 * row succeeded. Answers the amount adopted.
 */
async function adoptLostSends(tx: Transaction, paymentId: number, atStripe: readonly Stripe.Refund[]): Promise<number> {
  const failed = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "failed")));
  let adopted = 0;
  for (const row of failed) {
    const made = atStripe.find((r) => r.metadata?.refundId === String(row.id) && r.status !== "failed" && r.status !== "canceled");
    if (!made) continue;
    await tx.update(refunds).set({ status: "succeeded", stripeRefundId: made.id }).where(eq(refunds.id, row.id));
    adopted += row.amount;
  }
  return adopted;
}

/** The payment intent carries one of our payments' ids (set through Checkout's payment_intent_data) and that payment exists. */
async function isOursAwaitingCompletion(tx: Transaction, intentId: string): Promise<boolean> {
  const intent = await stripeClient()
    .paymentIntents.retrieve(intentId)
    // An intent Stripe does not know on this account is not ours; any other failure fails the event, to be sent again.
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === "resource_missing") return null;
      throw error;
    });
  if (!intent) return false;
  const paymentId = Number(intent.metadata?.paymentId);
  if (!Number.isInteger(paymentId) || paymentId <= 0) return false;
  const [row] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
  return row !== undefined;
}
