/**
 * Package credits (issue 31, decisions 27 and 50): granted by a verified payment, used by a booking
 * in the booking's own transaction, returned by a cancellation inside the policy. Using one is a
 * conditional UPDATE (`used < total`), so however many bookings race, no grant is used past its total.
 */
import { and, asc, eq, gt, isNull, lt, or, schema, sql, type Database } from "@coach/db";
import type { AppointmentType } from "@coach/db/enums";
import { creditExpiry } from "@coach/payments";
import type { Transaction } from "../shared/db";
import { grantCredits } from "./credit-grants";

const { creditGrants, appointmentCredits } = schema;

/** Grants still usable at `now`: credits left and not expired (expiry is exclusive). */
const usable = (now: Date) =>
  and(lt(creditGrants.used, creditGrants.total), or(isNull(creditGrants.expiresAt), gt(creditGrants.expiresAt, now)));

/**
 * Uses one credit of `type` for `appointmentId`, the grant that expires first (a grant without expiry last).
 * Returns the grant's id, or undefined when the client has none. Each candidate is taken with a
 * conditional UPDATE: a concurrent booking that used the last credit first makes it match no row.
 */
export async function spendCredit(tx: Transaction, userId: number, type: AppointmentType, appointmentId: number, now = new Date()) {
  const candidates = await tx
    .select({ id: creditGrants.id })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), eq(creditGrants.appointmentType, type), usable(now)))
    .orderBy(sql`${creditGrants.expiresAt} asc nulls last`, asc(creditGrants.id));
  for (const { id } of candidates) {
    const [used] = await tx
      .update(creditGrants)
      .set({ used: sql`${creditGrants.used} + 1`, updatedAt: now })
      .where(and(eq(creditGrants.id, id), usable(now)))
      .returning({ id: creditGrants.id });
    if (used) {
      await tx.insert(appointmentCredits).values({ appointmentId, creditGrantId: used.id });
      return used.id;
    }
  }
  return undefined;
}

/** Whether the client holds a usable credit of `type` (read before the booking decides how it is paid). */
export async function hasCredit(db: Database, userId: number, type: AppointmentType, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: creditGrants.id })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), eq(creditGrants.appointmentType, type), usable(now)))
    .limit(1);
  return row !== undefined;
}

/** Gives back the credit a canceled booking used (inside the policy). True when there was one. */
export async function returnCredit(tx: Transaction, appointmentId: number): Promise<boolean> {
  const [link] = await tx.delete(appointmentCredits).where(eq(appointmentCredits.appointmentId, appointmentId)).returning();
  if (!link) return false;
  await tx
    .update(creditGrants)
    .set({ used: sql`greatest(${creditGrants.used} - 1, 0)`, updatedAt: new Date() })
    .where(eq(creditGrants.id, link.creditGrantId));
  return true;
}

/** Whether a booking was paid with a credit (the cancel dialog says it comes back). */
export async function usedCredit(db: Database, appointmentId: number): Promise<boolean> {
  const [link] = await db.select().from(appointmentCredits).where(eq(appointmentCredits.appointmentId, appointmentId));
  return link !== undefined;
}

/**
 * The grant a package payment earns: N credits of the offer's type, valid `validDays` from now.
 * Unique per payment, so a redelivered or reconciled event cannot grant twice.
 */
export async function grantForPayment(
  tx: Transaction,
  payment: { id: number; userId: number },
  offer: { appointmentType: AppointmentType | null; sessions: number | null; validDays: number | null },
  now: Date,
) {
  if (!offer.appointmentType || !offer.sessions) throw new Error(`package offer without a type or sessions (payment ${payment.id})`);
  return grantCredits(tx, {
    userId: payment.userId,
    appointmentType: offer.appointmentType,
    total: offer.sessions,
    expiresAt: offer.validDays ? creditExpiry(now, offer.validDays) : null,
    source: "payment",
    paymentId: payment.id,
  });
}

export interface CreditBalance {
  appointmentType: AppointmentType;
  remaining: number;
  expiresAt: Date | null;
}

/** `GET /api/user/credits`: the client's usable credits, one entry per type and expiry, soonest expiry first. */
export async function myCredits(db: Database, userId: number, now = new Date()): Promise<CreditBalance[]> {
  const rows = await db
    .select({
      appointmentType: creditGrants.appointmentType,
      expiresAt: creditGrants.expiresAt,
      remaining: sql<number>`sum(${creditGrants.total} - ${creditGrants.used})::int`,
    })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), usable(now)))
    .groupBy(creditGrants.appointmentType, creditGrants.expiresAt)
    .orderBy(sql`${creditGrants.expiresAt} asc nulls last`, asc(creditGrants.appointmentType));
  return rows.map((r) => ({ ...r, remaining: Number(r.remaining) }));
}
