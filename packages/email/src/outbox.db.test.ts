import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { deliverDueEmails, MAX_ATTEMPTS, newsletterHeaders, sendEmail, startOutboxWorker, type EmailMessage } from "./index";
import { readOutbox, startFakeResend, type FakeResend } from "./testing/index";

let handle: DbHandle;
let fake: FakeResend;
beforeAll(async () => {
  [handle, fake] = await Promise.all([createTestDb(), startFakeResend()]);
});
afterAll(async () => {
  await Promise.all([handle?.close(), fake?.close()]);
});
beforeEach(async () => {
  await handle.db.delete(schema.emailOutbox);
  fake.received.length = 0;
  vi.stubEnv("RESEND_API_KEY", fake.apiKey);
  vi.stubEnv("RESEND_BASE_URL", fake.baseUrl);
  vi.stubEnv("MAIL_FROM", "Coach <coach@example.com>");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

let counter = 0;
const message = (extra: Partial<EmailMessage> = {}): EmailMessage => ({
  kind: "test",
  to: "client@example.com",
  subject: `Message ${++counter}`,
  html: "<p>Hi</p>",
  text: "Hi",
  ...extra,
});
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const quietWarnings = () => vi.spyOn(console, "warn").mockImplementation(() => {});

describe(`outbox on ${process.env.TEST_DB_DRIVER ?? "pglite"}`, () => {
  it("stores, delivers at once and records the provider id, with headers and attachments intact", async () => {
    const row = await sendEmail(
      handle.db,
      message({
        headers: newsletterHeaders("https://coach.example/u?t=1"),
        attachments: [{ filename: "a.txt", content: Buffer.from("hello").toString("base64"), contentType: "text/plain" }],
      }),
    );
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, providerId: expect.any(String) });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({
      to: ["client@example.com"],
      headers: { "List-Unsubscribe": "<https://coach.example/u?t=1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      attachments: [{ filename: "a.txt", content: "aGVsbG8=", content_type: "text/plain" }],
    });
  });

  it("a dedupe key sends once, however often it is asked", async () => {
    const first = await sendEmail(handle.db, message({ dedupeKey: "newsletter:1:42" }));
    const again = await sendEmail(handle.db, message({ dedupeKey: "newsletter:1:42", subject: "different" }));
    expect(again.id).toBe(first.id);
    expect(again.subject).toBe(first.subject);
    expect(fake.received).toHaveLength(1);
    expect(await handle.db.select().from(schema.emailOutbox)).toHaveLength(1);
  });

  it("a 500 keeps the message pending with a backoff, and the retry delivers it exactly once", async () => {
    fake.failNext(1, 500);
    const row = await sendEmail(handle.db, message());
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("500") });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: nothing happens.
    expect(await deliverDueEmails(handle.db)).toMatchObject({ claimed: 0 });
    const report = await deliverDueEmails(handle.db, { now: minutesFromNow(2) });
    expect(report).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
    expect(await deliverDueEmails(handle.db, { now: minutesFromNow(600) })).toMatchObject({ claimed: 0 });

    const [after] = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, row.id));
    expect(after).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(fake.received).toHaveLength(1);
    // Both attempts carried the same idempotency key, so Resend itself would also drop a duplicate.
    const keys = fake.requests
      .filter((r) => r.path === "/emails")
      .slice(-2)
      .map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("a sign-in link is kept in the outbox only until it is delivered: a retry still has it, the stored copy after does not", async () => {
    const link = "https://coach.example/reset-password/secret-token-123";
    fake.failNext(1, 500);
    const row = await sendEmail(handle.db, message({ kind: "password-reset", html: `<a href="${link}">Reset</a>`, text: link }));
    expect(row).toMatchObject({ status: "pending", text: link });
    await deliverDueEmails(handle.db, { now: minutesFromNow(2) });
    expect(fake.received.at(-1)?.text).toBe(link);
    const [after] = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, row.id));
    expect(after).toMatchObject({ status: "sent", subject: row.subject });
    expect(`${after!.html} ${after!.text}`).not.toContain("secret-token-123");
    // Other mail keeps its text (the coach may need to see what a client was sent).
    const plain = await sendEmail(handle.db, message({ text: "Your session is booked" }));
    expect(plain.text).toBe("Your session is booked");
  });

  it("a permanent 422 fails at once, without retries", async () => {
    quietWarnings();
    fake.failNext(1, 422);
    const row = await sendEmail(handle.db, message());
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("422") });
    expect(await deliverDueEmails(handle.db, { now: minutesFromNow(24 * 60) })).toMatchObject({ claimed: 0 });
    expect(fake.received).toHaveLength(0);
  });

  it(`gives up after ${MAX_ATTEMPTS} temporary failures, and an unreachable provider never loses the message`, async () => {
    quietWarnings();
    vi.stubEnv("RESEND_BASE_URL", "http://127.0.0.1:9");
    let row = await sendEmail(handle.db, message());
    expect(row).toMatchObject({ status: "pending", lastError: expect.stringContaining("network error") });
    for (let hours = 1; row.status === "pending" && hours < 100; hours += 3) {
      await deliverDueEmails(handle.db, { now: minutesFromNow(hours * 60) });
      [row] = (await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, row.id))) as [typeof row];
    }
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("immediate: false leaves delivery to the worker", async () => {
    const row = await sendEmail(handle.db, message(), { immediate: false });
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const stop = startOutboxWorker(() => handle.db, { intervalMs: 50 });
    await vi.waitFor(() => expect(fake.received).toHaveLength(1), { timeout: 5000 });
    await stop();
  });

  it("concurrent workers never deliver the same row twice", async () => {
    const total = 30;
    for (let i = 0; i < total; i++) await sendEmail(handle.db, message({ subject: `bulk ${i}` }), { immediate: false });
    const drain = async () => {
      while ((await deliverDueEmails(handle.db, { limit: 3 })).claimed > 0) {
        // keep claiming until nothing is due
      }
    };
    await Promise.all([drain(), drain(), drain(), drain()]);
    const subjects = fake.received.map((m) => m.subject);
    expect(subjects).toHaveLength(total);
    expect(new Set(subjects).size).toBe(total);
    const rows = await handle.db.select().from(schema.emailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("without an API key, sendEmail writes the message to DATA_DIR/mail", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-mail-"));
    try {
      vi.stubEnv("RESEND_API_KEY", "");
      vi.stubEnv("DATA_DIR", dir);
      vi.spyOn(console, "log").mockImplementation(() => {});
      const row = await sendEmail(handle.db, message({ to: "someone@example.com", subject: "Reset your password" }));
      expect(row.status).toBe("sent");
      const mails = readOutbox(dir);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: "someone@example.com", subject: "Reset your password", text: "Hi" });
      expect(mails[0]!.file).toMatch(new RegExp(`-${row.id}\\.json$`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
