/**
 * The retreat (issue 31): applications, the coach's acceptance with a deposit Checkout, the places
 * (the offer's `places`, 12 for the retreat), and the waitlist's time-limited offers when one frees.
 * Places are counted with the offer's row locked, so two acceptances cannot both take the last place.
 */
import { and, asc, count, eq, gt, inArray, pgErrorCode, schema, type Database } from "@coach/db";
import { RETREAT_PLACE_HOLDING_STATUSES } from "@coach/db/enums";
import type { Offer, RetreatApplication } from "@coach/db/schema";
import { appUrl } from "@coach/config";
import { formatMoney, requestOptions, stripeClient, stripeReasonForPeople } from "@coach/payments";
import type { RetreatApplicationInput } from "@coach/validators/billing";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { PAY_NOW_METHODS } from "./checkout";
import { lockOffer } from "./place-locks";
import type { Transaction } from "../shared/db";
import { retreatOffer as retreatOfferEmail, sendEmail } from "@coach/email";

const { offers, payments, retreatApplications: apps, users } = schema;

/** How long an acceptance or a waitlist offer holds a place unpaid; Stripe's Checkout lives at most 24 hours. */
export const OFFER_HOURS = 23;
const HOUR_MS = 60 * 60 * 1000;
/** Stripe refuses a session that expires in under 30 minutes; an offer closer to its end gets no new one. */
const MIN_SESSION_MS = 31 * 60 * 1000;

/** The retreat open for applications: the active one that starts soonest, still ahead. */
export async function openRetreat(db: Database, now = new Date()): Promise<Offer | undefined> {
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.kind, "retreat"), eq(offers.active, true), gt(offers.startsAt, now)))
    .orderBy(asc(offers.startsAt))
    .limit(1);
  return offer;
}

/** `POST /api/retreat/applications` (signed in). */
export async function applyToRetreat(db: Database, userId: number, input: RetreatApplicationInput, now = new Date()) {
  const offer = await openRetreat(db, now);
  if (!offer) throw new DomainError("NOT_FOUND", "No retreat is open for applications at the moment.");
  try {
    const [row] = await db
      .insert(apps)
      .values({ userId, offerId: offer.id, ...input })
      .returning();
    return applicationView(row!);
  } catch (error) {
    if (pgErrorCode(error) === "23505")
      throw new DomainError("CONFLICT", "You have already applied to this retreat; the coach will be in touch.");
    throw error;
  }
}

export function applicationView(a: RetreatApplication) {
  return {
    id: a.id,
    userId: a.userId,
    offerId: a.offerId,
    company: a.company,
    role: a.role,
    message: a.message,
    status: a.status,
    offerExpiresAt: a.offerExpiresAt,
    balanceInvoiceId: a.balanceInvoiceId,
    createdAt: a.createdAt,
  };
}

/** Places taken: accepted (deposit link out), offered (waitlist offer out) and confirmed (deposit paid). */
export async function placesTaken(tx: Database, offerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apps)
    .where(and(eq(apps.offerId, offerId), inArray(apps.status, [...RETREAT_PLACE_HOLDING_STATUSES])));
  return row?.n ?? 0;
}

/**
 * `POST /api/admin/retreat/applications/{id}/accept`: a free place is held for OFFER_HOURS and the
 * applicant gets the deposit's Checkout by email; with every place held, the application joins the waitlist.
 */
