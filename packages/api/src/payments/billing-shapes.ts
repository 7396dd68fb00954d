/** Output shapes of company billing, invoices, the retreat and the Payments tab (issue 31). */
import { z } from "zod";
import { CURRENCIES, INVOICE_CREDIT_TIMINGS, INVOICE_STATUSES, PAYMENT_PURPOSES, RETREAT_APPLICATION_STATUSES } from "@coach/db/enums";
import { dateTime, nullableDateTime } from "../shared/schemas";

export const billingAddress = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string().optional(),
  country: z.string(),
});

export const billingProfile = z.object({
  userId: z.number(),
  companyName: z.string(),
  address: billingAddress,
  taxId: z.string().nullable(),
  taxIdType: z.string().nullable(),
  poNumber: z.string().nullable(),
  billingEmail: z.string(),
  paymentTermsDays: z.number(),
  updatedAt: dateTime,
});

export const invoiceIssued = z.object({ id: z.number(), status: z.enum(INVOICE_STATUSES), stripeInvoiceId: z.string().nullable() });

export const invoiceView = invoiceIssued.extend({
  userId: z.number(),
  offerId: z.number(),
  purpose: z.enum(PAYMENT_PURPOSES),
  number: z.string().nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  companyName: z.string(),
  poNumber: z.string().nullable(),
  taxId: z.string().nullable(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  amountText: z.string(),
  creditsOn: z.enum(INVOICE_CREDIT_TIMINGS),
  creditsGrantedAt: nullableDateTime,
  dueDate: nullableDateTime,
  paidAt: nullableDateTime,
  voidedAt: nullableDateTime,
  createdAt: dateTime,
});

export const retreatApplication = z.object({
  id: z.number(),
  userId: z.number(),
  offerId: z.number(),
  company: z.string(),
  role: z.string(),
  message: z.string(),
  status: z.enum(RETREAT_APPLICATION_STATUSES),
  offerExpiresAt: nullableDateTime,
  balanceInvoiceId: z.number().nullable(),
  createdAt: dateTime,
});

export const acceptAnswer = z.object({ status: z.enum(["accepted", "waitlisted"]), checkoutUrl: z.string().nullable() });

export const cancellationQuote = z.object({
  percent: z.number(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  amountText: z.string(),
  paid: z.number(),
});

export const cancelAnswer = z.object({
  status: z.literal("canceled"),
  refund: z.object({ amount: z.number(), currency: z.enum(CURRENCIES), percent: z.number() }),
});
