/**
 * Checkout Sessions (issue 31, decision 27): the payment row is written first with the offer's price
 * (nothing from the request reaches a price), its id is the idempotency key, then Stripe is called.
 * The return page only says the payment is being confirmed: the webhook alone marks it paid.
 */
import { and, eq, schema, type Database } from "@coach/db";
import type { Offer, User } from "@coach/db/schema";
import { settings } from "@coach/config";
import { paymentsEnabled, requestOptions, stripeClient } from "@coach/payments";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";

const { offers, payments } = schema;

/** Our holds last 15 minutes; Stripe's session cannot close before 30, so our job expires it itself. */
export const HOLD_MINUTES = 15;
const STRIPE_MIN_EXPIRY_S = 30 * 60 + 60;

export function assertPaymentsEnabled(): void {
  if (!paymentsEnabled()) throw new DomainError("SERVICE_UNAVAILABLE", "Online payments are not available. Please contact the coach.");
}

/** An active offer a client can buy through Checkout (a paid session or a package), or a 4xx that says why not. */
export async function buyableOffer(db: Database, offerId: number, kinds: Offer["kind"][] = ["session", "package"]): Promise<Offer> {
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.active, true)));
  if (!offer) throw new DomainError("NOT_FOUND", "That offer is not on sale any more. Reload the page to see the current offers.");
  if (!kinds.includes(offer.kind)) {
    throw new DomainError(
      "BAD_REQUEST",
      offer.kind === "retreat"
        ? "The retreat is joined by applying on the retreat page, not through checkout."
        : "A single paid session is bought by booking its time on the booking page.",
    );
  }
  return offer;
}

type Buyer = Pick<User, "id" | "email">;

/** `POST /api/checkout { offerId }`: a package (or session) payment; answers Checkout's URL. */
export async function startCheckout(db: Database, user: Buyer, offerId: number): Promise<{ url: string }> {
  assertPaymentsEnabled();
  const offer = await buyableOffer(db, offerId, ["package"]);
  const payment = await insertPayment(db, user.id, offer, null);
  const { url } = await openSession(db, payment, offer, user, { returnTo: "/my-coaching" });
  return { url };
}

type CreditTerms = Pick<Offer, "appointmentType" | "sessions" | "validDays">;
/** The columns of a payment or invoice that keep what was bought (payments.ts, billing.ts). */
type BoughtColumns = { creditAppointmentType: Offer["appointmentType"]; creditSessions: number | null; creditValidDays: number | null };

/** What an offer sells, as a payment or invoice records it when it is created (the price is copied beside it). */
export function boughtTermsOf(offer: CreditTerms): BoughtColumns {
  return { creditAppointmentType: offer.appointmentType, creditSessions: offer.sessions, creditValidDays: offer.validDays };
}

/**
 * The offer as it was bought: its credit terms replaced by those the payment or invoice recorded, so a
 * package edited between the checkout (or the invoice) and the payment grants what the client paid for.
 * A row from before these columns recorded nothing (its type is null) and keeps the offer's terms.
 */
export function asBought<O extends CreditTerms>(row: BoughtColumns, offer: O): O {
  if (row.creditAppointmentType === null) return offer;
  return { ...offer, appointmentType: row.creditAppointmentType, sessions: row.creditSessions, validDays: row.creditValidDays };
}

/** The pending payment row, with the amount, currency and what it buys copied from the offer. */
export async function insertPayment(db: Database, userId: number, offer: Offer, appointmentId: number | null, expiresAt?: Date) {
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      offerId: offer.id,
      purpose: offer.kind === "package" ? "package" : "session",
      amount: offer.priceAmount,
      currency: offer.currency,
      ...boughtTermsOf(offer),
      appointmentId,
      expiresAt: expiresAt ?? null,
    })
    .returning();
  return payment!;
}

/**
 * The methods offered where the money must arrive within minutes (a 15-minute hold, a deposit that
 * keeps a place for a day): a card pays at once, while a bank debit, which Stripe's own choice of
 * methods may offer, settles days later, after the hold or the place has gone. A package has no
 * deadline, so its Checkout offers Stripe's choice, and a delayed payment grants the credits when it arrives.
 */
export const PAY_NOW_METHODS = ["card"] as const;

/**
 * Creates the Checkout Session for a payment row and records its id. The success URL is our return
 * page (it shows "being confirmed" until the webhook arrived); the idempotency key is the payment's id.
 */
export async function openSession(
  db: Database,
  payment: { id: number; amount: number; currency: string },
  offer: Pick<Offer, "title">,
  user: Buyer,
  options: { returnTo: string; payNow?: boolean },
): Promise<{ url: string; sessionId: string }> {
  const base = settings().appUrl;
  const session = await stripeClient().checkout.sessions.create(
    {
      mode: "payment",
      customer_email: user.email,
      client_reference_id: String(payment.id),
      metadata: { paymentId: String(payment.id) },
      // On the payment intent too: a charge.refunded that arrives before the completion names only the intent.
      payment_intent_data: { metadata: { paymentId: String(payment.id) } },
      line_items: [
        { quantity: 1, price_data: { currency: payment.currency, unit_amount: payment.amount, product_data: { name: offer.title } } },
      ],
      success_url: `${base}/payments/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}${options.returnTo}`,
      expires_at: Math.floor(Date.now() / 1000) + STRIPE_MIN_EXPIRY_S,
      ...(options.payNow ? { allowed_payment_method_types: [...PAY_NOW_METHODS] } : {}),
    },
    requestOptions("checkout", payment.id),
  );
  await db.update(payments).set({ stripeCheckoutSessionId: session.id, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
  log("info", "checkout session opened", { paymentId: payment.id, sessionId: session.id });
  return { url: session.url, sessionId: session.id };
}

/** Closes a payment's open Checkout Session at Stripe (a released hold); a session no longer open is left as it is. */
export async function expireSession(paymentId: number, sessionId: string): Promise<void> {
  try {
    await stripeClient().checkout.sessions.expire(sessionId, {}, requestOptions("expire", paymentId));
  } catch (error) {
    log("warn", "checkout session not expired", { paymentId, sessionId, error });
  }
}
