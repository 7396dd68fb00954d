/**
 * An invoice withdrawn here (a retreat place canceled) taken off Stripe, so nobody can pay it: what the
 * cancellation does after its commit and what a send that finds its row void does (decision 51).
 */
import { eq, schema, type Database } from "@coach/db";
import type { Invoice } from "@coach/db/schema";
import { requestOptions, stripeClient } from "@coach/payments";
import { log } from "../shared/logger";

const { invoices } = schema;

/** The invoice's row when it is void here (withdrawn), else undefined. */
export async function withdrawnRow(db: Database, id: number): Promise<Invoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row?.status === "void" ? row : undefined;
}

const missing = (error: unknown) => (error as { code?: string } | null)?.code === "resource_missing";

/**
 * Takes the invoice off Stripe by what Stripe holds: a draft is deleted (it was never sent), an open one
 * voided, a void or deleted one left alone. Reading first matters: Stripe keeps a refused request's
 * answer under its idempotency key, so a void tried on a draft would refuse the later, real void. If
 * the invoice moves on between the read and the change (a send finalizing the draft), it is read once
 * more. False when it is paid at Stripe or could not be reached: a payment Stripe reports is recorded
 * and refunded in full (invoice-events.ts), and the coach sees an invoice still open in Payments.
 */
export async function withdrawAtStripe(row: { id: number }, stripeInvoiceId: string): Promise<boolean> {
  const stripe = stripeClient();
  for (let attempt = 1; ; attempt++) {
    try {
      const { status } = await stripe.invoices.retrieve(stripeInvoiceId);
      if (status === "void") return true;
      if (status === "draft") await stripe.invoices.del(stripeInvoiceId);
      else if (status === "open" || status === "uncollectible")
        await stripe.invoices.voidInvoice(stripeInvoiceId, {}, requestOptions("invoice-void", row.id));
      else {
        log("warn", "withdrawn invoice already paid at Stripe; its payment is refunded", { invoiceId: row.id, status });
        return false;
      }
      return true;
    } catch (error) {
      if (missing(error)) return true;
      if (attempt === 2) {
        log("error", "withdrawn invoice not taken off Stripe", { invoiceId: row.id, error });
        return false;
      }
    }
  }
}
