/** The outbox every email goes through. */
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES, type EmailStatus } from "../enums";
import { createdAt, inList } from "./columns";

export type EmailAttachment = { filename: string; content: string; contentType: string };

/** Every outgoing email is stored first, then delivered: a failed send is retried, never lost. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial().primaryKey(),
    /** Makes a send idempotent, e.g. newsletter:{sendId}:{subscriberId}. */
    dedupeKey: text().unique(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>(),
    attachments: jsonb().$type<EmailAttachment[]>(),
    status: text().$type<EmailStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    providerId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("email_outbox_status_check", inList("status", EMAIL_STATUSES)),
  ],
);
