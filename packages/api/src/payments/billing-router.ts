import { z } from "zod";
import { billingProfileFields, invoiceInput, retreatApplicationInput, withTaxIdRule } from "@coach/validators/billing";
import { adminProcedure, createTRPCRouter, protectedProcedure } from "../trpc/init";
import { idParam, noInput } from "../shared/schemas";
import { getBillingProfile, putBillingProfile } from "./billing";
import {
  acceptAnswer,
  billingProfile,
  cancelAnswer,
  cancellationQuote as quoteShape,
  invoiceIssued,
  invoiceView,
  retreatApplication,
} from "./billing-shapes";
import { getInvoice, issueInvoice, listInvoices } from "./invoices";
import { acceptApplication, applyToRetreat, declineApplication, listApplications, myApplications } from "./retreat";
import { cancelApplication, cancellationQuote } from "./retreat-refunds";
import { paymentsCsv, paymentsOverview } from "./overview";
import { retryRefund } from "./refund-retry";

const meta = (method: "GET" | "PUT" | "POST", path: `/${string}`, summary: string) => ({
  openapi: { method, path, tags: ["admin", "payments"], summary, protect: true },
});
const amountInput = z.object({
  expectedAmount: z.number({ message: "expectedAmount is the refund you were shown, in cents." }).int().min(0),
});

/** The coach's company billing and invoices (`admin.billing.*`, `admin.invoices.*`). */
export const billingAdminRouter = createTRPCRouter({
  get: adminProcedure
    .meta(meta("GET", "/admin/clients/{id}/billing", "A client's billing profile"))
    .input(z.object({ id: idParam }))
    .output(billingProfile.nullable())
    .query(({ ctx, input }) => getBillingProfile(ctx.db, input.id)),

  put: adminProcedure
    .meta(meta("PUT", "/admin/clients/{id}/billing", "Set a client's billing profile"))
    .input(withTaxIdRule(billingProfileFields.extend({ id: idParam })))
    .output(billingProfile)
    .mutation(({ ctx, input: { id, ...profile } }) => putBillingProfile(ctx.db, ctx.user, id, profile)),
});

export const invoicesAdminRouter = createTRPCRouter({
  create: adminProcedure
    .meta(meta("POST", "/admin/invoices", "Issue a company invoice for an offer"))
    .input(invoiceInput)
    .output(invoiceIssued)
    .mutation(({ ctx, input }) => issueInvoice(ctx.db, ctx.user, input)),

  list: adminProcedure
    .meta(meta("GET", "/admin/invoices", "Every invoice, newest first"))
    .input(z.object({ clientId: idParam.optional() }).optional())
    .output(z.array(invoiceView))
    .query(({ ctx, input }) => listInvoices(ctx.db, { clientId: input?.clientId })),

  get: adminProcedure
    .meta(meta("GET", "/admin/invoices/{id}", "An invoice and its status"))
    .input(z.object({ id: idParam }))
    .output(invoiceView)
    .query(({ ctx, input }) => getInvoice(ctx.db, input.id)),
});

/** The coach's side of the retreat (`admin.retreat.*`). */
export const retreatAdminRouter = createTRPCRouter({
  list: adminProcedure
    .input(noInput)
    .output(z.array(retreatApplication.extend({ name: z.string(), email: z.string() })))
    .query(({ ctx }) => listApplications(ctx.db)),

  accept: adminProcedure
    .meta(meta("POST", "/admin/retreat/applications/{id}/accept", "Accept a retreat application (the deposit's Checkout)"))
    .input(z.object({ id: idParam }))
    .output(acceptAnswer)
    .mutation(({ ctx, input }) => acceptApplication(ctx.db, ctx.user, input.id)),

  decline: adminProcedure
    .input(z.object({ id: idParam }))
    .output(retreatApplication)
    .mutation(({ ctx, input }) => declineApplication(ctx.db, ctx.user, input.id)),

  cancellation: adminProcedure
    .input(z.object({ id: idParam }))
    .output(quoteShape)
    .query(({ ctx, input }) => cancellationQuote(ctx.db, { ...ctx.user, asCoach: true }, input.id)),

  cancel: adminProcedure
    .input(amountInput.extend({ id: idParam }))
    .output(cancelAnswer)
    .mutation(({ ctx, input }) => cancelApplication(ctx.db, { ...ctx.user, asCoach: true }, input.id, input.expectedAmount)),
});

const userMeta = (method: "GET" | "POST", path: `/${string}`, summary: string) => ({
  openapi: { method, path, tags: ["payments"], summary, protect: true },
});

/** The applicant's side (`retreat.*`): apply, see where it stands, cancel with the refund shown first. */
export const retreatRouter = createTRPCRouter({
  submit: protectedProcedure
    .meta(userMeta("POST", "/retreat/applications", "Apply for a place on the retreat"))
    .input(retreatApplicationInput)
    .output(retreatApplication)
    .mutation(({ ctx, input }) => applyToRetreat(ctx.db, ctx.user.id, input)),

  mine: protectedProcedure
    .meta(userMeta("GET", "/retreat/applications", "My retreat applications"))
    .input(noInput)
    .output(z.array(retreatApplication))
    .query(({ ctx }) => myApplications(ctx.db, ctx.user.id)),

  cancellation: protectedProcedure
    .meta(userMeta("GET", "/retreat/applications/{id}/cancellation", "What cancelling my place refunds now"))
    .input(z.object({ id: idParam }))
    .output(quoteShape)
    .query(({ ctx, input }) => cancellationQuote(ctx.db, { ...ctx.user, asCoach: false }, input.id)),

  cancel: protectedProcedure
    .meta(userMeta("POST", "/retreat/applications/{id}/cancel", "Cancel my place (refund by the schedule)"))
    .input(amountInput.extend({ id: idParam }))
    .output(cancelAnswer)
    .mutation(({ ctx, input }) => cancelApplication(ctx.db, { ...ctx.user, asCoach: false }, input.id, input.expectedAmount)),
});

/** The console's Payments tab (`admin.payments.*`). */
export const paymentsAdminRouter = createTRPCRouter({
  overview: adminProcedure.input(noInput).query(({ ctx }) => paymentsOverview(ctx.db)),
  /** A refund Stripe did not take, tried again (never twice: see refund-retry.ts). */
  retryRefund: adminProcedure
    .meta(meta("POST", "/admin/refunds/{id}/retry", "Try a failed refund again"))
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), status: z.literal("succeeded"), amountText: z.string() }))
    .mutation(({ ctx, input }) => retryRefund(ctx.db, ctx.user, input.id)),
  /** A mutation, as the other exports: the console asks for the file on a click, never on page load. */
  exportCsv: adminProcedure
    .input(noInput)
    .output(z.object({ filename: z.string(), csv: z.string() }))
    .mutation(async ({ ctx }) => ({ filename: `payments-${new Date().toISOString().slice(0, 10)}.csv`, csv: await paymentsCsv(ctx.db) })),
});
