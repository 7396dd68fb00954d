/**
 * Stripe's invoice events (decision 27's registry): finalized is open, paid is paid (and grants an
 * invoiced package's credits when the coach chose "on payment"), voided is void, and overdue or
 * uncollectible read as overdue. Each handler is idempotent by itself: statuses only move forward and
 * a grant is unique per invoice.
 */
import { eq, or, schema } from "@coach/db";
import type { InvoiceStatus } from "@coach/db/enums";
import type { Invoice } from "@coach/db/schema";
import { stripeClient, type Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";
import type { StripeHandlers } from "./handler-types";
import { grantInvoiceCredits } from "./invoices";
import { lockOffer } from "./place-locks";
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

function on(status: InvoiceStatus) {
  return async ({ event, tx }: { event: { data: { object: Stripe.Invoice } }; tx: Transaction }) => {
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
    if (moved && status === "paid" && row.purpose === "retreat_balance") await recordBalancePayment(tx, row, invoice);
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
async function recordBalancePayment(tx: Transaction, row: Invoice, invoice: Stripe.Invoice) {
  const intent = await intentOfInvoice(invoice);
  await tx.insert(schema.payments).values({
    userId: row.userId,
    offerId: row.offerId,
    purpose: "retreat_balance",
    amount: row.amount,
    currency: row.currency,
    status: "paid",
    stripePaymentIntentId: intent,
    paidAt: new Date(),
  });
}

export const invoiceHandlers: StripeHandlers = {
  "invoice.finalized": on("open"),
  "invoice.paid": on("paid"),
  "invoice.voided": on("void"),
  "invoice.overdue": on("overdue"),
  "invoice.marked_uncollectible": on("overdue"),
};
