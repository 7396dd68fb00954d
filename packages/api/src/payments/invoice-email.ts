/** The invoice by email (react-email), beside Stripe's own: seller, buyer and VAT ids, PO number, lines, tax. */
import { settings } from "@coach/config";
import type { Database } from "@coach/db";
import type { Invoice, Offer } from "@coach/db/schema";
import { PRACTICE_NAME, invoiceEmail, sendEmail } from "@coach/email";
import { formatMoney, type Stripe } from "@coach/payments";

export async function sendInvoiceEmail(db: Database, row: Invoice, offer: Offer, stripeInvoice: Stripe.Invoice) {
  const { seller } = settings();
  const money = (amount: number) => formatMoney(amount, row.currency);
  const subtotal = stripeInvoice.subtotal ?? row.amount;
  const total = stripeInvoice.total ?? row.amount;
  const a = row.address;
  const mail = await invoiceEmail({
    seller: { name: seller.name ?? PRACTICE_NAME, address: seller.address ?? null, taxId: seller.taxId ?? null },
    buyer: {
      companyName: row.companyName,
      address: [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(" "), a.region, a.country].filter((part): part is string =>
        Boolean(part),
      ),
      taxId: row.taxId,
    },
    number: stripeInvoice.number ?? `#${row.id}`,
    poNumber: row.poNumber,
    lines: [{ description: row.purpose === "retreat_balance" ? `${offer.title}: balance` : offer.title, amount: money(row.amount) }],
    subtotal: money(subtotal),
    tax: money(total - subtotal),
    total: money(total),
    dueDate: stripeInvoice.due_date ? new Date(stripeInvoice.due_date * 1000).toISOString().slice(0, 10) : null,
    payUrl: stripeInvoice.hosted_invoice_url ?? null,
  });
  await sendEmail(db, { kind: "invoice", to: row.billingEmail, dedupeKey: `invoice:${row.id}`, ...mail });
}
