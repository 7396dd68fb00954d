/**
 * The retreat's money over time: the deposit's Checkout completing (the place is taken) or expiring
 * (the place goes to the waitlist), and the periodic job that lapses unpaid offers, makes the Checkout
 * of every held place that has none (Stripe failed when it was accepted or offered) and sends each
 * confirmed place's balance invoice once, N days before the start.
 */
import { and, eq, gte, inArray, isNull, lt, schema, type Database } from "@coach/db";
import type { RetreatApplication } from "@coach/db/schema";
import { retreatBalanceRefunded, retreatDepositRefunded, sendEmail } from "@coach/email";
import { balanceAmount, balanceInvoiceDue, formatMoney, paymentsEnabled, type Stripe } from "@coach/payments";
import { log } from "../shared/logger";
import { startPeriodicJob } from "../shared/periodic";
import type { Transaction } from "../shared/db";
import {
  paymentIntentOf,
  type SessionPaidEvent,
  type SessionUnpaidEvent,
  type StripeHandlerContext,
  type StripeHandlers,
} from "./handler-types";
import { insertBalanceInvoice, sendToStripe } from "./invoices";
import { ensureDepositCheckout, expireDepositCheckout, offerFreedPlace, placesTaken } from "./retreat";
import { lockOffer, lockPaymentWhere } from "./place-locks";
import { planRefund, sendRefund } from "./refunds";

/** The reason on the refund of a deposit that found no place (the Payments tab shows it). */
export const LATE_DEPOSIT_REASON = "place no longer held when the deposit arrived";

const { offers, payments, retreatApplications: apps, invoices, users } = schema;

const isDeposit = (session: Stripe.Checkout.Session) => session.metadata?.purpose === "retreat_deposit";

async function depositOf(tx: Transaction, session: Stripe.Checkout.Session) {
  const paymentId = Number(session.metadata?.paymentId);
  if (!Number.isSafeInteger(paymentId)) return undefined;
  const payment = await lockPaymentWhere(tx, eq(payments.id, paymentId));
  const [app] = payment ? await tx.select().from(apps).where(eq(apps.depositPaymentId, payment.id)).for("update") : [];
  return payment && app ? { payment, app } : undefined;
}

/** A delayed method (a bank debit) pays days after its Checkout completed unpaid, or fails: the same work as a card's. */
export const retreatHandlers: StripeHandlers = {
  "checkout.session.completed": async (ctx) => depositPaid(ctx),
  "checkout.session.async_payment_succeeded": async (ctx) => depositPaid(ctx),
  "checkout.session.expired": async (ctx) => depositUnpaid(ctx),
  "checkout.session.async_payment_failed": async (ctx) => depositUnpaid(ctx),
};

/**
 * The deposit is paid: the payment is paid and the place is taken (confirmed). A deposit for a place
 * that is no longer there (canceled while paying, or lapsed and given to the waitlist) is refunded in
 * full after the commit: the applicant paid for nothing, and the retreat never holds more than its places.
 */
async function depositPaid({ event, tx, afterCommit }: StripeHandlerContext<SessionPaidEvent>) {
  const session = event.data.object;
  if (!isDeposit(session) || session.payment_status !== "paid") return;
  const found = await depositOf(tx, session);
  if (!found) return;
  const now = new Date();
  if (found.payment.status === "pending" || found.payment.status === "expired")
    await tx
      .update(payments)
      .set({ status: "paid", paidAt: now, stripePaymentIntentId: paymentIntentOf(session), updatedAt: now })
      .where(eq(payments.id, found.payment.id));
  if (found.app.status === "confirmed") return;
  if (await placeStillTheirs(tx, found.app, now)) {
    await tx.update(apps).set({ status: "confirmed", offerExpiresAt: null, updatedAt: now }).where(eq(apps.id, found.app.id));
    return;
  }
  log("warn", "retreat deposit paid for a place no longer held; refunding", { applicationId: found.app.id, status: found.app.status });
  // The refund is owed from this commit on (a pending row the coach can send again if we stop before Stripe answers).
  const [paid] = await tx.select().from(payments).where(eq(payments.id, found.payment.id));
  const refundId = await planRefund(tx, paid!, { percent: 100, reason: LATE_DEPOSIT_REASON });
  afterCommit(async (db) => {
    if (refundId) await sendRefund(db, refundId);
    await tellRetreatRefund(db, found.payment.id);
  });
}