export async function acceptApplication(db: Database, actor: AuditActor, id: number, now = new Date()) {
  const decided = await db.transaction(async (tx) => {
    const [app] = await tx.select().from(apps).where(eq(apps.id, id));
    if (!app) throw new DomainError("NOT_FOUND", "Application not found.");
    const offer = await lockOffer(tx, app.offerId);
    const [locked] = await tx.select().from(apps).where(eq(apps.id, id)).for("update");
    if (locked!.status !== "pending" && locked!.status !== "waitlisted")
      throw new DomainError("CONFLICT", `This application is already ${locked!.status}.`);
    const full = (await placesTaken(tx, offer!.id)) >= (offer!.places ?? 0);
    const status = full ? ("waitlisted" as const) : ("accepted" as const);
    await tx
      .update(apps)
      .set({
        status,
        decidedAt: now,
        offerExpiresAt: full ? null : new Date(now.getTime() + OFFER_HOURS * HOUR_MS),
        // The terms of the place offered: the balance is owed on this price, not on a later edit of the offer.
        priceAmount: full ? null : offer!.priceAmount,
        updatedAt: now,
      })
      .where(eq(apps.id, id));
    await recordAudit(tx, actor, "retreat.accept", { type: "retreat_application", id, details: { status } });
    return status;
  });
  if (decided === "waitlisted") return { status: decided, checkoutUrl: null };
  try {
    return { status: decided, checkoutUrl: await ensureDepositCheckout(db, id, now) };
  } catch (error) {
    // The place stays accepted: the retreat job makes the Checkout (same idempotency key) and emails it.
    log("warn", "retreat deposit checkout not made at acceptance; the retreat job will retry", { id, error });
    throw new DomainError(
      "SERVICE_UNAVAILABLE",
      `The application is accepted and its place is held, but the deposit's payment link could not be made (${stripeReasonForPeople(error)}). ` +
        "It will be made and emailed to the applicant automatically as soon as Stripe answers; there is no need to accept again.",
      { cause: error },
    );
  }
}

/** The coach declines an application (it frees nothing: only held places count). */
export async function declineApplication(db: Database, actor: AuditActor, id: number, now = new Date()) {
  const [row] = await db
    .update(apps)
    .set({ status: "declined", decidedAt: now, updatedAt: now })
    .where(and(eq(apps.id, id), inArray(apps.status, ["pending", "waitlisted"])))
    .returning();
  if (!row) throw new DomainError("CONFLICT", "Only a pending or waitlisted application can be declined.");
  await recordAudit(db, actor, "retreat.decline", { type: "retreat_application", id });
  return applicationView(row);
}

/**
 * The deposit's Checkout for an accepted or offered application: the open one when there is one,
 * otherwise a session for its pending payment (the payment row's id is the idempotency key), emailed
 * to the applicant once (the outbox's dedupe key is the payment's id). Runs again safely: the retreat
 * job calls it for every held place whose session was never recorded (Stripe down or its answer lost
 * when the place was accepted or offered). Such a retry sends the very same request under the same key,
 * so a session Stripe made while its answer was lost is the one returned, never a second one; that is
 * also why the place's time still counts from the acceptance or offer (the expiry is part of the request).
 */
