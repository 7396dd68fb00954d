import { z } from "zod";
import { asc, eq, schema, type Database } from "@coach/db";
import { contactNotice, sendEmail } from "@coach/email";
import { contactFormSchema } from "@coach/validators/contact";
import { log } from "../shared/logger";
import { createTRPCRouter, rateLimitedProcedure } from "../transport/trpc";

/** Ten messages per address per hour is plenty for a person and little for a script. */
export const CONTACT_RATE_LIMIT = {
  name: "contact",
  limit: 10,
  windowSeconds: 60 * 60,
  message: "You have sent several messages in a short time. Please wait a while, or email us directly.",
};

/** Where the coach reads enquiries: ADMIN_EMAIL, else the first admin account's address. */
export async function coachEmail(db: Database): Promise<string | null> {
  const configured = process.env.ADMIN_EMAIL?.trim();
  if (configured) return configured;
  const [admin] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.role, "admin"))
    .orderBy(asc(schema.users.id))
    .limit(1);
  return admin?.email ?? null;
}

export const contactRouter = createTRPCRouter({
  /**
   * The contact page form. The message is stored (the admin console lists it) and the coach is
   * emailed through the outbox. A filled honeypot gets the same answer, with nothing stored.
   */
  submit: rateLimitedProcedure(CONTACT_RATE_LIMIT)
    .input(contactFormSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { website, ...fields } = input;
      if (website && website.trim() !== "") {
        log("info", "contact honeypot filled; message dropped", { requestId: ctx.requestId });
        return { ok: true as const };
      }
      const db = await ctx.getDb();
      const [row] = await db
        .insert(schema.contactMessages)
        .values({
          firstName: fields.firstName,
          lastName: fields.lastName,
          email: fields.email,
          phone: fields.phone ?? null,
          company: fields.company ?? null,
          subject: fields.subject,
          message: fields.message,
        })
        .returning({ id: schema.contactMessages.id });
      log("info", "contact message received", { requestId: ctx.requestId, messageId: row?.id, subject: fields.subject });

      const to = await coachEmail(db);
      if (!to) {
        log("warn", "contact message stored but no admin email to notify", { requestId: ctx.requestId, messageId: row?.id });
        return { ok: true as const };
      }
      try {
        const mail = await contactNotice(fields);
        await sendEmail(db, { kind: "contact-notice", to, ...mail, dedupeKey: `contact:${row?.id}` });
      } catch (error) {
        // The message is safely stored and visible in the admin console; the outbox retries delivery.
        log("error", "contact notice could not be queued", { requestId: ctx.requestId, messageId: row?.id, error });
      }
      return { ok: true as const };
    }),
});