/** The deposit's Checkout expired unpaid (or its delayed payment failed): the place lapses and the waitlist's first gets an offer. */
async function depositUnpaid({ event, tx, afterCommit }: StripeHandlerContext<SessionUnpaidEvent>) {
  const session = event.data.object;
  if (!isDeposit(session)) return;
  const found = await depositOf(tx, session);
  // The checkout part's handler may already have marked the payment expired in this transaction: only paid stops us.
  if (!found || found.payment.status === "paid") return;
  const now = new Date();
  if (found.payment.status === "pending")
    await tx.update(payments).set({ status: "expired", updatedAt: now }).where(eq(payments.id, found.payment.id));
  const offered = await lapse(tx, found.app.id, found.app.offerId, now);
  // A Checkout that cannot be made now is made by the retreat job's next run.
  if (offered) afterCommit((db) => ensureDepositCheckout(db, offered).then(() => undefined));
}

/**
 * Whether a paid deposit takes its place: an acceptance or offer holds one already; a payment that beat
 * our own lapse by seconds takes it when a place is still free (the applicant paid for it), not when the
 * lapse already gave it to the waitlist. Locks the offer's row, as every count of places does.
 */
async function placeStillTheirs(tx: Transaction, app: RetreatApplication, now: Date): Promise<boolean> {
  if (app.status === "accepted" || app.status === "offered") return true;
  if (app.status !== "lapsed") return false;
  const offer = await lockOffer(tx, app.offerId);
  const free = (await placesTaken(tx, app.offerId)) < (offer?.places ?? 0);
  return free && (!offer?.startsAt || offer.startsAt > now);
}

/**
 * Tells the payer a retreat payment that found no place is coming back in full (a late deposit, or a
 * balance paid just after the place was canceled), once per payment (the outbox's dedupe key).
 */
/** `share`: a balance refunded at the schedule's percentage rather than in full (invoice-events.ts). */
export async function tellRetreatRefund(db: Database, paymentId: number, share?: { amount: number; percent: number }) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      title: offers.title,
      amount: payments.amount,
      currency: payments.currency,
      purpose: payments.purpose,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(offers, eq(offers.id, payments.offerId))
    .where(eq(payments.id, paymentId));
  if (!row) return;
  const props = { firstName: row.firstName, title: row.title, amount: formatMoney(share?.amount ?? row.amount, row.currency) };
  const kind = row.purpose === "retreat_balance" ? "retreat-balance-refunded" : "retreat-deposit-refunded";
  const mail = await (row.purpose === "retreat_balance"
    ? retreatBalanceRefunded({ ...props, ...(share ? { percent: share.percent } : {}) })
    : retreatDepositRefunded(props));
  await sendEmail(db, { kind, to: row.email, dedupeKey: `${kind}:${paymentId}`, ...mail });
}

/** An unpaid acceptance or offer ends; answers the waitlisted application that got the freed place. */
async function lapse(tx: Transaction, appId: number, offerId: number, now: Date): Promise<number | undefined> {
  const offer = await lockOffer(tx, offerId);
  const [lapsed] = await tx
    .update(apps)
    .set({ status: "lapsed", offerExpiresAt: null, updatedAt: now })
    .where(and(eq(apps.id, appId), inArray(apps.status, ["accepted", "offered"])))
    .returning({ id: apps.id });
  return lapsed ? offerFreedPlace(tx, offer!, now) : undefined;
}

/** One run of the retreat job; `now` is a parameter so tests can stand at the boundary days. */
export async function runRetreatJobs(db: Database, now = new Date()) {
  if (!paymentsEnabled()) return { lapsed: [], offered: [], checkouts: [], balances: [] };
  const lapsed: number[] = [];
  const offered: number[] = [];
  // Acceptances and offers past their time: Stripe's session is expired too (ours ends before Stripe's).
  const expired = await db
    .select({ id: apps.id, offerId: apps.offerId, paymentId: apps.depositPaymentId })
    .from(apps)
    .where(and(inArray(apps.status, ["accepted", "offered"]), lt(apps.offerExpiresAt, now)));
  for (const app of expired) {
    const next = await db.transaction((tx) => lapse(tx, app.id, app.offerId, now));
    lapsed.push(app.id);
    if (next) offered.push(next);
    if (app.paymentId) await expireDepositCheckout(db, app.paymentId, now);
  }
  const checkouts = await makeMissingCheckouts(db, now);
  const balances = await sendDueBalances(db, now);
  return { lapsed, offered, checkouts, balances };
}