export async function ensureDepositCheckout(db: Database, id: number, now = new Date()): Promise<string | null> {
  const [app] = await db.select().from(apps).where(eq(apps.id, id));
  if (!app || (app.status !== "accepted" && app.status !== "offered") || !app.offerExpiresAt) return null;
  const [current] = app.depositPaymentId ? await db.select().from(payments).where(eq(payments.id, app.depositPaymentId)) : [];
  if (current?.status === "pending" && current.stripeCheckoutSessionId) {
    const session = await stripeClient().checkout.sessions.retrieve(current.stripeCheckoutSessionId);
    if (session.status === "open" && session.url) return session.url;
    // Paid, its webhook on the way: the place needs no other Checkout.
    if (session.status === "complete") return null;
  }
  if (app.offerExpiresAt.getTime() - now.getTime() < MIN_SESSION_MS) return null;
  const [offer] = await db.select().from(offers).where(eq(offers.id, app.offerId));
  const [user] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, app.userId));
  const unsent = current?.status === "pending" && !current.stripeCheckoutSessionId ? current : undefined;
  const payment =
    unsent ??
    (await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(apps).where(eq(apps.id, id)).for("update");
      // Another caller (the acceptance, the job) made this place's payment since it was read: theirs is its one Checkout.
      if (locked?.status !== app.status || locked.depositPaymentId !== app.depositPaymentId) return undefined;
      const [row] = await tx
        .insert(payments)
        .values({
          userId: app.userId,
          offerId: offer!.id,
          purpose: "retreat_deposit",
          amount: offer!.depositAmount!,
          currency: offer!.currency,
          expiresAt: app.offerExpiresAt,
        })
        .returning();
      await tx
        .update(apps)
        .set({ depositPaymentId: row!.id, priceAmount: app.priceAmount ?? offer!.priceAmount, updatedAt: now })
        .where(eq(apps.id, id));
      return row!;
    }));
  if (!payment) return null;
  // The payment's own terms, so that a retry under its key asks Stripe for exactly what it first asked.
  const expiresAt = payment.expiresAt ?? app.offerExpiresAt;
  const session = await stripeClient().checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: payment.currency, unit_amount: payment.amount, product_data: { name: `${offer!.title}: deposit` } },
        },
      ],
      customer_email: user!.email,
      client_reference_id: String(app.userId),
      metadata: { paymentId: String(payment.id), applicationId: String(id), purpose: "retreat_deposit" },
      payment_intent_data: { metadata: { paymentId: String(payment.id), purpose: "retreat_deposit" } },
      expires_at: Math.floor(Math.min(expiresAt.getTime(), now.getTime() + 24 * HOUR_MS - 60_000) / 1000),
      success_url: `${appUrl()}/retreat-program?deposit=paid`,
      cancel_url: `${appUrl()}/retreat-program`,
      allowed_payment_method_types: [...PAY_NOW_METHODS],
    },
    requestOptions("checkout", payment.id),
  );
  await db.update(payments).set({ stripeCheckoutSessionId: session.id, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  const mail = await retreatOfferEmail({
    firstName: user!.firstName,
    title: offer!.title,
    deposit: formatMoney(payment.amount, payment.currency),
    checkoutUrl: session.url!,
    expiresAt,
  });
  await sendEmail(db, { kind: "retreat-offer", to: user!.email, dedupeKey: `retreat-offer:${payment.id}`, ...mail });
  return session.url!;
}

/**
 * An unpaid deposit's Checkout ends: the payment is marked expired only while it is still pending (a
 * deposit paid a moment ago stays paid) and Stripe's session is expired so it can no longer be paid.
 */
export async function expireDepositCheckout(db: Database, paymentId: number, now: Date) {
  const [payment] = await db
    .update(payments)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
    .returning();
  if (!payment?.stripeCheckoutSessionId) return;
  await stripeClient()
    .checkout.sessions.expire(payment.stripeCheckoutSessionId, {}, requestOptions("checkout-expire", paymentId))
    .catch((error: unknown) => log("warn", "retreat deposit session not expired", { paymentId, error }));
}

/**
 * A place was freed (a cancellation, a lapsed acceptance): the oldest waitlisted application gets a
 * time-limited offer. Call with the offer's row locked; answers the application offered, if any.
 */
export async function offerFreedPlace(tx: Transaction | Database, offer: Offer, now: Date): Promise<number | undefined> {
  if ((await placesTaken(tx, offer.id)) >= (offer.places ?? 0)) return undefined;
  const [next] = await tx
    .select()
    .from(apps)
    .where(and(eq(apps.offerId, offer.id), eq(apps.status, "waitlisted")))
    .orderBy(asc(apps.createdAt), asc(apps.id))
    .limit(1)
    .for("update");
  if (!next) return undefined;
  await tx
    .update(apps)
    .set({
      status: "offered",
      offerExpiresAt: new Date(now.getTime() + OFFER_HOURS * HOUR_MS),
      priceAmount: offer.priceAmount,
      updatedAt: now,
    })
    .where(eq(apps.id, next.id));
  return next.id;
}

/** The console's list: every application of every retreat, newest first, with who applied. */
export async function listApplications(db: Database) {
  const rows = await db
    .select({ app: apps, name: users.firstName, lastName: users.lastName, email: users.email })
    .from(apps)
    .innerJoin(users, eq(users.id, apps.userId))
    .orderBy(asc(apps.offerId), asc(apps.createdAt));
  return rows.map((r) => ({ ...applicationView(r.app), name: [r.name, r.lastName].filter(Boolean).join(" ") || r.email, email: r.email }));
}

/** The signed-in person's own applications (the retreat page shows where theirs stands). */
export async function myApplications(db: Database, userId: number) {
  return (await db.select().from(apps).where(eq(apps.userId, userId)).orderBy(asc(apps.id))).map(applicationView);
}
