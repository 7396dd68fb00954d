/**
 * Company invoices through Stripe (issue 31, decision 27): the coach issues one for an offer to a client
 * with a billing profile; the retreat's balance invoice goes out the same way. The row is written first
 * (its id makes every idempotency key), then Stripe gets the customer with the tax id, one invoice item
 * at the offer's server-side price, a `send_invoice` invoice with net terms and the PO number as a
 * custom field, which is finalized and sent. Paid, void and overdue come back by webhook (invoice-events.ts).
 */
import { and, desc, eq, schema, type Database } from "@coach/db";
import type { BillingAddress, Invoice, Offer } from "@coach/db/schema";
import type { PaymentPurpose } from "@coach/db/enums";
import { formatMoney, paymentsEnabled, requestOptions, stripeClient, stripeReasonForPeople, type Stripe } from "@coach/payments";
import type { InvoiceInput } from "@coach/validators/billing";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import type { Transaction } from "../shared/db";
import { syncCustomer } from "./billing";
import { asBought, boughtTermsOf } from "./checkout";
import { creditsOfOffer, grantCredits } from "./credit-grants";
import { advanceStatus } from "./invoice-status";
import { sendInvoiceEmail } from "./invoice-email";
import { withdrawAtStripe, withdrawnRow } from "./invoice-withdrawal";

const { invoices, billingProfiles, offers, users } = schema;

/** Stripe's limit for a custom field's name is 40 characters; this is what the invoice prints. */
export const PO_FIELD_NAME = "PO number";

/** `POST /api/admin/invoices`: issues the offer's invoice to the client's company. */
export async function issueInvoice(db: Database, actor: AuditActor, input: InvoiceInput) {
  if (!paymentsEnabled()) throw new DomainError("SERVICE_UNAVAILABLE", "Payments are not enabled (no Stripe key is configured).");
  const [profile] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, input.clientId));
  const [user] = await db.select({ id: users.id, anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, input.clientId));
  if (!user || user.anonymizedAt) throw new DomainError("NOT_FOUND", "Client not found.");
  if (!profile)
    throw new DomainError("BAD_REQUEST", "This client has no billing profile yet: add the company's billing details before invoicing.");
  const [offer] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!offer) throw new DomainError("NOT_FOUND", "Offer not found.");
  if (!offer.active) throw new DomainError("BAD_REQUEST", "This offer is no longer active; activate it or choose another.");
  if (offer.kind === "retreat")
    throw new DomainError("BAD_REQUEST", "A retreat place is paid by its deposit and balance invoice: accept the application instead.");

  const [row] = await db
    .insert(invoices)
    .values({
      userId: input.clientId,
      offerId: offer.id,
      purpose: offer.kind as PaymentPurpose,
      companyName: profile.companyName,
      address: profile.address,
      billingEmail: profile.billingEmail,
      poNumber: input.poNumber ?? profile.poNumber,
      taxId: profile.taxId,
      amount: offer.priceAmount,
      currency: offer.currency,
      creditsOn: input.creditsOn,
      // What is invoiced: the credits are granted from this copy, whatever the offer says when the invoice is paid.
      ...boughtTermsOf(offer),
      issuedBy: actor.id,
    })
    .returning();
  await recordAudit(db, actor, "invoice.issue", {
    type: "invoice",
    id: row!.id,
    details: { clientId: input.clientId, offerId: offer.id, amount: offer.priceAmount, currency: offer.currency },
  });
  const sent = await sendToStripe(db, row!, offer, { taxIdType: profile.taxIdType, paymentTermsDays: profile.paymentTermsDays });
  return { id: sent.id, status: sent.status, stripeInvoiceId: sent.stripeInvoiceId };
}

/** A retreat's balance: its own invoice row, sent like any other (the retreat job calls this once per place). */
export async function insertBalanceInvoice(
  db: Database,
  input: { userId: number; offer: Offer; amount: number; company: string; email: string },
): Promise<Invoice> {
  const [profile] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, input.userId));
  const [row] = await db
    .insert(invoices)
    .values({
      userId: input.userId,
      offerId: input.offer.id,
      purpose: "retreat_balance",
      companyName: profile?.companyName ?? input.company,
      address: profile?.address ?? ({ line1: "", postalCode: "", city: "", country: "" } satisfies BillingAddress),
      billingEmail: profile?.billingEmail ?? input.email,
      poNumber: profile?.poNumber ?? null,
      taxId: profile?.taxId ?? null,
      amount: input.amount,
      currency: input.offer.currency,
    })
    .returning();
  return row!;
}

/**
 * Creates, finalizes and sends the invoice at Stripe. Safe to run again for the same row (a failed
 * attempt, the retreat job's next run): every call carries a key from the row's id, so Stripe answers
 * the first result again instead of making a second invoice.
 */
