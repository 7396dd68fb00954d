/**
 * Delivers one message. With RESEND_API_KEY it goes to Resend's HTTP API; without it the
 * message is written to DATA_DIR/mail/ as a JSON file (development, demos, e2e tests).
 * Settings are read on every call, never at import time, so tests and late configuration work.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { settings } from "@coach/config";
import { dataDir, type schema } from "@coach/db";
import { PRACTICE_NAME } from "./brand";

/** Attachment content is base64 (Resend's wire format, and safe inside a jsonb column). */
export type EmailAttachment = schema.EmailAttachment;

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra MIME headers; a `Reply-To` entry becomes Resend's `reply_to`. */
  headers?: Record<string, string> | null;
  attachments?: EmailAttachment[] | null;
  /** Names the local file (the outbox passes its row id). */
  id?: string | number;
  /** Sent as Resend's Idempotency-Key, so a retry after a lost response is not a second email. */
  idempotencyKey?: string;
}

export type DeliveryResult =
  { status: "sent"; providerId: string } | { status: "retry"; error: string } | { status: "failed"; error: string };

/** The JSON written to DATA_DIR/mail/ when no API key is configured. */
export interface MailFile {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: EmailAttachment[];
  createdAt: string;
}

const DEFAULT_RESEND_BASE_URL = "https://api.resend.com";
const REQUEST_TIMEOUT_MS = 15_000;

/** MAIL_FROM, else no-reply@ the APP_URL host, else no-reply@localhost. */
export function mailFrom(): string {
  const { mailFrom: explicit, appUrl, appUrlConfigured } = settings();
  if (explicit) return explicit;
  let host = "localhost";
  try {
    const hostname = appUrlConfigured ? new URL(appUrl).hostname.replace(/^www\./, "") : "";
    // An IP address is not a usable mail domain.
    if (hostname && !/^[\d.]+$|^\[/.test(hostname)) host = hostname;
  } catch {
    // APP_URL unset or not a URL: keep localhost.
  }
  return `${PRACTICE_NAME} <no-reply@${host}>`;
}

export async function deliverEmail(message: OutgoingEmail): Promise<DeliveryResult> {
  const apiKey = settings().resend.apiKey;
  return apiKey ? sendWithResend(message, apiKey) : writeToMailDir(message);
}

async function sendWithResend(message: OutgoingEmail, apiKey: string): Promise<DeliveryResult> {
  const baseUrl = (settings().resend.baseUrl ?? DEFAULT_RESEND_BASE_URL).replace(/\/+$/, "");
  const { replyTo, headers } = splitReplyTo(message.headers ?? {});
  const body = {
    from: mailFrom(),
    to: [message.to],
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(replyTo ? { reply_to: replyTo } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, content_type: a.contentType })) }
      : {}),
  };
  const requestHeaders: Record<string, string> = {
    Authorization: `Bearer ${apiKey}`,
    "Content-Type": "application/json",
    // Resend rejects requests without a User-Agent.
    "User-Agent": "coach-email/1.0",
  };
  if (message.idempotencyKey) requestHeaders["Idempotency-Key"] = message.idempotencyKey.slice(0, 256);

  let response: Response;
  try {
    response = await fetch(`${baseUrl}/emails`, {
      method: "POST",
      headers: requestHeaders,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    // Network error or timeout: Resend may or may not have it; the idempotency key makes a retry safe.
    return { status: "retry", error: redact(`network error: ${describe(error)}`, apiKey) };
  }

  const raw = await response.text().catch(() => "");
  const json = parseJson(raw);
  if (response.ok) {
    const id = json && typeof json.id === "string" ? json.id : undefined;
    if (id) return { status: "sent", providerId: id };
    return { status: "retry", error: `unexpected ${response.status} response without an id` };
  }
  const reason = json && typeof json.message === "string" ? `${String(json.name ?? "error")}: ${json.message}` : raw.slice(0, 200);
  const error = redact(`Resend ${response.status} ${reason}`.trim(), apiKey).slice(0, 500);
  // 429 and 5xx are temporary; 409 is a concurrent request with the same idempotency key.
  const retryable = response.status === 429 || response.status === 409 || response.status >= 500;
  return retryable ? { status: "retry", error } : { status: "failed", error };
}

function writeToMailDir(message: OutgoingEmail): DeliveryResult {
  const createdAt = new Date();
  const mail: MailFile = {
    from: mailFrom(),
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers ?? {},
    attachments: message.attachments ?? [],
    createdAt: createdAt.toISOString(),
  };
  try {
    const dir = path.join(dataDir(), "mail");
    mkdirSync(dir, { recursive: true });
    // Colons are not allowed in Windows file names; the name still sorts by time.
    const stamp = mail.createdAt.replace(/:/g, "-");
    const id = String(message.id ?? randomUUID().slice(0, 8)).replace(/[^\w-]/g, "_");
    const file = path.join(dir, `${stamp}-${id}.json`);
    // Write aside, then rename: a reader never sees half a file. 0600: files hold reset links.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(mail, null, 2), { mode: 0o600 });
    renameSync(tmp, file);
    // The one line the settings table promises (stdout, never the body).
    // eslint-disable-next-line no-console
    console.log(`[email] RESEND_API_KEY not set: "${mail.subject}" for ${mail.to} saved to ${file}`);
    return { status: "sent", providerId: `file:${path.basename(file)}` };
  } catch (error) {
    return { status: "retry", error: `cannot write the mail file: ${describe(error)}` };
  }
}

function splitReplyTo(all: Record<string, string>): { replyTo?: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  let replyTo: string | undefined;
  for (const [name, value] of Object.entries(all)) {
    if (name.toLowerCase() === "reply-to") replyTo = value;
    else headers[name] = value;
  }
  return { replyTo, headers };
}

function parseJson(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}

/** Belt and braces: an error string must never carry the API key into the database or logs. */
function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join("[redacted]") : text;
}
