/**
 * Paid engagements through Stripe (issue 31, decision 27): Checkout payments and their refunds,
 * package credits and the bookings that used them, retreat applications, and the Stripe events
 * already processed (offers in offers.ts, billing profiles and invoices in billing.ts). Amounts are integers in
 * the currency's minor unit. Payments, refunds and invoices are legal records: they reference their
 * person with `restrict`, so the account erasure must move them to the anonymous stand-in (reduced to
 * what the law requires) and can never silently delete them.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  APPOINTMENT_TYPES,
  CREDIT_SOURCES,
  CURRENCIES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  RETREAT_APPLICATION_STATUSES,
  type AppointmentType,
  type CreditSource,
  type Currency,
  type PaymentPurpose,
  type PaymentStatus,
  type RefundStatus,
  type RetreatApplicationStatus,
} from "../enums";
import { appointments } from "./appointments";
import { invoices } from "./billing";
import { offers, updatedAt } from "./offers";
import { createdAt, inList } from "./columns";
import { users } from "./users";

const money = () => integer().notNull();

/** A Checkout payment: created with its session, confirmed only by the verified webhook. */
export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    offerId: integer()
      .notNull()
      .references(() => offers.id),
    purpose: text().$type<PaymentPurpose>().notNull(),
    /** Copied from the offer when the session is created: a later price change never changes a payment. */
    amount: money(),
    currency: text().$type<Currency>().notNull(),
    status: text().$type<PaymentStatus>().notNull().default("pending"),
    stripeCheckoutSessionId: text().unique(),
    stripePaymentIntentId: text(),
    /**
     * What was bought, copied from the offer when the Checkout is created: a package's credits are granted
     * from these, so an offer edited before the payment arrives never changes them. Null for the retreat
     * and for payments from before these columns (which grant by the offer).
     */
    creditAppointmentType: text().$type<AppointmentType>(),
    creditSessions: integer(),
    creditValidDays: integer(),
    /** The booking a pay-to-book payment holds (null for packages and the retreat). */
    appointmentId: integer().references(() => appointments.id, { onDelete: "set null" }),
    refundedAmount: integer().notNull().default(0),
    /** When the Checkout Session stops accepting payment (ours: 15 minutes for a hold, decision 27). */
    expiresAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * When Checkout completed with a delayed method (a bank debit) whose money has not arrived: the
     * payment stays pending until Stripe says it settled or failed, days later, and the return page says so.
     */
    fundsPendingSince: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    index("payments_intent_idx").on(t.stripePaymentIntentId),
    index("payments_pending_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check("payments_purpose_check", inList("purpose", PAYMENT_PURPOSES)),
    check("payments_status_check", inList("status", PAYMENT_STATUSES)),
    check("payments_currency_check", inList("currency", CURRENCIES)),
    check("payments_amount_check", sql`${t.amount} > 0`),
    check("payments_refunded_check", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/** A refund through Stripe, by the stated policy (the percent applied is kept with it). */
export const refunds = pgTable(
  "refunds",
  {
    id: serial().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amount: money(),
    currency: text().$type<Currency>().notNull(),
    /** The schedule's percent when the policy decided the amount; null for a refund the coach chose. */
    percent: integer(),
    stripeRefundId: text().unique(),
    status: text().$type<RefundStatus>().notNull().default("pending"),
    reason: text().notNull(),
    requestedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** When Stripe was last asked for it (null: only when it was written): a pending refund long past this was interrupted. */
    attemptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_payment_idx").on(t.paymentId),
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_status_check", inList("status", REFUND_STATUSES)),
    check("refunds_percent_check", sql`${t.percent} between 0 and 100`),
  ],
);

/**
 * Sessions of one type a client may book without paying again. `used <= total` is a constraint, so
 * using one is `UPDATE … SET used = used + 1 WHERE id = ? AND used < total AND expires_at > now()`:
 * concurrent bookings can never use more credits than exist.
 */
export const creditGrants = pgTable(
  "credit_grants",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointmentType: text().$type<AppointmentType>().notNull(),
    total: integer().notNull(),
    used: integer().notNull().default(0),
    /** Null: never expires (a coach's grant may say so). */
    expiresAt: timestamp({ withTimezone: true }),
    source: text().$type<CreditSource>().notNull(),
    paymentId: integer().references(() => payments.id, { onDelete: "set null" }),
    invoiceId: integer().references(() => invoices.id, { onDelete: "set null" }),
    /** The coach who granted, extended or took back credits (every change is audited too). */
    grantedBy: integer().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    reminderSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("credit_grants_user_idx").on(t.userId, t.appointmentType),
    // One grant per payment and per invoice: a redelivered or reconciled event cannot grant twice.
    uniqueIndex("credit_grants_payment_idx").on(t.paymentId),
    uniqueIndex("credit_grants_invoice_idx").on(t.invoiceId),
    check("credit_grants_type_check", inList("appointment_type", APPOINTMENT_TYPES)),
    check("credit_grants_source_check", inList("source", CREDIT_SOURCES)),
    check("credit_grants_used_check", sql`${t.used} >= 0 and ${t.used} <= ${t.total}`),
  ],
);

/**
 * Which grant a booking used a credit of. Cancelling inside the policy deletes the row and gives the
 * credit back (`used - 1`) in one transaction; a late cancellation or a no-show keeps both.
 */
export const appointmentCredits = pgTable(
  "appointment_credits",
  {
    appointmentId: integer()
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    creditGrantId: integer()
      .notNull()
      .references(() => creditGrants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("appointment_credits_grant_idx").on(t.creditGrantId)],
);

/** An application for one of the retreat's places, through waitlist offers to the deposit and the balance invoice. */
export const retreatApplications = pgTable(
  "retreat_applications",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    offerId: integer()
      .notNull()
      .references(() => offers.id),
    company: text().notNull(),
    role: text().notNull(),
    message: text().notNull(),
    status: text().$type<RetreatApplicationStatus>().notNull().default("pending"),
    /** Until when an acceptance or a waitlist offer holds the place unpaid. */
    offerExpiresAt: timestamp({ withTimezone: true }),
    depositPaymentId: integer().references(() => payments.id, { onDelete: "set null" }),
    /**
     * The retreat's full price, in the minor unit, as it stood when the place was offered with its deposit:
     * the balance is this less the deposit paid, whatever the coach later sets on the offer. Null only on
     * applications never offered a place (and on those from before this column, which use the offer's price).
     */
    priceAmount: integer(),
    balanceInvoiceId: integer().references(() => invoices.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    /**
     * When the place was canceled through the schedule, and the refund percentage it gave then: a balance
     * paid before that moment whose payment event arrives after it is refunded at that percentage, as it
     * would have been had its event come in time. Null on places canceled otherwise, or before these columns.
     */
    canceledAt: timestamp({ withTimezone: true }),
    cancelRefundPercent: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live application per person and retreat.
    uniqueIndex("retreat_applications_live_idx")
      .on(t.userId, t.offerId)
      .where(sql`${t.status} not in ('declined', 'canceled', 'lapsed')`),
    index("retreat_applications_offer_idx").on(t.offerId, t.status),
    check("retreat_applications_status_check", inList("status", RETREAT_APPLICATION_STATUSES)),
  ],
);

/** Every Stripe event processed, once: inserted in the same transaction as its handler (decision 27). */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  /** Stripe's `created` of the event. */
  createdAt: timestamp({ withTimezone: true }).notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Whether a handler acted on it (false: a type we do not handle, recorded so a repeat stays cheap). */
  handled: boolean().notNull(),
});
