/**
 * What a cancellation does to money (issue 31, decision 50). Inside the cancellation policy (at least
 * the cut-off hours before the start) a credit comes back and a paid session is refunded in full;
 * a late cancellation (only the coach can make one) keeps the credit used and the payment kept.
 * A no-show is never canceled, so its credit stays used. A hold canceled before payment just ends.
 */
import { and, eq, inArray, schema, type Database } from "@coach/db";
import type { Transaction } from "../shared/db";
import { expireSession } from "./checkout";
import { returnCredit, usedCredit } from "./credits";
import { planRefund, sendRefund } from "./refunds";

const { payments } = schema;

/** Whether a cancellation `now` is inside the policy's cut-off. */
export function insidePolicy(startTime: Date, cutoffHours: number, now = new Date()): boolean {
  return startTime.getTime() - now.getTime() >= cutoffHours * 3_600_000;
}

export interface CancellationTerms {
  /** What goes back to the card, or null when nothing was paid for this booking or nothing is due. */
  refund: { amount: number; currency: string } | null;
  creditReturned: boolean;
  /** The booking was paid and nothing comes back (a late cancellation). */
  kept: boolean;
}

/** The cancel dialog's terms, shown before the client confirms. */
export async function cancellationTerms(
  db: Database,
  appt: { id: number; startTime: Date },
  cutoffHours: number,
  now = new Date(),
): Promise<CancellationTerms> {
  const inside = insidePolicy(appt.startTime, cutoffHours, now);
  const credit = await usedCredit(db, appt.id);
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appt.id), inArray(payments.status, ["paid", "partially_refunded"])));
  const refundable = paid ? paid.amount - paid.refundedAmount : 0;
  return {
    refund: inside && paid && refundable > 0 ? { amount: refundable, currency: paid.currency } : null,
    creditReturned: inside && credit,
    kept: !inside && (credit || !!paid),
  };
}

/** Follow-up work after the cancellation's commit: the refund already written, to send; the Checkout to expire. */
export type CancellationFollowUp = { refundId?: number; expire?: { paymentId: number; sessionId: string } };

/**
 * In the cancellation's transaction, on the appointment as locked there: returns the credit, writes
 * the refund owed (so a process that stops before Stripe is asked leaves a pending refund the coach
 * sees, never money silently kept), or ends the unpaid hold's payment. `requestedBy`: who canceled,
 * or null when the coach did it in Google Calendar (no account acted here).
 */
export async function settleCancellation(
  tx: Transaction,
  appt: { id: number; startTime: Date; status: string },
  cutoffHours: number,
  requestedBy: number | null,
  now = new Date(),
): Promise<CancellationFollowUp> {
  if (appt.status === "awaiting_payment") {
    const [pending] = await tx
      .update(payments)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(payments.appointmentId, appt.id), eq(payments.status, "pending")))
      .returning();
    return pending?.stripeCheckoutSessionId ? { expire: { paymentId: pending.id, sessionId: pending.stripeCheckoutSessionId } } : {};
  }
  if (!insidePolicy(appt.startTime, cutoffHours, now)) return {};
  await returnCredit(tx, appt.id);
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appt.id), inArray(payments.status, ["paid", "partially_refunded"])));
  const refundId = paid
    ? await planRefund(tx, paid, { percent: 100, reason: "Canceled inside the cancellation policy", requestedBy })
    : undefined;
  return refundId ? { refundId } : {};
}

export async function afterCancellation(db: Database, followUp: CancellationFollowUp): Promise<void> {
  if (followUp.expire) await expireSession(followUp.expire.paymentId, followUp.expire.sessionId);
  if (followUp.refundId) await sendRefund(db, followUp.refundId);
}
