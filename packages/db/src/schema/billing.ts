/**
 * Company billing (issue 31, decision 27): a client's billing profile and the Stripe invoices issued
 * to it. An invoice keeps a snapshot of the billing details and references its person with `restrict`:
 * it is a legal record the account erasure moves to the anonymous stand-in.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import {
  CURRENCIES,
  INVOICE_CREDIT_TIMINGS,
  INVOICE_STATUSES,
  PAYMENT_PURPOSES,
  type AppointmentType,
  type Currency,
  type InvoiceCreditTiming,
  type InvoiceStatus,
  type PaymentPurpose,
} from "../enums";
import { createdAt, inList } from "./columns";
import { offers, updatedAt } from "./offers";
import { users } from "./users";

/** A company's postal address, as Stripe's customer address has it. */
export interface BillingAddress {
  line1: string;
  line2?: string;
  postalCode: string;
  city: string;
  region?: string;
  /** ISO 3166-1 alpha-2, e.g. "DE". */
  country: string;
}

/** A client's company billing details; invoices copy them when issued. */
export const billingProfiles = pgTable(
  "billing_profiles",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text().notNull(),
    address: jsonb().$type<BillingAddress>().notNull(),
    /** VAT or tax id as printed (e.g. DE123456789) and its Stripe type (eu_vat, gb_vat, us_ein, …). */
    taxId: text(),
    taxIdType: text(),
    poNumber: text(),
    billingEmail: text().notNull(),
    paymentTermsDays: integer().notNull().default(30),
    stripeCustomerId: text().unique(),
    updatedAt: updatedAt(),
  },
  (t) => [check("billing_profiles_terms_check", sql`${t.paymentTermsDays} between 0 and 365`)],
);

/** A Stripe invoice to a company; the billing details are a snapshot, kept for the legal retention period. */
export const invoices = pgTable(
  "invoices",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    offerId: integer()
      .notNull()
      .references(() => offers.id),
    purpose: text().$type<PaymentPurpose>().notNull(),
    status: text().$type<InvoiceStatus>().notNull().default("draft"),
    stripeInvoiceId: text().unique(),
    /** Stripe's invoice number and page, once finalized. */
    number: text(),
    hostedInvoiceUrl: text(),
    companyName: text().notNull(),
    address: jsonb().$type<BillingAddress>().notNull(),
    billingEmail: text().notNull(),
    poNumber: text(),
    taxId: text(),
    amount: integer().notNull(),
    currency: text().$type<Currency>().notNull(),
    creditsOn: text().$type<InvoiceCreditTiming>().notNull().default("paid"),
    /**
     * What was invoiced, copied from the offer when the invoice is issued: its credits are granted from
     * these, whatever the offer says later. Null for the retreat's balance and invoices from before these columns.
     */
    creditAppointmentType: text().$type<AppointmentType>(),
    creditSessions: integer(),
    creditValidDays: integer(),
    creditsGrantedAt: timestamp({ withTimezone: true }),
    dueDate: timestamp({ withTimezone: true }),
    issuedBy: integer().references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invoices_user_idx").on(t.userId),
    index("invoices_status_idx").on(t.status),
    check("invoices_status_check", inList("status", INVOICE_STATUSES)),
    check("invoices_purpose_check", inList("purpose", PAYMENT_PURPOSES)),
    check("invoices_currency_check", inList("currency", CURRENCIES)),
    check("invoices_credits_on_check", inList("credits_on", INVOICE_CREDIT_TIMINGS)),
    check("invoices_amount_check", sql`${t.amount} > 0`),
  ],
);