/**
 * Every held place (accepted, or offered from the waitlist, this run or earlier) whose deposit has no
 * Checkout session recorded gets one, emailed once: Stripe may have been down, or its answer lost, when
 * the coach accepted, a cancellation or an expiry offered the place, or this run offered it. The pending
 * payment's id stays the idempotency key, so a session Stripe made unanswered is reused, not doubled.
 * Answers the applications whose Checkout was made; one Stripe still refuses waits for the next run.
 */
async function makeMissingCheckouts(db: Database, now: Date): Promise<number[]> {
  const missing = await db
    .select({ id: apps.id })
    .from(apps)
    .leftJoin(payments, eq(payments.id, apps.depositPaymentId))
    .where(and(inArray(apps.status, ["accepted", "offered"]), gte(apps.offerExpiresAt, now), isNull(payments.stripeCheckoutSessionId)));
  const made: number[] = [];
  for (const { id } of missing) {
    const url = await ensureDepositCheckout(db, id, now).catch((error: unknown) => {
      log("warn", "retreat deposit checkout not made; next run retries", { id, error });
      return null;
    });
    if (url) made.push(id);
  }
  return made;
}

/**
 * Each confirmed place whose balance is due gets its invoice: the row is claimed once (the
 * application's `balance_invoice_id`, set in the same transaction) and sent; a send that failed is
 * retried by the next run with the same idempotency keys.
 */
async function sendDueBalances(db: Database, now: Date): Promise<number[]> {
  const confirmed = await db
    .select({ app: apps, offer: offers, email: users.email, deposit: payments.amount })
    .from(apps)
    .innerJoin(offers, eq(offers.id, apps.offerId))
    .innerJoin(users, eq(users.id, apps.userId))
    .leftJoin(payments, eq(payments.id, apps.depositPaymentId))
    .where(and(eq(apps.status, "confirmed"), isNull(apps.balanceInvoiceId)));
  const sent: number[] = [];
  for (const { app, offer, email, deposit } of confirmed) {
    // The price the place was offered at, less the deposit actually paid: a later edit of the offer changes neither.
    const amount = balanceAmount(app.priceAmount ?? offer.priceAmount, deposit ?? offer.depositAmount ?? 0);
    if (amount === 0 || !offer.startsAt || !balanceInvoiceDue(offer.startsAt, offer.balanceDueDays ?? 0, now)) continue;
    const claimed = await db.transaction(async (tx) => {
      await lockOffer(tx, app.offerId);
      const [locked] = await tx.select().from(apps).where(eq(apps.id, app.id)).for("update");
      // Still a confirmed place without an invoice: a cancellation since the list was read owes no balance.
      if (locked?.status !== "confirmed" || locked.balanceInvoiceId) return undefined;
      const row = await insertBalanceInvoice(tx, { userId: app.userId, offer, amount, company: app.company, email });
      await tx.update(apps).set({ balanceInvoiceId: row.id, updatedAt: now }).where(eq(apps.id, app.id));
      return row;
    });
    if (claimed) sent.push(claimed.id);
  }
  const unsent = await db
    .select({ invoice: invoices, offer: offers })
    .from(invoices)
    .innerJoin(offers, eq(offers.id, invoices.offerId))
    .where(and(eq(invoices.purpose, "retreat_balance"), eq(invoices.status, "draft")));
  for (const { invoice, offer } of unsent)
    await sendToStripe(db, invoice, offer).catch((error: unknown) =>
      log("warn", "retreat balance invoice not sent", { id: invoice.id, error }),
    );
  return sent;
}

/** Runs the retreat job every `intervalMs` (default 10 minutes) while the server runs. */
export function startRetreatWorker(getDb: () => Database | Promise<Database>, { intervalMs = 10 * 60_000 } = {}) {
  return startPeriodicJob("retreat payments", getDb, (db) => runRetreatJobs(db), { intervalMs, firstDelayMs: 17_000 });
}
