/**
 * An invoice's status only moves forward: draft, then open, then overdue, then paid or void. Stripe's
 * events may arrive late, twice or out of order (a reconciliation replays one), so an `invoice.finalized`
 * after `invoice.paid` must not reopen a paid invoice.
 */
import { eq, schema, type Database } from "@coach/db";
import type { InvoiceStatus } from "@coach/db/enums";
import type { Invoice } from "@coach/db/schema";

/**
 * Paid outranks void: Stripe never pays a voided invoice, so a paid event for a row void here means our
 * void never reached Stripe (a retreat place canceled while its balance was being sent) and the money
 * arrived; the row becomes paid, so the payment is recorded and, for a place that is gone, refunded.
 */
const RANK: Record<InvoiceStatus, number> = { draft: 0, open: 1, overdue: 2, void: 3, paid: 4 };

/** Sets `status` (and `fields`) when it is a step forward; answers whether it changed anything. */
export async function advanceStatus(
  db: Database,
  row: Invoice,
  status: InvoiceStatus,
  fields: Partial<Pick<Invoice, "number" | "hostedInvoiceUrl" | "dueDate" | "paidAt" | "voidedAt">> = {},
): Promise<boolean> {
  const forward = RANK[status] > RANK[row.status];
  const known = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
  if (!forward && Object.keys(known).length === 0) return false;
  await db
    .update(schema.invoices)
    .set({ ...known, ...(forward ? { status } : {}), updatedAt: new Date() })
    .where(eq(schema.invoices.id, row.id));
  return forward;
}
