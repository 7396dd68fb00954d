import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { eq, schema, sql } from "@coach/db";
import { newsletterConfirm, sendEmail } from "@coach/email";
import { subscribeInput, tokenInput } from "@coach/validators/newsletter";
import { log } from "../shared/logger";
import { enforceRateLimit } from "../shared/rate-limit";
import { createTRPCRouter, publicProcedure, rateLimitedProcedure } from "../transport/trpc";
import { confirmUrl, hashToken, isConfirmTokenExpired, newConfirmToken, unsubscribeToken } from "./tokens";

const { emailSubscribers } = schema;

export const SUBSCRIBE_MESSAGE = "Thank you for subscribing! Please check your inbox and confirm your subscription.";
const INVALID_LINK = "This link is invalid or has already been used. Please subscribe again from our website.";
const EXPIRED_LINK = "This confirmation link has expired. Please subscribe again from our website to receive a new one.";

/** Per client address: enough for a household or an office, not for a script. */
export const SUBSCRIBE_RULE = { name: "newsletter", limit: 10, windowSeconds: 60 * 60 };
/** Per address: limits how often anyone can make us mail one inbox. */
const PER_EMAIL_RULE = { name: "newsletter-email", limit: 3, windowSeconds: 24 * 60 * 60 };

const subscribeOutput = z.object({ success: z.literal(true), message: z.string() });

export const newsletterRouter = createTRPCRouter({
  /**
   * Double opt-in: stores the address unconfirmed and mails a confirmation link. The answer is the
   * same whether the address is new, pending, confirmed or unsubscribed, so it reveals nothing.
   */
  subscribe: rateLimitedProcedure(SUBSCRIBE_RULE)
    .meta({ openapi: { method: "POST", path: "/newsletter/subscribe", tags: ["newsletter"], summary: "Subscribe to the newsletter (double opt-in)" } })
    .input(subscribeInput)
    .output(subscribeOutput)
    .mutation(async ({ ctx, input }) => {
      const answer = { success: true as const, message: SUBSCRIBE_MESSAGE };
      // Honeypot: answer like a success and store nothing.
      if (input.website) {
        log("info", "newsletter honeypot filled", { requestId: ctx.requestId });
        return answer;
      }
      const db = await ctx.getDb();
      const email = input.email.toLowerCase();
      try {
        await enforceRateLimit(db, `newsletter-email:${hashToken(email)}`, PER_EMAIL_RULE);
      } catch {
        // Same answer as a success: the limit protects the inbox without telling anyone it exists.
        return answer;
      }

      const [existing] = await db.select().from(emailSubscribers).where(sql`lower(${emailSubscribers.email}) = ${email}`).limit(1);
      if (existing?.confirmedAt && existing.isActive) return answer;

      const token = newConfirmToken();
      const names = { firstName: input.firstName ?? existing?.firstName ?? null, lastName: input.lastName ?? existing?.lastName ?? null };
      let subscriberId: number;
      if (existing) {
        await db.update(emailSubscribers).set({ ...names, confirmTokenHash: hashToken(token) }).where(eq(emailSubscribers.id, existing.id));
        subscriberId = existing.id;
      } else {
        const [row] = await db
          .insert(emailSubscribers)
          .values({ email, ...names, isActive: true, confirmTokenHash: hashToken(token) })
          .onConflictDoNothing()
          .returning({ id: emailSubscribers.id });
        // Lost a race with a simultaneous request for the same address: that one mails the link.
        if (!row) return answer;
        subscriberId = row.id;
      }
      await db
        .update(emailSubscribers)
        .set({ unsubscribeTokenHash: hashToken(unsubscribeToken(subscriberId)) })
        .where(eq(emailSubscribers.id, subscriberId));

      const mail = await newsletterConfirm({ confirmUrl: confirmUrl(token), name: names.firstName });
      await sendEmail(db, { kind: "newsletter-confirm", to: email, ...mail });
      return answer;
    }),

  /** The confirmation link's button (POST): the subscriber starts receiving the newsletter. */
  confirm: rateLimitedProcedure({ name: "newsletter-confirm", limit: 30, windowSeconds: 60 * 60 })
    .input(tokenInput)
    .output(z.object({ success: z.literal(true), email: z.string() }))
    .mutation(async ({ ctx, input }) => {
      if (isConfirmTokenExpired(input.token)) throw new TRPCError({ code: "NOT_FOUND", message: EXPIRED_LINK });
      const db = await ctx.getDb();
      const [row] = await db
        .update(emailSubscribers)
        .set({ confirmedAt: sql`coalesce(${emailSubscribers.confirmedAt}, now())`, confirmTokenHash: null, isActive: true, unsubscribedAt: null })
        .where(eq(emailSubscribers.confirmTokenHash, hashToken(input.token)))
        .returning({ email: emailSubscribers.email });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: INVALID_LINK });
      return { success: true as const, email: row.email };
    }),

  /** One-click unsubscribe (the email's link and List-Unsubscribe-Post); repeating it is harmless. */
  unsubscribe: publicProcedure
    .input(tokenInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      const [row] = await db
        .update(emailSubscribers)
        .set({ isActive: false, unsubscribedAt: sql`coalesce(${emailSubscribers.unsubscribedAt}, now())` })
        .where(eq(emailSubscribers.unsubscribeTokenHash, hashToken(input.token)))
        .returning({ id: emailSubscribers.id });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: INVALID_LINK });
      return { success: true as const };
    }),
});
