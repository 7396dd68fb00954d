/**
 * Checkout's webhooks (issue 31, decision 27): a paid session (`checkout.session.completed`, or
 * `checkout.session.async_payment_succeeded` days later for a delayed method such as a bank debit,
 * whose completion came unpaid) is the only thing that marks a payment paid, grants a package's
 * credits or confirms a held booking; a session that ends unpaid (`checkout.session.expired`, or
 * `…async_payment_failed`) releases a hold. Each is idempotent on its own (a payment already settled
 * is left as it is), since reconciliation may replay an event the webhook missed.
 */
import { and, eq, schema, type Database } from "@coach/db";
import type { Transaction } from "../shared/db";
import { log } from "../shared/logger";
import { announceBooking } from "../appointments/booking";
import { asBought } from "./checkout";
import { grantForPayment } from "./credits";
import { lockPaymentWhere } from "./place-locks";
import {
  type SessionPaidEvent,
  type SessionUnpaidEvent,
  type StripeHandlerContext,
  type StripeHandlers,
  paymentIntentOf,
} from "./handler-types";
import { releaseHolds } from "./holds";
import { sendReceipt } from "./receipt";
import { planRefund, sendRefund } from "./refunds";

const { appointments, offers, payments, retreatApplications, users } = schema;

/** The reason on the refund of a session paid after its hold was released. */
export const PAID_AFTER_RELEASE_REASON = "Paid after the hold was released";

/**
 * Whether a retreat deposit took its place (retreat-events.ts decides, in the same transaction): only then
 * is a receipt sent. A deposit that found no place is refunded, and retreat-events.ts tells the payer so.
 */
async function depositTookPlace(db: Database, paymentId: number): Promise<boolean> {
  const [app] = await db
    .select({ status: retreatApplications.status })
    .from(retreatApplications)
    .where(eq(retreatApplications.depositPaymentId, paymentId));
  return app?.status === "confirmed";
}

/** The payment a session belongs to, locked (a retreat place's offer first): by the session id we stored, or the payment id in its metadata. */
async function paymentOf(tx: Transaction, session: { id: string; metadata?: Record<string, string> | null }) {
  const bySession = await lockPaymentWhere(tx, eq(payments.stripeCheckoutSessionId, session.id));
  if (bySession) return bySession;
  const id = Number(session.metadata?.paymentId);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return lockPaymentWhere(tx, eq(payments.id, id));
}

/**
 * The session is paid: on completion for a card, or on `checkout.session.async_payment_succeeded` days
 * later for a delayed method (a bank debit), whose completion came unpaid. Same work either way.
 */
async function sessionPaid({ event, tx, afterCommit }: StripeHandlerContext<SessionPaidEvent>) {
  const session = event.data.object;
  if (session.payment_status !== "paid") return markFundsPending(tx, session);
  const payment = await paymentOf(tx, session);
  if (!payment) {
    log("warn", "checkout completed for an unknown payment", { sessionId: session.id });
    return;
  }
  if (payment.status === "paid" || payment.status === "refunded" || payment.status === "partially_refunded") return;
  const now = new Date();
  const intent = paymentIntentOf(session);
  const [paid] = await tx
    .update(payments)
    .set({ status: "paid", paidAt: now, stripePaymentIntentId: intent, stripeCheckoutSessionId: session.id, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  // A retreat deposit is the retreat's (retreat-events.ts, the next handler of this event): it takes the
  // place or refunds the deposit and says so. Here it only gets its receipt, when it took the place.
  if (payment.purpose.startsWith("retreat_")) {
    afterCommit(async (db) => {
      if (await depositTookPlace(db, payment.id)) await sendReceipt(db, payment.id);
    });
    return;
  }
  const [offer] = await tx.select().from(offers).where(eq(offers.id, payment.offerId));
  const [buyer] = await tx.select().from(users).where(eq(users.id, payment.userId));
  if (!offer || !buyer) throw new Error(`payment ${payment.id} lost its offer or buyer`);

  // The credits bought at checkout (recorded on the payment), not those of the offer as edited since.
  if (payment.purpose === "package") await grantForPayment(tx, payment, asBought(payment, offer), now);
  let confirmed: typeof appointments.$inferSelect | undefined;
  if (payment.purpose === "session" && payment.appointmentId) {
    [confirmed] = await tx
      .update(appointments)
      .set({ status: "scheduled", holdExpiresAt: null })
      .where(and(eq(appointments.id, payment.appointmentId), eq(appointments.status, "awaiting_payment")))
      .returning();
    const booked = confirmed;
    if (booked) afterCommit((db) => announceBooking(db, booked, buyer, { byCoach: false }));
  }
  // Paid for a hold that was already released (its 15 minutes passed): the slot may be someone
  // else's now, so the money goes back in full rather than booking a time twice. The refund row is
  // written in this transaction, so the money owed commits with the payment (a process that stops
  // before Stripe is asked leaves a pending refund the coach can send again); it is sent after the commit.
  if (payment.purpose === "session" && !confirmed) {
    const refundId = await planRefund(tx, paid!, { percent: 100, reason: PAID_AFTER_RELEASE_REASON });
    if (refundId) afterCommit(async (db) => void (await sendRefund(db, refundId)));
    return;
  }
  afterCommit((db) => sendReceipt(db, payment.id));
}

/**
 * Checkout completed, but the money is a bank debit still on its way: nothing is granted yet, and the
 * payment records when this began, so the return page tells the payer it will take days, not seconds.
 */
async function markFundsPending(tx: Transaction, session: SessionPaidEvent["data"]["object"]) {
  const payment = await paymentOf(tx, session);
  if (!payment || payment.status !== "pending" || payment.fundsPendingSince) return;
  await tx.update(payments).set({ fundsPendingSince: new Date(), updatedAt: new Date() }).where(eq(payments.id, payment.id));
}

/** The session ended unpaid: it expired, or a delayed method's payment failed. A hold is released. */
async function sessionUnpaid({ event, tx, afterCommit }: StripeHandlerContext<SessionUnpaidEvent>) {
  const payment = await paymentOf(tx, event.data.object);
  if (!payment || payment.status !== "pending") return;
  if (payment.appointmentId) await releaseHolds(tx, [payment.appointmentId]);
  await tx.update(payments).set({ status: "expired", updatedAt: new Date() }).where(eq(payments.id, payment.id));
  afterCommit(async () => log("info", "checkout ended unpaid", { paymentId: payment.id, event: event.type }));
}

export const checkoutHandlers: StripeHandlers = {
  "checkout.session.completed": sessionPaid,
  "checkout.session.async_payment_succeeded": sessionPaid,
  "checkout.session.expired": sessionUnpaid,
  "checkout.session.async_payment_failed": sessionUnpaid,
};
