import { z } from "zod";
import { subscribeInput, tokenInput } from "@coach/validators/newsletter";
import { createTRPCRouter, publicProcedure, rateLimitedProcedure } from "../trpc/init";
import { confirmSubscription, subscribe, unsubscribe } from "./service";
import { subscribed, subscriptionConfirmed } from "./shapes";

export { SUBSCRIBE_MESSAGE } from "./service";

/** Per client address: enough for a household or an office, not for a script. */
export const SUBSCRIBE_RULE = { name: "newsletter", limit: 10, windowSeconds: 60 * 60 };

export const newsletterRouter = createTRPCRouter({
  /** Double opt-in; the same answer whatever the address's state, so it reveals nothing. */
  subscribe: rateLimitedProcedure(SUBSCRIBE_RULE)
    .meta({
      openapi: {
        method: "POST",
        path: "/newsletter/subscribe",
        tags: ["newsletter"],
        summary: "Subscribe to the newsletter (double opt-in)",
      },
    })
    .input(subscribeInput)
    .output(subscribed)
    .mutation(async ({ ctx, input }) => subscribe(await ctx.getDb(), input, ctx.requestId)),

  /** The confirmation link's button (POST): the subscriber starts receiving the newsletter. */
  confirm: rateLimitedProcedure({ name: "newsletter-confirm", limit: 30, windowSeconds: 60 * 60 })
    .input(tokenInput)
    .output(subscriptionConfirmed)
    .mutation(async ({ ctx, input }) => confirmSubscription(await ctx.getDb(), input.token)),

  /** One-click unsubscribe (the email's link and List-Unsubscribe-Post); repeating it is harmless. */
  unsubscribe: publicProcedure
    .input(tokenInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => unsubscribe(await ctx.getDb(), input.token)),
});
