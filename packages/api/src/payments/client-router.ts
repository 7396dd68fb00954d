/** The client's side of payments (issue 31): Checkout, credits, a payment's state for the return page, cancellation terms. */
import { z } from "zod";
import { and, eq, ne, schema } from "@coach/db";
import { APPOINTMENT_TYPES, PAYMENT_STATUSES, PAYMENT_PURPOSES } from "@coach/db/enums";
import { createTRPCRouter, protectedProcedure } from "../trpc/init";
import { idParam, noInput, nullableDateTime } from "../shared/schemas";
import { DomainError } from "../shared/domain-error";
import { loadAvailability } from "../appointments/availability";
import { cancellationTerms } from "./cancellation";
import { startCheckout } from "./checkout";
import { myCredits } from "./credits";
import { money } from "./shapes";

export const paymentsRouter = createTRPCRouter({
  /** A package through Stripe Checkout: the price is the offer's, whatever else the body holds. */
  checkout: protectedProcedure
    .meta({ openapi: { method: "POST", path: "/checkout", tags: ["payments"], summary: "Start a Checkout for an offer", protect: true } })
    .input(z.object({ offerId: idParam }))
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => startCheckout(ctx.db, ctx.user, input.offerId)),

  credits: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/user/credits", tags: ["payments"], summary: "My remaining session credits", protect: true } })
    .input(noInput)
    .output(z.array(z.object({ appointmentType: z.enum(APPOINTMENT_TYPES), remaining: z.number(), expiresAt: nullableDateTime })))
    .query(({ ctx }) => myCredits(ctx.db, ctx.user.id)),

  /** The return page's question: has the webhook confirmed my payment yet? (It never confirms anything itself.) */
  status: protectedProcedure
    .input(z.object({ sessionId: z.string().max(255) }))
    // awaitingFunds: Checkout completed with a bank debit whose money has not arrived (days, not seconds).
    .output(z.object({ status: z.enum(PAYMENT_STATUSES), purpose: z.enum(PAYMENT_PURPOSES), awaitingFunds: z.boolean() }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({ status: schema.payments.status, purpose: schema.payments.purpose, fundsPendingSince: schema.payments.fundsPendingSince })
        .from(schema.payments)
        .where(and(eq(schema.payments.stripeCheckoutSessionId, input.sessionId), eq(schema.payments.userId, ctx.user.id)));
      if (!row) throw new DomainError("NOT_FOUND", "We found no payment of yours for this page. Open My coaching to see your sessions.");
      return { status: row.status, purpose: row.purpose, awaitingFunds: row.status === "pending" && row.fundsPendingSince !== null };
    }),

  /** What cancelling would give back, shown in the cancel dialog before the client confirms. */
  cancelTerms: protectedProcedure
    .input(z.object({ id: idParam }))
    .output(z.object({ refund: money.nullable(), creditReturned: z.boolean(), kept: z.boolean() }))
    .query(async ({ ctx, input }) => {
      const [appt] = await ctx.db
        .select()
        .from(schema.appointments)
        .where(
          and(
            eq(schema.appointments.id, input.id),
            ne(schema.appointments.status, "canceled"),
            ctx.user.role === "admin" ? undefined : eq(schema.appointments.userId, ctx.user.id),
          ),
        );
      if (!appt) throw new DomainError("NOT_FOUND", "Appointment not found.");
      const { policy } = await loadAvailability(ctx.db);
      const terms = await cancellationTerms(ctx.db, appt, policy.changeCutoffHours);
      return { ...terms, refund: terms.refund as z.infer<typeof money> | null };
    }),
});
