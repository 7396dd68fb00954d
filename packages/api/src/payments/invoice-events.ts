/**
 * Stripe's invoice events (decision 27's registry): finalized is open, paid is paid (and grants an
 * invoiced package's credits when the coach chose "on payment"), voided is void, and overdue or
 * uncollectible read as overdue. Each handler is idempotent by itself: statuses only move forward and
 * a grant is unique per invoice.
 */
import { eq, or, schema } from "@coach/db";
import type { InvoiceStatus } from "@coach/db/enums";
import type { Invoice, Payment } from "@coach/db/schema";
import { stripeClient, type Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";
import type { StripeHandlerContext, StripeHandlers } from "./handler-types";
import { grantInvoiceCredits } from "./invoices";
import { lockOffer } from "./place-locks";
import { planRefund, sendRefund } from "./refunds";
import { tellRetreatRefund } from "./retreat-events";
import { advanceStatus } from "./invoice-status";

const { invoices, offers } = schema;

/**
 * Our row for Stripe's invoice, locked: by its Stripe id, or by the id we put in its metadata (an event
 * before our update). A retreat balance's offer is locked first, as everything touching a place does
 * (decision 52), so a cancellation and the paid balance's payment row do not cross.
 */
async function ourInvoice(tx: Transaction, invoice: Stripe.Invoice) {
  const ownId = Number(invoice.metadata?.invoiceId);
  const where =
    Number.isSafeInteger(ownId) && ownId > 0
      ? or(eq(invoices.stripeInvoiceId, invoice.id!), eq(invoices.id, ownId))
      : eq(invoices.stripeInvoiceId, invoice.id!);
  const [seen] = await tx.select({ id: invoices.id, offerId: invoices.offerId, purpose: invoices.purpose }).from(invoices).where(where);
  if (!seen) return undefined;
  if (seen.purpose === "retreat_balance") await lockOffer(tx, seen.offerId);
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, seen.id)).for("no key update");
  return row;
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The reason on the refund of a balance paid for a place canceled before Stripe could void its invoice. */
export const BALANCE_AFTER_CANCEL_REASON = "balance paid after the place was canceled";
export const BALANCE_PAID_BEFORE_CANCEL_REASON = "retreat cancellation (balance recorded late)";

function on(status: InvoiceStatus) {
  return async ({ event, tx, afterCommit }: { event: { data: { object: Stripe.Invoice } } } & Omit<StripeHandlerContext, "event">) => {
    const invoice = event.data.object;
    const row = await ourInvoice(tx, invoice);
    if (!row) return; // An invoice made outside this app (the Dashboard): nothing of ours to change.
    const transitions = invoice.status_transitions;
    const moved = await advanceStatus(tx, row, status, {
      number: invoice.number,
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      dueDate: at(invoice.due_date),
      paidAt: status === "paid" ? (at(transitions?.paid_at) ?? new Date()) : null,
      voidedAt: status === "void" ? (at(transitions?.voided_at) ?? new Date()) : null,
    });
    if (moved && status === "paid" && row.purpose === "retreat_balance") {
      const payment = await recordBalancePayment(tx, row, invoice);
      const refundId = await refundIfPlaceGone(tx, row, payment, at(transitions?.paid_at));
      if (refundId)
        afterCommit(async (db) => {
          await sendRefund(db, refundId);
          const [refund] = await db.select().from(schema.refunds).where(eq(schema.refunds.id, refundId));
          const partial = refund && refund.percent !== null && refund.percent < 100;
          await tellRetreatRefund(db, payment.id, partial ? { amount: refund.amount, percent: refund.percent! } : undefined);
        });
    }
    if (status === "paid" && row.creditsOn === "paid") {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, row.offerId));
      await grantInvoiceCredits(tx, row, offer!, new Date());
    }
  };
}

/**
 * The payment intent that paid an invoice, which a refund needs. Since API 2025-03-31 (our pinned
 * version is later) an invoice no longer names it: Stripe lists it among the invoice's payments.
 */
async function intentOfInvoice(invoice: Stripe.Invoice): Promise<string | null> {
  const { data } = await stripeClient().invoicePayments.list({ invoice: invoice.id!, limit: 1 });
  const intent = data[0]?.payment.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/**
 * A paid retreat balance becomes a payment record too, so a cancellation can refund it by the schedule
 * like the deposit.
 */
async function recordBalancePayment(tx: Transaction, row: Invoice, invoice: Stripe.Invoice): Promise<Payment> {
  const intent = await intentOfInvoice(invoice);
  const [payment] = await tx
    .insert(schema.payments)
    .values({
      userId: row.userId,
      offerId: row.offerId,
      purpose: "retreat_balance",
      amount: row.amount,
      currency: row.currency,
      status: "paid",
      stripePaymentIntentId: intent,
      paidAt: new Date(),
    })
    .returning();
  return payment!;
}

/**
 * A balance recorded for a place already canceled. Paid after the cancellation (in the moment between
 * it and our void at Stripe, which Stripe then refused): a canceled place owes no balance, so it is
 * refunded in full. Paid before it, its event late: the cancellation's percentage of the schedule, as
 * it would have been refunded had the event come in time (the person was quoted that). The refund row
 * is written here and sent after the commit (refunds.ts).
 */
async function refundIfPlaceGone(tx: Transaction, row: Invoice, payment: Payment, paidAt: Date | null): Promise<number | undefined> {
  const { retreatApplications: apps } = schema;
  const [app] = await tx
    .select({ status: apps.status, canceledAt: apps.canceledAt, percent: apps.cancelRefundPercent })
    .from(apps)
    .where(eq(apps.balanceInvoiceId, row.id));
  if (app?.status !== "canceled") return undefined;
  const paidBefore = paidAt !== null && app.canceledAt !== null && app.percent !== null && paidAt < app.canceledAt;
  if (paidBefore) return planRefund(tx, payment, { percent: app.percent!, reason: BALANCE_PAID_BEFORE_CANCEL_REASON });
  return planRefund(tx, payment, { percent: 100, reason: BALANCE_AFTER_CANCEL_REASON });
}

export const invoiceHandlers: StripeHandlers = {
  "invoice.finalized": on("open"),
  "invoice.paid": on("paid"),
  "invoice.voided": on("void"),
  "invoice.overdue": on("overdue"),
  "invoice.marked_uncollectible": on("overdue"),
};
