/**
 * Checkout's webhooks (issue 31, decision 27): `checkout.session.completed` is the only thing that
 * marks a payment paid, grants a package's credits or confirms a held booking; `checkout.session.expired`
 * releases a hold. Each is idempotent on its own (a payment already settled is left as it is), since
 * reconciliation may replay an event the webhook missed.
 */
import { and, eq, schema } from "@coach/db";
import type { Transaction } from "../shared/db";
import { log } from "../shared/logger";
import { announceBooking } from "../appointments/booking";
import { grantForPayment } from "./credits";
import { lockPaymentWhere } from "./place-locks";
import type { StripeHandlers } from "./handler-types";
import { releaseHolds } from "./holds";
import { sendReceipt } from "./receipt";
import { refundPayment } from "./refunds";

const { appointments, offers, payments, users } = schema;

/** The payment a session belongs to, locked (a retreat place's offer first): by the session id we stored, or the payment id in its metadata. */
async function paymentOf(tx: Transaction, session: { id: string; metadata?: Record<string, string> | null }) {
  const bySession = await lockPaymentWhere(tx, eq(payments.stripeCheckoutSessionId, session.id));
  if (bySession) return bySession;
  const id = Number(session.metadata?.paymentId);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return lockPaymentWhere(tx, eq(payments.id, id));
}

export const checkoutHandlers: StripeHandlers = {
  "checkout.session.completed": async ({ event, tx, afterCommit }) => {
    const session = event.data.object;
    if (session.payment_status !== "paid") return;
    const payment = await paymentOf(tx, session);
    if (!payment) {
      log("warn", "checkout completed for an unknown payment", { sessionId: session.id });
      return;
    }
    if (payment.status === "paid" || payment.status === "refunded" || payment.status === "partially_refunded") return;
    const now = new Date();
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
    await tx
      .update(payments)
      .set({ status: "paid", paidAt: now, stripePaymentIntentId: intent, stripeCheckoutSessionId: session.id, updatedAt: now })
      .where(eq(payments.id, payment.id));
    const [offer] = await tx.select().from(offers).where(eq(offers.id, payment.offerId));
    const [buyer] = await tx.select().from(users).where(eq(users.id, payment.userId));
    if (!offer || !buyer) throw new Error(`payment ${payment.id} lost its offer or buyer`);

    if (payment.purpose === "package") await grantForPayment(tx, payment, offer, now);
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
    // else's now, so the money goes back in full rather than booking a time twice.
    const late = payment.purpose === "session" && !confirmed;
    afterCommit(async (db) => {
      if (late) await refundPayment(db, payment.id, { percent: 100, reason: "Paid after the hold was released" });
      else await sendReceipt(db, payment.id);
    });
  },

  "checkout.session.expired": async ({ event, tx, afterCommit }) => {
    const payment = await paymentOf(tx, event.data.object);
    if (!payment || payment.status !== "pending") return;
    if (payment.appointmentId) await releaseHolds(tx, [payment.appointmentId]);
    await tx.update(payments).set({ status: "expired", updatedAt: new Date() }).where(eq(payments.id, payment.id));
    afterCommit(async () => log("info", "checkout expired", { paymentId: payment.id }));
  },
};
