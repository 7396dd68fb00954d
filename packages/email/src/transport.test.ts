import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeResend, readOutbox, type FakeResend } from "./testing/index";
import { deliverEmail, mailFrom } from "./transport";
import { attachment } from "./index";

const message = {
  to: "client@example.com",
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
};

let fake: FakeResend;
beforeAll(async () => {
  fake = await startFakeResend({ apiKey: "re_test_transport" });
});
afterAll(async () => fake.close());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function useFake() {
  vi.stubEnv("RESEND_API_KEY", fake.apiKey);
  vi.stubEnv("RESEND_BASE_URL", fake.baseUrl);
}

describe("Resend transport", () => {
  it("posts Resend's JSON body with bearer auth, headers, reply-to and base64 attachments", async () => {
    useFake();
    vi.stubEnv("MAIL_FROM", "Coach <coach@example.com>");
    const result = await deliverEmail({
      ...message,
      headers: { "List-Unsubscribe": "<https://x.example/u>", "Reply-To": "visitor@example.com" },
      attachments: [attachment("invite.ics", "BEGIN:VCALENDAR", "text/calendar")],
      idempotencyKey: "coach-outbox/1-1",
    });
    expect(result).toMatchObject({ status: "sent" });
    const body = fake.received.at(-1)!;
    expect(body).toMatchObject({
      from: "Coach <coach@example.com>",
      to: ["client@example.com"],
      subject: "Hello",
      html: "<p>Hello</p>",
      text: "Hello",
      reply_to: "visitor@example.com",
      headers: { "List-Unsubscribe": "<https://x.example/u>" },
      attachments: [{ filename: "invite.ics", content: Buffer.from("BEGIN:VCALENDAR").toString("base64"), content_type: "text/calendar" }],
    });
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.headers["idempotency-key"]).toBe("coach-outbox/1-1");
    expect(request.headers["user-agent"]).toBeTruthy();
  });

  it("reads the settings at call time", async () => {
    useFake();
    const before = fake.received.length;
    await deliverEmail(message);
    vi.stubEnv("RESEND_API_KEY", "");
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-mail-"));
    vi.stubEnv("DATA_DIR", dir);
    vi.spyOn(console, "log").mockImplementation(() => {});
    await deliverEmail(message);
    expect(fake.received.length).toBe(before + 1);
    expect(readOutbox(dir)).toHaveLength(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it("classifies failures: 5xx, 429 and network errors retry; other 4xx fail; the key never leaks", async () => {
    useFake();
    fake.failNext(1, 500);
    expect(await deliverEmail(message)).toMatchObject({ status: "retry" });
    fake.failNext(1, 429);
    expect(await deliverEmail(message)).toMatchObject({ status: "retry" });
    fake.failNext(1, 422);
    expect(await deliverEmail(message)).toMatchObject({ status: "failed" });

    vi.stubEnv("RESEND_API_KEY", "re_wrong_key");
    const wrong = await deliverEmail(message);
    expect(wrong).toMatchObject({ status: "failed" });
    expect(JSON.stringify(wrong)).not.toContain("re_wrong_key");

    vi.stubEnv("RESEND_API_KEY", fake.apiKey);
    vi.stubEnv("RESEND_BASE_URL", "http://127.0.0.1:9"); // nothing listens on the discard port
    const down = await deliverEmail(message);
    expect(down).toMatchObject({ status: "retry" });
    expect(JSON.stringify(down)).not.toContain(fake.apiKey);
  });
});

describe("fake Resend", () => {
  const post = (body: unknown, key = fake.apiKey, extra: Record<string, string> = {}) =>
    fetch(`${fake.baseUrl}/emails`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}), ...extra },
      body: JSON.stringify(body),
    });
  const valid = { from: "a@example.com", to: "b@example.com", subject: "s", text: "t" };

  it("answers like Resend: 401 without a key, 403 with a wrong one, 422 on missing fields", async () => {
    expect((await post(valid, "")).status).toBe(401);
    const wrong = await post(valid, "nope");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ statusCode: 403, name: "invalid_api_key" });
    const missing = await post({ ...valid, to: undefined });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ name: "missing_required_field", message: "Missing `to` field." });
    expect((await post({ ...valid, text: undefined })).status).toBe(422);
    expect((await post({ ...valid, attachments: [{ filename: "x", content: "not base64!" }] })).status).toBe(422);
    const ok = await post(valid);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: expect.any(String) });
  });

  it("replays an Idempotency-Key without a second email", async () => {
    const before = fake.received.length;
    const first = (await (await post(valid, fake.apiKey, { "Idempotency-Key": "k1" })).json()) as { id: string };
    const second = (await (await post(valid, fake.apiKey, { "Idempotency-Key": "k1" })).json()) as { id: string };
    expect(second.id).toBe(first.id);
    expect(fake.received.length).toBe(before + 1);
  });
});

describe("local mail folder (no RESEND_API_KEY)", () => {
  it("writes one JSON file per message and logs one line without the body", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-mail-"));
    try {
      vi.stubEnv("RESEND_API_KEY", "");
      vi.stubEnv("DATA_DIR", dir);
      vi.stubEnv("APP_URL", "https://www.coach.example/");
      vi.stubEnv("MAIL_FROM", "");
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const body = { ...message, html: "<p>secret-token-123</p>", text: "secret-token-123" };
      const result = await deliverEmail({ ...body, id: 7 });
      expect(result).toMatchObject({ status: "sent", providerId: expect.stringMatching(/^file:.*-7\.json$/) });

      const files = readdirSync(path.join(dir, "mail"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-7\.json$/);
      const [mail] = readOutbox(dir);
      expect(mail).toMatchObject({ ...body, from: "Executive Coaching <no-reply@coach.example>", headers: {}, attachments: [] });
      expect(Date.parse(mail!.createdAt)).not.toBeNaN();

      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]?.[0])).not.toContain("secret-token-123");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists files oldest first", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-mail-"));
    try {
      vi.stubEnv("RESEND_API_KEY", "");
      vi.stubEnv("DATA_DIR", dir);
      vi.spyOn(console, "log").mockImplementation(() => {});
      for (const id of [9, 10, 11]) await deliverEmail({ ...message, subject: `#${id}`, id });
      expect(readOutbox(dir).map((m) => m.subject)).toEqual(["#9", "#10", "#11"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("sender address", () => {
  it("uses MAIL_FROM, else the APP_URL host, else localhost", () => {
    vi.stubEnv("MAIL_FROM", "");
    vi.stubEnv("APP_URL", "");
    expect(mailFrom()).toBe("Executive Coaching <no-reply@localhost>");
    vi.stubEnv("APP_URL", "https://coaching.example.com");
    expect(mailFrom()).toBe("Executive Coaching <no-reply@coaching.example.com>");
    vi.stubEnv("APP_URL", "http://127.0.0.1:3000");
    expect(mailFrom()).toBe("Executive Coaching <no-reply@localhost>");
    vi.stubEnv("MAIL_FROM", "Coach <hello@coach.example>");
    expect(mailFrom()).toBe("Coach <hello@coach.example>");
  });
});
