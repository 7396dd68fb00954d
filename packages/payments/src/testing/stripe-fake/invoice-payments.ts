/**
 * Invoice Payments: since API 2025-03-31 an invoice no longer names the payment intent that paid it;
 * `GET /v1/invoice_payments?invoice=…` lists its payments, each with `payment.payment_intent`.
 */
import type { Endpoint } from "./core";
import { field, listOf, newId, now } from "./http";
import type { FakeState, StripeObject } from "./state";

export const invoicePaymentEndpoints: Endpoint = (state, { method, parts, params }) => {
  const [resource, id] = parts;
  if (resource !== "invoice_payments" || method !== "GET" || id) return undefined;
  const invoice = field.text(params, "invoice");
  const all = [...state.invoicePayments.values()].reverse().filter((p) => !invoice || p.invoice === invoice);
  return listOf(all, params, "/v1/invoice_payments");
};

/** The payment a paid invoice took, as Stripe records it. */
export function recordInvoicePayment(state: FakeState, invoice: StripeObject, intentId: string): void {
  const payment = {
    id: newId("inpay"),
    object: "invoice_payment",
    invoice: invoice.id,
    amount_paid: invoice.amount_due,
    amount_requested: invoice.amount_due,
    currency: invoice.currency,
    is_default: true,
    status: "paid",
    payment: { type: "payment_intent", payment_intent: intentId },
    created: now(),
  };
  state.invoicePayments.set(payment.id, payment);
}