export async function sendToStripe(
  db: Database,
  row: Invoice,
  offer: Offer,
  terms?: { taxIdType: string | null; paymentTermsDays: number },
): Promise<Invoice> {
  const stripe = stripeClient();
  // The caller's row may be stale: a retreat place canceled since it was listed voided its draft (and
  // what an earlier, interrupted send made at Stripe is taken off it).
  const current = await withdrawnRow(db, row.id);
  if (current) {
    if (current.stripeInvoiceId) await withdrawAtStripe(current, current.stripeInvoiceId);
    return current;
  }
  const [profile] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, row.userId));
  const hasAddress = row.address.line1 !== "";
  let finalized: Stripe.Invoice;
  let draftId: string | undefined;
  try {
    const customer = await syncCustomer(
      db,
      {
        userId: row.userId,
        name: row.companyName,
        email: row.billingEmail,
        address: hasAddress ? row.address : null,
        taxId: row.taxId,
        taxIdType: terms?.taxIdType ?? profile?.taxIdType ?? null,
      },
      row.id,
    );
    const draft = await stripe.invoices.create(
      {
        customer,
        collection_method: "send_invoice",
        days_until_due: terms?.paymentTermsDays ?? profile?.paymentTermsDays ?? 30,
        currency: row.currency,
        auto_advance: false,
        pending_invoice_items_behavior: "exclude",
        ...(row.poNumber ? { custom_fields: [{ name: PO_FIELD_NAME, value: row.poNumber }] } : {}),
        description: offer.title,
        metadata: { invoiceId: String(row.id), purpose: row.purpose },
      },
      requestOptions("invoice", row.id),
    );
    draftId = draft.id!;
    await db.update(invoices).set({ stripeInvoiceId: draftId, updatedAt: new Date() }).where(eq(invoices.id, row.id));
    await stripe.invoiceItems.create(
      { customer, invoice: draft.id, amount: row.amount, currency: row.currency, description: lineDescription(row, offer) },
      requestOptions("invoice-item", row.id),
    );
    // Withdrawn while the draft was made, or while it was finalized: it is taken off Stripe (a draft
    // deleted, an open invoice voided) before Stripe mails anyone a link.
    const takenOff = async () => {
      const gone = await withdrawnRow(db, row.id);
      if (gone) await withdrawAtStripe(gone, draftId!);
      return gone;
    };
    const beforeFinalizing = await takenOff();
    if (beforeFinalizing) return beforeFinalizing;
    finalized = await stripe.invoices.finalizeInvoice(draftId, {}, requestOptions("invoice-finalize", row.id));
    const beforeSending = await takenOff();
    if (beforeSending) return beforeSending;
    await stripe.invoices.sendInvoice(draftId, {}, requestOptions("invoice-send", row.id));
  } catch (error) {
    // Stripe failed while the invoice was being withdrawn here: nothing is owed, so nothing failed;
    // what was made at Stripe is taken off it.
    const gone = await withdrawnRow(db, row.id);
    if (gone) {
      if (draftId) await withdrawAtStripe(gone, draftId);
      return gone;
    }
    log("warn", "stripe invoice failed", { invoiceId: row.id, error });
    throw new DomainError(
      "SERVICE_UNAVAILABLE",
      `Stripe did not accept invoice #${row.id} (${stripeReasonForPeople(error)}). It stays a draft; try again.`,
      { cause: error },
    );
  }
  const updated = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, row.id)).for("update");
    // Withdrawn while it was being sent (a retreat place canceled meanwhile voids its draft): nothing is owed.
    if (locked!.status === "void") return locked!;
    await advanceStatus(tx, locked!, "open", {
      number: finalized.number,
      hostedInvoiceUrl: finalized.hosted_invoice_url ?? null,
      dueDate: finalized.due_date ? new Date(finalized.due_date * 1000) : null,
    });
    if (locked!.creditsOn === "issue") await grantInvoiceCredits(tx, locked!, offer, new Date());
    const [after] = await tx.select().from(invoices).where(eq(invoices.id, row.id));
    return after!;
  });
  if (updated.status === "void") {
    await withdrawAtStripe(updated, draftId!);
    return updated;
  }
  await sendInvoiceEmail(db, updated, offer, finalized).catch((error: unknown) =>
    log("warn", "invoice email not queued", { invoiceId: row.id, error }),
  );
  return updated;
}

function lineDescription(row: Invoice, offer: Offer): string {
  if (row.purpose === "retreat_balance") return `${offer.title}: balance`;
  const bought = asBought(row, offer);
  if (offer.kind === "package") return `${offer.title} (${bought.sessions} sessions, valid ${bought.validDays} days)`;
  return offer.title;
}

/**
 * The credits an invoiced package or session grants, once (unique per invoice): those recorded when the
 * invoice was issued (the offer's, for an invoice from before they were recorded), not the offer's of today.
 */
export async function grantInvoiceCredits(tx: Transaction, row: Invoice, offer: Offer, now: Date) {
  const credits = creditsOfOffer(asBought(row, offer), now);
  if (!credits) return;
  const grant = await grantCredits(tx, { ...credits, userId: row.userId, source: "invoice", invoiceId: row.id, grantedBy: row.issuedBy });
  if (grant) await tx.update(invoices).set({ creditsGrantedAt: now }).where(eq(invoices.id, row.id));
}

export function invoiceView(row: Invoice) {
  return {
    id: row.id,
    userId: row.userId,
    offerId: row.offerId,
    purpose: row.purpose,
    status: row.status,
    stripeInvoiceId: row.stripeInvoiceId,
    number: row.number,
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    companyName: row.companyName,
    poNumber: row.poNumber,
    taxId: row.taxId,
    amount: row.amount,
    currency: row.currency,
    amountText: formatMoney(row.amount, row.currency),
    creditsOn: row.creditsOn,
    creditsGrantedAt: row.creditsGrantedAt,
    dueDate: row.dueDate,
    paidAt: row.paidAt,
    voidedAt: row.voidedAt,
    createdAt: row.createdAt,
  };
}

export async function getInvoice(db: Database, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new DomainError("NOT_FOUND", "Invoice not found.");
  return invoiceView(row);
}

export async function listInvoices(db: Database, filter: { clientId?: number } = {}) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(filter.clientId ? eq(invoices.userId, filter.clientId) : undefined))
    .orderBy(desc(invoices.id))
    .limit(500);
  return rows.map(invoiceView);
}
