/** Contact-form enquiries: stored, sent to the coach through the outbox, and read in the admin console. */
import { z } from "zod";
import { count, desc, eq, isNull, schema, type Database } from "@coach/db";
import { contactNotice, sendEmail } from "@coach/email";
import type { ContactFormValues } from "@coach/validators/contact";
import { recordAudit, type AuditActor } from "../audit/record";
import { columnsOf } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { dateTime, nullableDateTime } from "../shared/schemas";
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

// --- The coach's inbox in /admin ---

export const messageRow = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  readAt: nullableDateTime,
  createdAt: dateTime,
});

const { contactMessages } = schema;
const messageColumns = columnsOf(contactMessages, messageRow);

/** Contact-form messages, newest first (or only the unread), with the number still unread. */
export async function listMessages(db: Database, input: { filter?: "all" | "unread"; page: number; pageSize: number }) {
  const where = input.filter === "unread" ? isNull(contactMessages.readAt) : undefined;
  const [[totals], [unread], items] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
    db
      .select(messageColumns)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
  ]);
  return { items, total: totals?.n ?? 0, unread: unread?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Marks a message read or unread, in the audit trail too. */
export async function setMessageRead(db: Database, actor: AuditActor, input: { id: number; read: boolean }) {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: input.read ? new Date() : null })
    .where(eq(contactMessages.id, input.id))
    .returning({ id: contactMessages.id, readAt: contactMessages.readAt });
  if (!row) throw new DomainError("NOT_FOUND", "That message no longer exists. Refresh the list.");
  await recordAudit(db, actor, input.read ? "message.marked_read" : "message.marked_unread", { type: "contact_message", id: row.id });
  return row;
}
