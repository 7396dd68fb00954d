/**
 * How a client's booking of a paid type is paid (issue 31, decision 50): with a credit used in the
 * booking's own transaction, or as a 15-minute `awaiting_payment` hold confirmed only by the verified
 * webhook. Without a Stripe key nothing here applies and booking works as before.
 */
import { and, eq, inArray, lte, schema, sql, type Database } from "@coach/db";
import type { AppointmentType } from "@coach/db/enums";
import type { Offer } from "@coach/db/schema";
import { paymentsEnabled } from "@coach/payments";
import type { Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { buyableOffer, expireSession, HOLD_MINUTES } from "./checkout";
import { spendCredit } from "./credits";

const { appointments, offers, payments } = schema;

const TYPE_NAMES: Record<AppointmentType, string> = { consultation: "Consultation", coaching: "Coaching", followup: "Follow-up" };

/** free: as before payments; credit: one credit must be used; hold: pay `offer` through Checkout. */
export type PaymentPlan = { mode: "free" } | { mode: "credit" } | { mode: "hold"; offer: Offer; holdExpiresAt: Date };

/** Decides, before the booking's transaction, how a client's booking of `type` is paid. */
export async function paymentPlan(
  db: Database,
  type: AppointmentType,
  offerId: number | undefined,
  now = new Date(),
): Promise<PaymentPlan> {
  if (!paymentsEnabled()) return { mode: "free" };
  if (offerId !== undefined) {
    const offer = await buyableOffer(db, offerId, ["session"]);
    if (offer.appointmentType !== type) {
      throw new DomainError(
        "BAD_REQUEST",
        `That offer pays for a ${TYPE_NAMES[offer.appointmentType!].toLowerCase()} session, not this one.`,
      );
    }
    return { mode: "hold", offer, holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000) };
  }
  const [paid] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.active, true), eq(offers.appointmentType, type)))
    .limit(1);
  return paid ? { mode: "credit" } : { mode: "free" };
}

/** Column values of the appointment row for a plan. */
export function holdColumns(plan: PaymentPlan) {
  return plan.mode === "hold" ? { status: "awaiting_payment" as const, holdExpiresAt: plan.holdExpiresAt } : {};
}

/**
 * Inside the booking's transaction, after the appointment row: uses a credit (refusing the booking,
 * and so rolling it back, when none is left) or writes the hold's pending payment.
 */
export async function settleInTransaction(
  tx: Transaction,
  plan: PaymentPlan,
  booking: { id: number; userId: number; appointmentType: AppointmentType },
) {
  if (plan.mode === "credit") {
    const grant = await spendCredit(tx, booking.userId, booking.appointmentType, booking.id);
    if (grant === undefined) {
      throw new DomainError(
        "UNPROCESSABLE_CONTENT",
        `${TYPE_NAMES[booking.appointmentType]} sessions are paid: buy a package on the My coaching page, or book the paid session (send its offerId) and pay at checkout.`,
      );
    }
    return undefined;
  }
  if (plan.mode !== "hold") return undefined;
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: booking.userId,
      offerId: plan.offer.id,
      purpose: "session",
      amount: plan.offer.priceAmount,
      currency: plan.offer.currency,
      appointmentId: booking.id,
      expiresAt: plan.holdExpiresAt,
    })
    .returning();
  return payment;
}

/**
 * Releases holds: the appointment is canceled (its slot free again) and its pending payment expired,
 * both in one transaction; returns what was released so the caller can expire the Stripe sessions.
 */
export async function releaseHolds(tx: Transaction, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  const released = await tx
    .update(appointments)
    .set({ status: "canceled", holdExpiresAt: null, icsSequence: sql`${appointments.icsSequence} + 1` })
    .where(and(inArray(appointments.id, appointmentIds), eq(appointments.status, "awaiting_payment")))
    .returning({ id: appointments.id });
  if (released.length === 0) return [];
  return tx
    .update(payments)
    .set({ status: "expired", updatedAt: new Date() })
    .where(
      and(
        inArray(
          payments.appointmentId,
          released.map((r) => r.id),
        ),
        eq(payments.status, "pending"),
      ),
    )
    .returning({ id: payments.id, sessionId: payments.stripeCheckoutSessionId, appointmentId: payments.appointmentId });
}

/**
 * The periodic release: holds past their 15 minutes at `now` are released, then their Checkout
 * Sessions expired at Stripe (so a late payment cannot go through). Rows are claimed with SKIP LOCKED:
 * several instances can run it, and a hold the webhook is confirming right now is left to it.
 */
export async function releaseExpiredHolds(db: Database, { now = new Date(), limit = 100 } = {}) {
  const released = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.status, "awaiting_payment"), lte(appointments.holdExpiresAt, now)))
      .limit(limit)
      .for("update", { skipLocked: true });
    return releaseHolds(
      tx,
      due.map((d) => d.id),
    );
  });
  for (const payment of released) if (payment.sessionId) await expireSession(payment.id, payment.sessionId);
  if (released.length > 0) log("info", "payment holds released", { count: released.length });
  return { released: released.length };
}
