/**
 * Cancelling a retreat place (issue 31): the refund follows the offer's tiered schedule, computed on
 * the server by @coach/payments' `refundAmount` from what was paid (deposit and balance) at the moment
 * of cancelling. The person sees the amount first (the quote) and confirms it: a confirmation whose
 * amount no longer matches (a tier boundary passed meanwhile) is refused, so nobody gets less than shown.
 */
import { and, eq, gte, inArray, schema, type Database } from "@coach/db";
import type { Offer, Payment } from "@coach/db/schema";
import { formatMoney, paymentsEnabled, refundAmount } from "@coach/payments";
import { recordAudit, type AuditActor } from "../audit/record";
import type { Transaction } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { withdrawAtStripe } from "./invoice-withdrawal";
import { lockOffer } from "./place-locks";
import { sendRefund } from "./refunds";
import { ensureDepositCheckout, expireDepositCheckout, offerFreedPlace } from "./retreat";

const { invoices, offers, payments, refunds, retreatApplications: apps } = schema;

const CANCELABLE = ["pending", "waitlisted", "accepted", "offered", "confirmed"] as const;

/** Who may cancel: the applicant, or the coach (`asCoach`). */
interface Canceller extends AuditActor {
  asCoach: boolean;
}

async function load(db: Database, who: Canceller, id: number) {
  const [app] = await db.select().from(apps).where(eq(apps.id, id));
  if (!app || (!who.asCoach && app.userId !== who.id)) throw new DomainError("NOT_FOUND", "Application not found.");
  const [offer] = await db.select().from(offers).where(eq(offers.id, app.offerId));
  return { app, offer: offer! };
}

/**
 * The deposit and the balance paid for this place (the balance's payment is recorded when its invoice is paid).
 * Only payments made since this application: a person may apply again after canceling, and the earlier
 * place's payments (refunded or kept by its own cancellation) must not count towards this one's refund.
 */
async function paidFor(db: Database, app: { userId: number; offerId: number; createdAt: Date }) {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, app.userId),
        eq(payments.offerId, app.offerId),
        gte(payments.createdAt, app.createdAt),
        inArray(payments.status, ["paid", "partially_refunded", "refunded"]),
        inArray(payments.purpose, ["retreat_deposit", "retreat_balance"]),
      ),
    );
  return rows.sort((a, b) => a.id - b.id);
}

/** What cancelling now refunds: `{ percent, amount, currency, amountText, paid }`. */
export async function cancellationQuote(db: Database, who: Canceller, id: number, now = new Date()) {
  const { app, offer } = await load(db, who, id);
  if (!(CANCELABLE as readonly string[]).includes(app.status))
    throw new DomainError("CONFLICT", `This application is already ${app.status}.`);
  const paid = await paidFor(db, app);
  const { percent, amount, total } = refundNow(offer, paid, now);
  return { percent, amount, currency: offer.currency, amountText: formatMoney(amount, offer.currency), paid: total };
}

/** The schedule's refund of these payments at `now`. */
function refundNow(offer: Offer, paid: Payment[], now: Date) {
  const total = paid.reduce((sum, p) => sum + p.amount, 0);
  const already = paid.reduce((sum, p) => sum + p.refundedAmount, 0);
  if (total === 0) return { percent: 0, amount: 0, total };
  return {
    ...refundAmount({ schedule: offer.refundSchedule, startsAt: offer.startsAt!, now, paid: total, alreadyRefunded: already }),
    total,
  };
}

/**
 * Cancels the place and refunds by the schedule through Stripe (one refund per payment, largest share
 * from the deposit first; each refund row's id is its idempotency key). A held place goes to the waitlist.
 */
