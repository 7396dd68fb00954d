/**
 * A person's payments, credits, invoices, billing profile and retreat applications in the export; in
 * the erasure (decision 27) payments, refunds and invoices are KEPT for the legal retention period,
 * moved to the anonymous stand-in: a payment names no one beyond its Stripe ids; an invoice keeps what
 * the law requires on it (company, address, tax id, PO number) and loses the billing email. The
 * billing profile, credits and retreat applications are deleted, and the customer at Stripe after the commit.
 */
import { z } from "zod";
import { asc, eq, schema } from "@coach/db";
import {
  APPOINTMENT_TYPES,
  CREDIT_SOURCES,
  INVOICE_STATUSES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  RETREAT_APPLICATION_STATUSES,
} from "@coach/db/enums";
import { paymentsEnabled, stripeClient } from "@coach/payments";
import type { AccountEraser, AccountExporter } from "../shared/account-data";
import { log } from "../shared/logger";
import { dateTime, nullableDateTime } from "../shared/schemas";
import { money } from "./shapes";

const { payments, refunds, creditGrants, invoices, billingProfiles, retreatApplications, offers } = schema;

export const paymentsExporter = {
  shape: z.array(
    z.object({
      id: z.number(),
      offer: z.string(),
      purpose: z.enum(PAYMENT_PURPOSES),
      price: money,
      status: z.enum(PAYMENT_STATUSES),
      refunded: z.number(),
      paidAt: nullableDateTime,
      createdAt: dateTime,
    }),
  ),
  async read(db, userId) {
    const rows = await db
      .select({ p: payments, offer: offers.title })
      .from(payments)
      .innerJoin(offers, eq(offers.id, payments.offerId))
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.id));
    return rows.map(({ p, offer }) => ({
      id: p.id,
      offer,
      purpose: p.purpose,
      price: { amount: p.amount, currency: p.currency },
      status: p.status,
      refunded: p.refundedAmount,
      paidAt: p.paidAt,
      createdAt: p.createdAt,
    }));
  },
} satisfies AccountExporter;

export const creditsExporter = {
  shape: z.array(
    z.object({
      appointmentType: z.enum(APPOINTMENT_TYPES),
      total: z.number(),
      used: z.number(),
      expiresAt: nullableDateTime,
      source: z.enum(CREDIT_SOURCES),
      createdAt: dateTime,
    }),
  ),
  async read(db, userId) {
    return db
      .select({
        appointmentType: creditGrants.appointmentType,
        total: creditGrants.total,
        used: creditGrants.used,
        expiresAt: creditGrants.expiresAt,
        source: creditGrants.source,
        createdAt: creditGrants.createdAt,
      })
      .from(creditGrants)
      .where(eq(creditGrants.userId, userId))
      .orderBy(asc(creditGrants.id));
  },
} satisfies AccountExporter;

export const invoicesExporter = {
  shape: z.object({
    billingProfile: z
      .object({
        companyName: z.string(),
        taxId: z.string().nullable(),
        poNumber: z.string().nullable(),
        billingEmail: z.string(),
        paymentTermsDays: z.number(),
      })
      .nullable(),
    invoices: z.array(
      z.object({
        id: z.number(),
        number: z.string().nullable(),
        status: z.enum(INVOICE_STATUSES),
        price: money,
        poNumber: z.string().nullable(),
        dueDate: nullableDateTime,
        createdAt: dateTime,
      }),
    ),
    retreatApplications: z.array(
      z.object({
        id: z.number(),
        company: z.string(),
        role: z.string(),
        message: z.string(),
        status: z.enum(RETREAT_APPLICATION_STATUSES),
        createdAt: dateTime,
      }),
    ),
  }),
  async read(db, userId) {
    const [profile] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
    const rows = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.id));
    const applications = await db
      .select()
      .from(retreatApplications)
      .where(eq(retreatApplications.userId, userId))
      .orderBy(asc(retreatApplications.id));
    return {
      billingProfile: profile
        ? {
            companyName: profile.companyName,
            taxId: profile.taxId,
            poNumber: profile.poNumber,
            billingEmail: profile.billingEmail,
            paymentTermsDays: profile.paymentTermsDays,
          }
        : null,
      invoices: rows.map((i) => ({
        id: i.id,
        number: i.number,
        status: i.status,
        price: { amount: i.amount, currency: i.currency },
        poNumber: i.poNumber,
        dueDate: i.dueDate,
        createdAt: i.createdAt,
      })),
      retreatApplications: applications.map((a) => ({
        id: a.id,
        company: a.company,
        role: a.role,
        message: a.message,
        status: a.status,
        createdAt: a.createdAt,
      })),
    };
  },
} satisfies AccountExporter;

