/**
 * Trying a failed refund again (the console's Refunds table). A refund is marked failed when Stripe
 * could not be reached or refused it; the money is still the client's due. The row is claimed
 * (failed → pending) so two clicks or two coaches cannot both send it, Stripe is asked first whether the
 * earlier try reached it after all (its refund carries our row's id), and only then is a new refund made.
 */
import { eq, schema, type Database } from "@coach/db";
import { formatMoney, paymentsEnabled, requestOptions, stripeClient, stripeReasonForPeople, type Stripe } from "@coach/payments";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { settleRefunded } from "./refunds";

const { payments, refunds } = schema;

export async function retryRefund(db: Database, actor: AuditActor, id: number) {
  if (!paymentsEnabled()) throw new DomainError("SERVICE_UNAVAILABLE", "Payments are not enabled; the refund cannot be made.");
  const claimedAt = new Date();
  const { refund, payment } = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
    if (!row) throw new DomainError("NOT_FOUND", "Refund not found.");
    if (row.status !== "failed")
      throw new DomainError("CONFLICT", `This refund is ${row.status}; only a failed refund can be tried again.`);
    const [paid] = await tx.select().from(payments).where(eq(payments.id, row.paymentId)).for("update");
    if (!paid?.stripePaymentIntentId) throw new DomainError("CONFLICT", "This payment was not taken through Stripe; refund it by hand.");
    const left = paid.amount - paid.refundedAmount;
    if (row.amount > left)
      throw new DomainError(
        "CONFLICT",
        `Only ${formatMoney(left, paid.currency)} of this payment is left to refund: the rest was refunded meanwhile (perhaps in Stripe's dashboard).`,
      );
    await tx.update(refunds).set({ status: "pending" }).where(eq(refunds.id, id));
    await recordAudit(tx, actor, "payments.refund-retry", { type: "refund", id, details: { amount: row.amount } });
    return { refund: row, payment: paid };
  });
  try {
    const answer =
      (await earlierTry(payment.stripePaymentIntentId!, id)) ??
      (await stripeClient().refunds.create(
        {
          payment_intent: payment.stripePaymentIntentId!,
          amount: refund.amount,
          metadata: { refundId: String(id), paymentId: String(payment.id) },
        },
        // One key per claim: the library's own network retries reuse it, a later retry of a failed row does not.
        requestOptions("refund-retry", id, claimedAt.getTime()),
      ));
    const succeeded = answer.status !== "failed" && answer.status !== "canceled";
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ stripeRefundId: answer.id, status: succeeded ? "succeeded" : "failed" })
        .where(eq(refunds.id, id));
      if (succeeded) await settleRefunded(tx, payment.id);
    });
    if (!succeeded) throw new Error(`Stripe answered the refund ${answer.status}`);
    log("info", "failed refund retried", { refundId: id, paymentId: payment.id, amount: refund.amount });
    return { id, status: "succeeded" as const, amountText: formatMoney(refund.amount, refund.currency) };
  } catch (error) {
    await db.update(refunds).set({ status: "failed" }).where(eq(refunds.id, id));
    log("error", "refund retry failed", { refundId: id, error });
    throw new DomainError(
      "SERVICE_UNAVAILABLE",
      `The refund was not made (${stripeReasonForPeople(error)}); it stays failed. Try again later.`,
      {
        cause: error,
      },
    );
  }
}

/** The refund an earlier try made though its answer never reached us, if Stripe has one for this row. */
async function earlierTry(paymentIntentId: string, refundId: number): Promise<Stripe.Refund | undefined> {
  const list = await stripeClient().refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  return list.data.find((r) => r.metadata?.refundId === String(refundId) && r.status !== "failed" && r.status !== "canceled");
}
