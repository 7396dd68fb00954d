import { readOutbox, type OutboxMail } from "@coach/email/testing";
import { E2E_DATA_DIR } from "../../playwright.config";

export type { OutboxMail };

/** The e-mails the test server wrote to DATA_DIR/mail (no Resend key in the browser tests), oldest first. */
export function outbox(): OutboxMail[] {
  return readOutbox(E2E_DATA_DIR);
}

/** The text of every calendar invitation attached to a mail. */
export function icsOf(mail: OutboxMail | undefined): string {
  return (mail?.attachments ?? []).map((a) => Buffer.from(a.content, "base64").toString("utf8")).join("\n");
}
