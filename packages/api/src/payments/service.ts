/**
 * Offers (issue 31): what the coach sells, with prices that live only here. The public list is empty
 * while payments are off (no Stripe key), so nothing paid is shown that cannot be bought.
 */
import { asc, eq, schema, type Database } from "@coach/db";
import type { Offer } from "@coach/db/schema";
import { paymentsEnabled } from "@coach/payments";
import { offerProblems, type OfferPatch, type OfferValues } from "@coach/validators/payments";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { lockOffer } from "./place-locks";
import type { AdminOffer } from "./shapes";

const { offers } = schema;

/** The active offers, oldest first; none while payments are not enabled. */
export async function listPublicOffers(db: Database) {
  if (!paymentsEnabled()) return [];
  const rows = await db.select().from(offers).where(eq(offers.active, true)).orderBy(asc(offers.id));
  return rows.map((o) => {
    const { id, kind, title, appointmentType, sessions, validDays, price } = toAdmin(o);
    return { id, kind, title, appointmentType, sessions, validDays, price };
  });
}

/** Every offer, active or not, for the console. */
export async function listOffers(db: Database): Promise<AdminOffer[]> {
  return (await db.select().from(offers).orderBy(asc(offers.id))).map(toAdmin);
}

export async function createOffer(db: Database, actor: AuditActor, input: OfferValues): Promise<AdminOffer> {
  const [row] = await db.insert(offers).values(toColumns(input)).returning();
  await recordAudit(db, actor, "offer.create", {
    type: "offer",
    id: row!.id,
    details: { kind: row!.kind, price: row!.priceAmount, currency: row!.currency },
  });
  return toAdmin(row!);
}

/** Changes some fields; the whole offer must still be valid. Payments already made keep the price they were made at. */
export async function updateOffer(db: Database, actor: AuditActor, id: number, patch: OfferPatch): Promise<AdminOffer> {
  return db.transaction(async (tx) => {
    const existing = await lockOffer(tx, id);
    if (!existing) throw new DomainError("NOT_FOUND", "Offer not found.");
    const current = toAdmin(existing);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged: OfferValues = { ...current, ...defined, kind: current.kind };
    const problem = offerProblems(merged)[0];
    if (problem) throw new DomainError("BAD_REQUEST", problem.message);
    const [row] = await tx
      .update(offers)
      .set({ ...toColumns(merged), updatedAt: new Date() })
      .where(eq(offers.id, id))
      .returning();
    await recordAudit(tx, actor, "offer.update", { type: "offer", id, details: { fields: Object.keys(defined) } });
    return toAdmin(row!);
  });
}

function toColumns(o: OfferValues) {
  return {
    kind: o.kind,
    title: o.title,
    appointmentType: o.appointmentType,
    sessions: o.kind === "session" ? 1 : o.sessions,
    validDays: o.validDays,
    priceAmount: o.price.amount,
    currency: o.price.currency,
    depositAmount: o.deposit?.amount ?? null,
    places: o.places,
    balanceDueDays: o.balanceDueDays,
    startsAt: o.startsAt,
    refundSchedule: [...o.refundSchedule].sort((a, b) => b.daysBefore - a.daysBefore),
    active: o.active,
  };
}

function toAdmin(o: Offer): AdminOffer {
  return {
    id: o.id,
    kind: o.kind,
    title: o.title,
    appointmentType: o.appointmentType,
    sessions: o.sessions,
    validDays: o.validDays,
    price: { amount: o.priceAmount, currency: o.currency },
    deposit: o.depositAmount === null ? null : { amount: o.depositAmount, currency: o.currency },
    places: o.places,
    balanceDueDays: o.balanceDueDays,
    startsAt: o.startsAt,
    refundSchedule: o.refundSchedule,
    active: o.active,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}
