/**
 * Refunds through Stripe (issue 31): the refund row is written first and its id is the idempotency
 * key, so a retried cancellation cannot refund twice; the payment's refunded amount follows Stripe's answer.
 * The refund rows are the ledger: ours, and those made in Stripe's dashboard (refund-events.ts).
 */
import { and, eq, schema, sql, type Database } from "@coach/db";
import type { Payment } from "@coach/db/schema";
import { requestOptions, stripeClient, type Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";
import { log } from "../shared/logger";

const { payments, refunds } = schema;

/** Writes and sends a refund of `percent` of what is left on a payment; undefined when nothing was refunded. */
export async function refundPayment(db: Database, paymentId: number, options: RefundOptions): Promise<{ amount: number } | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const refundId = payment ? await planRefund(db, payment, options) : undefined;
  if (!refundId) return undefined;
  const sent = await sendRefund(db, refundId);
  return sent.ok ? { amount: sent.amount } : undefined;
}

interface RefundOptions {
  percent: number;
  reason: string;
  requestedBy?: number | null;
}

/**
 * Writes the refund row (pending) for `percent` of what is left on the payment. Called inside the
 * transaction that decides the refund, so the decision and the money owed commit together: a process
 * that stops before Stripe is asked leaves a pending row the coach can send again, never a silent debt.
 */
export async function planRefund(db: Database | Transaction, payment: Payment, options: RefundOptions): Promise<number | undefined> {
  if (!payment.stripePaymentIntentId) return undefined;
  const amount = Math.min(Math.floor((payment.amount * options.percent) / 100), payment.amount - payment.refundedAmount);
  if (amount <= 0) return undefined;
  const [refund] = await db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      percent: options.percent,
      reason: options.reason,
      requestedBy: options.requestedBy ?? null,
    })
    .returning({ id: refunds.id });
  return refund!.id;
}

export type SendOutcome = { ok: true; amount: number } | { ok: false; refusedByStripe: boolean; error: unknown };

/**
 * Asks Stripe for a written refund and records its answer. The first send's idempotency key is the row's
 * id; a retry (`retryClaimedAt`) first looks for the refund an earlier send made though its answer was
 * lost, then uses a key of its own, as Stripe replays a key's stored error.
 */
export async function sendRefund(db: Database, refundId: number, retryClaimedAt?: Date): Promise<SendOutcome> {
  const [row] = await db
    .update(refunds)
    .set({ attemptedAt: retryClaimedAt ?? new Date() })
    .where(eq(refunds.id, refundId))
    .returning();
  const [payment] = await db.select().from(payments).where(eq(payments.id, row!.paymentId));
  const intent = payment!.stripePaymentIntentId!;
  let refusedByStripe = false;
  try {
    const answer =
      (retryClaimedAt ? await earlierSend(intent, refundId) : undefined) ??
      (await stripeClient().refunds.create(
        { payment_intent: intent, amount: row!.amount, metadata: { paymentId: String(payment!.id), refundId: String(refundId) } },
        retryClaimedAt ? requestOptions("refund-retry", refundId, retryClaimedAt.getTime()) : requestOptions("refund", refundId),
      ));
    refusedByStripe = answer.status === "failed" || answer.status === "canceled";
    await recordAnswer(db, refundId, payment!.id, answer);
    if (refusedByStripe) throw new Error(`Stripe answered the refund ${answer.status}`);
    log("info", "payment refunded", { paymentId: payment!.id, refundId, amount: row!.amount });
    return { ok: true, amount: row!.amount };
  } catch (error) {
    await db.update(refunds).set({ status: "failed" }).where(eq(refunds.id, refundId));
    log("error", "refund failed", { paymentId: payment!.id, refundId, error });
    return { ok: false, refusedByStripe, error };
  }
}

/** Records Stripe's answer on the row; a refund Stripe made counts on the payment. */
async function recordAnswer(db: Database, refundId: number, paymentId: number, answer: Stripe.Refund): Promise<void> {
  const refused = answer.status === "failed" || answer.status === "canceled";
  await db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ stripeRefundId: answer.id, status: refused ? "failed" : "succeeded" })
      .where(eq(refunds.id, refundId));
    if (!refused) await settleRefunded(tx, paymentId);
  });
}

/**
 * Adopts the refund an earlier send of this row made at Stripe, when there is one: marks the row
 * succeeded and answers true. Used when the payment shows the money back already, which is what an
 * earlier send whose answer was lost looks like once Stripe's charge.refunded has arrived.
 */
export async function adoptEarlierSend(db: Database, refundId: number, paymentIntentId: string, paymentId: number): Promise<boolean> {
  const earlier = await earlierSend(paymentIntentId, refundId);
  if (!earlier) return false;
  await recordAnswer(db, refundId, paymentId, earlier);
  log("info", "payment refunded", { paymentId, refundId, adopted: true });
  return true;
}

/** The refund an earlier send made at Stripe for this row (our id is in its metadata), if there is one. */
async function earlierSend(paymentIntentId: string, refundId: number): Promise<Stripe.Refund | undefined> {
  const list = await stripeClient().refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  return list.data.find((r) => r.metadata?.refundId === String(refundId) && r.status !== "failed" && r.status !== "canceled");
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

/**
 * The payment's refunded amount from its succeeded refund rows alone, when one of them turned out not to
 * have happened (refund.failed): the only place an amount goes down. settleRefunded only ever raises it.
 */
export async function restateRefunded(tx: Transaction, paymentId: number) {
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