export const paymentsEraser: AccountEraser = {
  name: "payments",
  async erase({ tx, person, standIn }) {
    const kept = await tx.update(payments).set({ userId: standIn.id }).where(eq(payments.userId, person.id)).returning({ id: payments.id });
    await tx.update(refunds).set({ requestedBy: null }).where(eq(refunds.requestedBy, person.id));
    const keptInvoices = await tx
      .update(invoices)
      .set({ userId: standIn.id, billingEmail: "" })
      .where(eq(invoices.userId, person.id))
      .returning({ id: invoices.id, stripeInvoiceId: invoices.stripeInvoiceId });
    const profiles = await tx
      .delete(billingProfiles)
      .where(eq(billingProfiles.userId, person.id))
      .returning({ customerId: billingProfiles.stripeCustomerId });
    const customerIds = profiles.flatMap((p) => (p.customerId ? [p.customerId] : []));
    const grants = await tx.delete(creditGrants).where(eq(creditGrants.userId, person.id)).returning({ id: creditGrants.id });
    const applications = await tx
      .delete(retreatApplications)
      .where(eq(retreatApplications.userId, person.id))
      .returning({ id: retreatApplications.id });
    // A coach who deletes her own account keeps the offers' history: her grants name no one else.
    await tx.update(creditGrants).set({ grantedBy: null }).where(eq(creditGrants.grantedBy, person.id));
    return {
      figures: {
        keptPayments: kept.length,
        keptInvoices: keptInvoices.length,
        deletedCreditGrants: grants.length,
        deletedRetreatApplications: applications.length,
      },
      // Stripe's customer holds the name, email, address and tax id: deleted there too. Finalized invoices
      // keep their own copy at Stripe, as the invoices kept here do, for the accounts the law requires.
      // An invoice sent without a billing profile made a customer whose id only Stripe's invoice names.
      afterCommit: async () => {
        const atStripe = keptInvoices.flatMap((i) => (i.stripeInvoiceId ? [i.stripeInvoiceId] : []));
        for (const customerId of new Set([...customerIds, ...(await customersOfInvoices(atStripe))]))
          await deleteStripeCustomer(customerId);
      },
    };
  },
};

async function customersOfInvoices(stripeInvoiceIds: string[]): Promise<string[]> {
  if (stripeInvoiceIds.length === 0 || !paymentsEnabled()) return [];
  const found: string[] = [];
  for (const id of stripeInvoiceIds) {
    const invoice = await stripeClient()
      .invoices.retrieve(id)
      .catch((error: unknown) => log("error", "stripe invoice not read during account erasure", { invoiceId: id, error }));
    const customer = invoice ? invoice.customer : null;
    if (customer) found.push(typeof customer === "string" ? customer : customer.id);
  }
  return found;
}

async function deleteStripeCustomer(customerId: string) {
  if (!paymentsEnabled()) {
    log("warn", "stripe customer left at stripe: payments are not configured", { customerId });
    return;
  }
  try {
    await stripeClient().customers.del(customerId);
  } catch (error) {
    // The account is erased either way; the coach deletes the customer in Stripe's dashboard.
    log("error", "stripe customer not deleted after account erasure", { customerId, error });
  }
}