export async function cancelApplication(db: Database, who: Canceller, id: number, expectedAmount: number, now = new Date()) {
  const quote = await cancellationQuote(db, who, id, now);
  if (quote.amount !== expectedAmount)
    throw new DomainError("CONFLICT", `The refund is now ${quote.amountText} (${quote.percent}% by the schedule); confirm that amount.`);
  if (quote.amount > 0 && !paymentsEnabled())
    throw new DomainError("SERVICE_UNAVAILABLE", "Payments are not enabled; the refund cannot be made.");
  const loaded = await load(db, who, id);
  const { app, planned, offered, balanceToVoid } = await db.transaction(async (tx) => {
    const offer = (await lockOffer(tx, loaded.offer.id)) ?? loaded.offer;
    // The application as it is under the lock: an acceptance, the lapse job or the balance job may have
    // changed its status, deposit or balance invoice since it was first read.
    const [app] = await tx.select().from(apps).where(eq(apps.id, id)).for("update");
    if (!app || !(CANCELABLE as readonly string[]).includes(app.status))
      throw new DomainError("CONFLICT", "This application was changed meanwhile; reload it.");
    await tx
      .update(apps)
      .set({ status: "canceled", offerExpiresAt: null, canceledAt: now, cancelRefundPercent: quote.percent, updatedAt: now })
      .where(eq(apps.id, id));
    // Read again under the application's lock: a deposit paid since the quote (its webhook commits before
    // our update returns) changes the refund, and the person confirms the new amount rather than lose it.
    const paidNow = await paidFor(tx, app);
    if (refundNow(offer, paidNow, now).amount !== quote.amount)
      throw new DomainError("CONFLICT", "A payment for this place arrived meanwhile, so the refund has changed; reload to see it.");
    let left = quote.amount;
    const planned: { refundId: number; payment: Payment; amount: number }[] = [];
    for (const payment of paidNow) {
      const share = Math.min(left, payment.amount - payment.refundedAmount);
      if (share <= 0) continue;
      left -= share;
      const [refund] = await tx
        .insert(refunds)
        .values({
          paymentId: payment.id,
          amount: share,
          currency: payment.currency,
          percent: quote.percent,
          reason: "retreat cancellation",
          requestedBy: who.id,
        })
        .returning({ id: refunds.id });
      planned.push({ refundId: refund!.id, payment, amount: share });
    }
    await recordAudit(tx, who, "retreat.cancel", {
      type: "retreat_application",
      id,
      details: { refund: quote.amount, percent: quote.percent },
    });
    const offeredId = ["accepted", "offered", "confirmed"].includes(app.status) ? await offerFreedPlace(tx, offer, now) : undefined;
    return { app, planned, offered: offeredId, balanceToVoid: await withdrawBalanceInvoice(tx, app.balanceInvoiceId, now) };
  });
  // Every planned refund is sent and every follow-up runs, whatever one of them answers: a refund that
  // failed is listed for the coach to try again, and the place freed is offered on all the same.
  let refundsFailed = 0;
  for (const { refundId } of planned) if (!(await sendRefund(db, refundId)).ok) refundsFailed += 1;
  if (balanceToVoid) await voidAtStripe(db, balanceToVoid, now);
  if (app.status !== "confirmed" && app.depositPaymentId) await expireDepositCheckout(db, app.depositPaymentId, now);
  // A Checkout that cannot be made now is made (and emailed) by the retreat job's next run.
  if (offered)
    await ensureDepositCheckout(db, offered, now).catch((error: unknown) =>
      log("warn", "retreat offer checkout not made; the retreat job will retry", { id: offered, error }),
    );
  if (refundsFailed > 0)
    throw new DomainError(
      "SERVICE_UNAVAILABLE",
      "The place is canceled but Stripe did not take the refund; it is listed as failed in Payments for the coach to try again.",
    );
  return { status: "canceled" as const, refund: { amount: quote.amount, currency: quote.currency, percent: quote.percent } };
}

/**
 * A canceled place owes no balance: a draft balance invoice is voided here (it never reaches Stripe's
 * payer); one that Stripe holds (open, overdue, or a draft an interrupted send made there) is returned
 * to be taken off Stripe after the commit, so it can no longer be paid for a place that is gone.
 */
async function withdrawBalanceInvoice(tx: Transaction, invoiceId: number | null, now: Date) {
  if (!invoiceId) return null;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("no key update");
  if (invoice?.status === "draft") await tx.update(invoices).set({ status: "void", updatedAt: now }).where(eq(invoices.id, invoiceId));
  return invoice && ["draft", "open", "overdue"].includes(invoice.status) && invoice.stripeInvoiceId ? invoice : null;
}

/** Voided here once Stripe no longer holds it payable; else the coach sees it still open in Payments. */
async function voidAtStripe(db: Database, invoice: { id: number; stripeInvoiceId: string | null }, now: Date) {
  if (await withdrawAtStripe(invoice, invoice.stripeInvoiceId!))
    await db.update(invoices).set({ status: "void", updatedAt: now }).where(eq(invoices.id, invoice.id));
}
