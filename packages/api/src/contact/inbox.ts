/**
 * The coach's inbox in /admin: contact messages searched and paged, marked read, and answered by
 * email from the console, the answers kept with the message (issue 32: messages could only be
 * answered through a mail link, and nothing said they had been).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, schema, type Database } from "@coach/db";
import { contactReply, sendEmail } from "@coach/email";
import { recordAudit, type AuditActor } from "../audit/record";
import { columnsOf, likePattern } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { messageRow } from "./shapes";

const { contactMessages, contactReplies } = schema;
const messageColumns = columnsOf(contactMessages, messageRow);

export interface MessageQuery {
  filter?: "all" | "unread";
  search?: string;
  page: number;
  pageSize: number;
}

/** Messages newest first (or only the unread), matching a search over name, address, subject and text. */
export async function listMessages(db: Database, input: MessageQuery) {
  const search = input.search?.trim();
  const pattern = search ? likePattern(search) : null;
  const where = and(
    input.filter === "unread" ? isNull(contactMessages.readAt) : undefined,
    pattern
      ? or(
          ilike(contactMessages.firstName, pattern),
          ilike(contactMessages.lastName, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.company, pattern),
          ilike(contactMessages.subject, pattern),
          ilike(contactMessages.message, pattern),
        )
      : undefined,
  );
  const [[totals], [unread], rows] = await Promise.all([
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
  const ids = rows.map((row) => row.id);
  const replies = ids.length
    ? await db
        .select({
          id: contactReplies.id,
          messageId: contactReplies.messageId,
          body: contactReplies.body,
          createdAt: contactReplies.createdAt,
        })
        .from(contactReplies)
        .where(inArray(contactReplies.messageId, ids))
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
    : [];
  const items = rows.map((row) => ({
    ...row,
    replies: replies.filter((r) => r.messageId === row.id).map(({ id, body, createdAt }) => ({ id, body, createdAt })),
  }));
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

/**
 * Answers a message: the reply is stored with it and goes to the visitor through the outbox (one
 * email per reply, whatever retries happen), and the message counts as read.
 */
export async function replyToMessage(db: Database, actor: AuditActor, input: { id: number; body: string }) {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, input.id));
  if (!message) throw new DomainError("NOT_FOUND", "That message no longer exists. Refresh the list.");
  const mail = await contactReply({ firstName: message.firstName, subject: message.subject, reply: input.body, original: message.message });
  const reply = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactReplies)
      .values({ messageId: message.id, body: input.body, sentBy: actor.id })
      .returning({ id: contactReplies.id, body: contactReplies.body, createdAt: contactReplies.createdAt });
    await tx
      .update(contactMessages)
      .set({ readAt: message.readAt ?? new Date() })
      .where(eq(contactMessages.id, message.id));
    await sendEmail(tx, { kind: "contact-reply", to: message.email, ...mail, dedupeKey: `contact-reply:${row!.id}` });
    return row!;
  });
  await recordAudit(db, actor, "message.replied", { type: "contact_message", id: message.id });
  log("info", "contact message answered", { messageId: message.id, replyId: reply.id });
  return reply;
}
