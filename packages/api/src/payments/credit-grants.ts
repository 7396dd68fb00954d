/**
 * Granting credits (issue 31, decision 27): the one place that inserts a credit grant, inside the
 * caller's transaction. A paid package (webhook), an invoiced one and the coach's own grant all come
 * here. A grant per payment and per invoice is unique in the schema, so a redelivered or reconciled
 * event that grants again inserts nothing; a coach's grant names neither and always inserts.
 */
import { schema } from "@coach/db";
import type { AppointmentType, CreditSource } from "@coach/db/enums";
import type { Offer } from "@coach/db/schema";
import { creditExpiry } from "@coach/payments";
import type { Transaction } from "../shared/db";

export interface CreditGrantInput {
  userId: number;
  appointmentType: AppointmentType;
  total: number;
  expiresAt: Date | null;
  source: CreditSource;
  paymentId?: number | null;
  invoiceId?: number | null;
  grantedBy?: number | null;
  note?: string | null;
}

/** Inserts the grant; undefined when this payment or invoice already granted its credits. */
export async function grantCredits(tx: Transaction, input: CreditGrantInput) {
  const [row] = await tx
    .insert(schema.creditGrants)
    .values({ ...input, paymentId: input.paymentId ?? null, invoiceId: input.invoiceId ?? null, note: input.note ?? null })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The credits an offer grants when paid (`now` is the grant's start); undefined for the retreat. */
export function creditsOfOffer(offer: Offer, now: Date): Pick<CreditGrantInput, "appointmentType" | "total" | "expiresAt"> | undefined {
  if (offer.kind === "retreat" || !offer.appointmentType) return undefined;
  return {
    appointmentType: offer.appointmentType,
    total: offer.sessions ?? 1,
    expiresAt: offer.validDays ? creditExpiry(now, offer.validDays) : null,
  };
}
