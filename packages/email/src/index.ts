/**
 * @coach/email: transactional and newsletter email.
 *
 *   const mail = await passwordReset({ name, username, resetUrl, expiresMinutes: 60 });
 *   await sendEmail(db, { kind: "password-reset", to: user.email, ...mail });
 *
 * Every message goes through the email_outbox table (retries, dedupe, multi-instance safe);
 * run startOutboxWorker once per server process to deliver retries.
 */
export {
  sendEmail,
  deliverDueEmails,
  startOutboxWorker,
  retryDelayMs,
  MAX_ATTEMPTS,
  type EmailMessage,
  type EmailOutboxRow,
  type SendOptions,
  type DeliverOptions,
  type DeliveryReport,
  type OutboxWorkerOptions,
} from "./outbox";
export { deliverEmail, mailFrom, type EmailAttachment, type OutgoingEmail, type DeliveryResult, type MailFile } from "./transport";
import type { EmailAttachment } from "./transport";
export * from "./templates/index";

/** Builds an attachment; content is stored and sent as base64. */
export function attachment(filename: string, content: string | Uint8Array, contentType: string): EmailAttachment {
  return { filename, content: Buffer.from(content).toString("base64"), contentType };
}
