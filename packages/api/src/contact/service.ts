/** Contact-form enquiries: stored, sent to the coach through the outbox, and read in the admin console. */
import { schema, type Database } from "@coach/db";
import { contactNotice, sendEmail } from "@coach/email";
import type { ContactFormValues } from "@coach/validators/contact";
import { log } from "../shared/logger";
import { coachContact } from "../users/service";

/**
 * Stores the message and emails the coach. A filled honeypot gets the same answer, with nothing stored.
 */
export async function submitContactMessage(db: Database, input: ContactFormValues, requestId?: string) {
  const { website, ...fields } = input;
  if (website && website.trim() !== "") {
    log("info", "contact honeypot filled; message dropped", { requestId: requestId });
    return { ok: true as const };
  }
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
  log("info", "contact message received", { requestId: requestId, messageId: row?.id, subject: fields.subject });

  const to = (await coachContact(db))?.email;
  if (!to) {
    log("warn", "contact message stored but no admin email to notify", { requestId: requestId, messageId: row?.id });
    return { ok: true as const };
  }
  try {
    const mail = await contactNotice(fields);
    await sendEmail(db, { kind: "contact-notice", to, ...mail, dedupeKey: `contact:${row?.id}` });
  } catch (error) {
    // The message is safely stored and visible in the admin console; the outbox retries delivery.
    log("error", "contact notice could not be queued", { requestId: requestId, messageId: row?.id, error });
  }
  return { ok: true as const };
}
