/**
 * One rule for every transaction that changes who holds a retreat place or moves its money across
 * rows (decision 52): it locks the place's offer row first, then what it needs (application, payment,
 * invoice). Two such transactions on one retreat then queue at the offer and never hold halves of each
 * other's rows. Accepting, the lapse job and a cancellation always began at the offer; a deposit's
 * webhook began at the payment and reached the offer last, so a webhook and the lapse job (or a
 * cancellation) on the same place could each hold what the other waited for, and PostgreSQL aborted
 * one of them. Work that locks one row only (a refund's send, its retry) needs no offer lock.
 *
 * The locks are NO KEY UPDATE, which is what an UPDATE of these rows takes anyway: they exclude each
 * other as FOR UPDATE does, but let an insert that only references the row (a refund naming a payment,
 * a balance payment naming the offer) pass, so a foreign-key check never waits on a place's lock.
 */
import type { SQL } from "drizzle-orm";
import { eq, schema } from "@coach/db";
import type { Offer, Payment } from "@coach/db/schema";
import type { Transaction } from "../shared/db";

const { offers, payments } = schema;

const RETREAT_PURPOSES: ReadonlySet<string> = new Set(["retreat_deposit", "retreat_balance"]);

/** Locks the offer's row, under which every count of its places runs, and answers it. */
export async function lockOffer(tx: Transaction, offerId: number): Promise<Offer | undefined> {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for("no key update");
  return offer;
}

/**
 * Locks the payment `where` finds and answers it as it is under the lock; a retreat payment's offer is
 * locked before it (its purpose and offer never change, so reading them unlocked first is safe).
 */
export async function lockPaymentWhere(tx: Transaction, where: SQL): Promise<Payment | undefined> {
  const [seen] = await tx.select({ id: payments.id, offerId: payments.offerId, purpose: payments.purpose }).from(payments).where(where);
  if (!seen) return undefined;
  if (RETREAT_PURPOSES.has(seen.purpose)) await lockOffer(tx, seen.offerId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, seen.id)).for("no key update");
  return payment;
}
