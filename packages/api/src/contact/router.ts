import { z } from "zod";
import { contactFormSchema } from "@coach/validators/contact";
import { createTRPCRouter, rateLimitedProcedure } from "../trpc/init";
import { submitContactMessage } from "./service";

/** Ten messages per address per hour is plenty for a person and little for a script. */
export const CONTACT_RATE_LIMIT = {
  name: "contact",
  limit: 10,
  windowSeconds: 60 * 60,
  message: "You have sent several messages in a short time. Please wait a while, or email us directly.",
};

export const contactRouter = createTRPCRouter({
  /** The contact page form: stored (the admin console lists it) and emailed to the coach. */
  submit: rateLimitedProcedure(CONTACT_RATE_LIMIT)
    .input(contactFormSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => submitContactMessage(await ctx.getDb(), input, ctx.requestId)),
});
