import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { deliverDueEmails } from "@coach/email";
import { startFakeResend } from "@coach/email/testing";
import { handleRestRequest } from "../http/rest";
import { callerAs, callerFor, createUser } from "../testing";
import { SUBSCRIBE_MESSAGE } from "./router";
import { CONFIRM_TOKEN_DAYS, hashToken, newConfirmToken } from "./tokens";

let handle: DbHandle;
let adminCookie: string;
let adminEmail: string;
let ipCounter = 0;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "coach-newsletter-test-"));
  process.env.APP_URL = "https://coach.example";
  handle = await createTestDb();
  const admin = await createUser(handle.db, { role: "admin" });
  adminCookie = admin.cookie;
  adminEmail = admin.user.email;
});
afterAll(async () => handle?.close());

/** A visitor from a fresh address, so tests do not share the per-address limit. */
const visitor = () => callerFor(handle.db, { "x-forwarded-for": `203.0.113.${++ipCounter}` });
const admin = () => callerAs(handle.db, adminCookie);

async function mailsTo(to: string) {
  return handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).orderBy(schema.emailOutbox.id);
}
/** A published post the coach has sent herself as a test, so it may go to subscribers. */
async function testedPost(a: Awaited<ReturnType<typeof admin>>, title: string) {
  const post = await a.admin.blog.create({ title, summary: `A summary for ${title}.`, content: `The body of ${title}.`, tags: [] });
  await a.admin.blog.publish({ id: post.id, mode: "now" });
  await a.admin.newsletter.sendTest({ postId: post.id });
  return post;
}

async function subscriberRow(email: string) {
  const [row] = await handle.db
    .select()
    .from(schema.emailSubscribers)
    .where(sql`lower(${schema.emailSubscribers.email}) = ${email.toLowerCase()}`);
  return row;
}
function linkToken(html: string, pathName: string): string {
  const match = new RegExp(`${pathName.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_.-]+)`).exec(html);
  if (!match?.[1]) throw new Error(`no ${pathName} link in email`);
  return match[1];
}

describe("newsletter subscription (double opt-in)", () => {
  it("stores the address unconfirmed, mails a confirmation link, and confirms by POST", async () => {
    const response = await handleRestRequest(
      new Request("http://localhost:3000/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify({ email: "Ada@Example.com", firstName: "Ada", lastName: "Lovelace" }),
      }),
      { db: handle.db },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: SUBSCRIBE_MESSAGE });

    const row = await subscriberRow("ada@example.com");
    expect(row).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", confirmedAt: null, isActive: true });
    const [mail] = await mailsTo("ada@example.com");
    expect(mail?.kind).toBe("newsletter-confirm");
    const token = linkToken(mail!.html, "https://coach.example/newsletter/confirm");
    // Only a hash of the token is stored.
    expect(JSON.stringify(row)).not.toContain(token);

    const confirmed = await (await visitor()).newsletter.confirm({ token });
    expect(confirmed.email).toBe("ada@example.com");
    expect((await subscriberRow("ada@example.com"))?.confirmedAt).toBeInstanceOf(Date);
    // The link works once.
    await expect((await visitor()).newsletter.confirm({ token })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a confirmation link after it expires", async () => {
    const expired = newConfirmToken(Date.now() - (CONFIRM_TOKEN_DAYS * 86_400_000 + 60_000));
    await handle.db.insert(schema.emailSubscribers).values({ email: "late@example.com", confirmTokenHash: hashToken(expired) });
    await expect((await visitor()).newsletter.confirm({ token: expired })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringMatching(/expired/),
    });
    expect((await subscriberRow("late@example.com"))?.confirmedAt).toBeNull();
    // A forged expiry does not match the stored hash.
    const [random] = expired.split(".");
    await expect(
      (await visitor()).newsletter.confirm({ token: `${random}.${(Date.now() + 86_400_000).toString(36)}` }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers the same whether or not the address exists, without mailing a confirmed subscriber again", async () => {
    const first = await (await visitor()).newsletter.subscribe({ email: "same@example.com" });
    const token = linkToken((await mailsTo("same@example.com"))[0]!.html, "/newsletter/confirm");
    await (await visitor()).newsletter.confirm({ token });
    const again = await (await visitor()).newsletter.subscribe({ email: "SAME@example.com" });
    expect(again).toEqual(first);
    expect(await mailsTo("same@example.com")).toHaveLength(1);
    const rows = await handle.db
      .select()
      .from(schema.emailSubscribers)
      .where(sql`lower(${schema.emailSubscribers.email}) = 'same@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it("rejects an invalid email with the spec's message, and stores nothing when the honeypot is filled", async () => {
    const invalid = await handleRestRequest(
      new Request("http://localhost:3000/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.8" },
        body: JSON.stringify({ email: "not-an-email" }),
      }),
      { db: handle.db },
    );
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toBe("Please enter a valid email address");
    const bot = await (await visitor()).newsletter.subscribe({ email: "bot@example.com", website: "https://spam.example" });
    expect(bot).toEqual({ success: true, message: SUBSCRIBE_MESSAGE });
    expect(await subscriberRow("bot@example.com")).toBeUndefined();
    expect(await mailsTo("bot@example.com")).toHaveLength(0);
  });

  it("is rate-limited per client address with a 429 and a message", async () => {
    const response = async () =>
      handleRestRequest(
        new Request("http://localhost:3000/api/newsletter/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.99" },
          body: JSON.stringify({ email: `flood${Math.random()}@example.com` }),
        }),
        { db: handle.db },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await response()).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await response();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Too many attempts/);
  });
});

describe("newsletter sends and unsubscribe", () => {
  it("sends a published post to confirmed active subscribers only, after a test send, never twice, and unsubscribes in one click", async () => {
    const a = await admin();
    const post = await a.admin.blog.create({
      title: "A Newsletter Post",
      summary: "A summary that goes in the email.",
      content: "Plain body of the newsletter post.",
      tags: ["leadership"],
    });
    // Drafts cannot be sent.
    await expect(a.admin.newsletter.sendTest({ postId: post.id })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await a.admin.blog.publish({ id: post.id, mode: "now" });

    for (const email of ["reader1@example.com", "reader2@example.com", "pending@example.com"]) {
      await (await visitor()).newsletter.subscribe({ email });
    }
    for (const email of ["reader1@example.com", "reader2@example.com"]) {
      await (await visitor()).newsletter.confirm({ token: linkToken((await mailsTo(email))[0]!.html, "/newsletter/confirm") });
    }

    // The real send requires a test to the coach first.
    await expect(a.admin.newsletter.send({ postId: post.id })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect((await a.admin.newsletter.sendTest({ postId: post.id })).to).toBe(adminEmail);
    const test = (await mailsTo(adminEmail)).find((m) => m.kind === "newsletter-test");
    expect(test?.subject).toBe("[Test] A Newsletter Post");

    const sent = await a.admin.newsletter.send({ postId: post.id });
    expect(sent.alreadySent).toBe(0);
    const recipients = (await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "newsletter"))).map(
      (m) => m.to,
    );
    expect(recipients).toEqual(
      expect.arrayContaining(["reader1@example.com", "reader2@example.com", "ada@example.com", "same@example.com"]),
    );
    expect(recipients).not.toContain("pending@example.com");
    expect(sent.queued).toBe(recipients.length);

    // A resend reaches nobody who already has it.
    const again = await a.admin.newsletter.send({ postId: post.id });
    expect(again).toMatchObject({ sendId: sent.sendId, queued: 0, alreadySent: recipients.length });
    expect(await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "newsletter"))).toHaveLength(
      recipients.length,
    );

    const [issue] = (await mailsTo("reader1@example.com")).filter((m) => m.kind === "newsletter");
    expect(issue?.dedupeKey).toMatch(new RegExp(`^newsletter:${sent.sendId}:\\d+$`));
    expect(issue?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const header = issue!.headers!["List-Unsubscribe"]!;
    expect(header).toMatch(/^<https:\/\/coach\.example\/newsletter\/unsubscribe\/one-click\?token=/);
    expect(issue!.html).toContain("https://coach.example/continuous-leadership-education/a-newsletter-post");
    const token = linkToken(header, "/newsletter/unsubscribe/one-click");

    await (await visitor()).newsletter.unsubscribe({ token });
    expect(await subscriberRow("reader1@example.com")).toMatchObject({ isActive: false, unsubscribedAt: expect.any(Date) });
    // Repeating it is harmless; a made-up token is refused.
    await (await visitor()).newsletter.unsubscribe({ token });
    await expect((await visitor()).newsletter.unsubscribe({ token: "x".repeat(43) })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // A later send of another post skips the unsubscribed reader.
    const second = await testedPost(a, "Second Issue");
    await a.admin.newsletter.send({ postId: second.id });
    const secondRecipients = (await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.subject, "Second Issue"))).map(
      (m) => m.to,
    );
    expect(secondRecipients).toContain("reader2@example.com");
    expect(secondRecipients).not.toContain("reader1@example.com");

    const actions = (await handle.db.select({ action: schema.auditLog.action }).from(schema.auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["newsletter.test", "newsletter.send"]));
  });

  it("lets the coach search, deactivate, delete and export subscribers; others may not", async () => {
    const a = await admin();
    const { subscribers, counts } = await a.admin.newsletter.list({ search: "reader" });
    expect(subscribers.map((s) => s.email).sort()).toEqual(["reader1@example.com", "reader2@example.com"]);
    expect(subscribers.find((s) => s.email === "reader1@example.com")?.status).toBe("unsubscribed");
    expect(counts.pending).toBeGreaterThan(0);

    const reader2 = subscribers.find((s) => s.email === "reader2@example.com")!;
    await a.admin.newsletter.deactivate({ id: reader2.id });
    expect((await subscriberRow("reader2@example.com"))?.isActive).toBe(false);

    await handle.db.insert(schema.emailSubscribers).values({ email: "=cmd|' /C calc'!A0@example.com" });
    const exported = await a.admin.newsletter.exportCsv();
    const lines = exported.csv.split(/\r?\n/);
    expect(lines[0]).toBe("email,first_name,last_name,status,subscribed_at,confirmed_at,unsubscribed_at");
    expect(lines.some((l) => l.startsWith("ada@example.com,Ada,Lovelace,active,"))).toBe(true);
    // Spreadsheet formulas are neutralised.
    expect(lines.some((l) => l.startsWith(`"'=cmd`))).toBe(true);

    await a.admin.newsletter.delete({ id: reader2.id });
    expect(await subscriberRow("reader2@example.com")).toBeUndefined();
    await expect(a.admin.newsletter.delete({ id: reader2.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const user = await createUser(handle.db);
    const caller = await callerAs(handle.db, user.cookie);
    await expect(caller.admin.newsletter.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller.admin.newsletter.exportCsv()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect((await visitor()).admin.newsletter.send({ postId: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("unsubscribing while an issue waits in the outbox", () => {
  it("never delivers a queued issue to someone who unsubscribed, or whom the coach deactivated, before it went out", async () => {
    const a = await admin();
    await handle.db.insert(schema.emailSubscribers).values([
      { email: "leaving@example.com", confirmedAt: new Date() },
      { email: "stopped@example.com", confirmedAt: new Date() },
      { email: "staying@example.com", confirmedAt: new Date() },
    ]);
    const post = await testedPost(a, "Issue During An Outage");

    // The mail provider is unreachable while the issue is sent: every copy waits in the outbox.
    // (The working fake is started first, so the closed one's port cannot be handed to it.)
    const fake = await startFakeResend();
    const down = await startFakeResend({ apiKey: fake.apiKey });
    await down.close();
    process.env.RESEND_API_KEY = fake.apiKey;
    process.env.RESEND_BASE_URL = down.baseUrl;
    try {
      await a.admin.newsletter.send({ postId: post.id });
      const issueTo = async (email: string) =>
        (await mailsTo(email)).find((m) => m.kind === "newsletter" && m.subject === "Issue During An Outage");
      expect((await issueTo("leaving@example.com"))?.status).toBe("pending");

      // One reader unsubscribes with the link every issue carries; the coach deactivates another on request.
      const header = (await issueTo("leaving@example.com"))!.headers!["List-Unsubscribe"]!;
      await (await visitor()).newsletter.unsubscribe({ token: linkToken(header, "/newsletter/unsubscribe/one-click") });
      await a.admin.newsletter.deactivate({ id: (await subscriberRow("stopped@example.com"))!.id });

      // The provider is back and the worker delivers what is due.
      process.env.RESEND_BASE_URL = fake.baseUrl;
      await deliverDueEmails(handle.db, { limit: 100, now: new Date(Date.now() + 3_600_000) });
      const delivered = fake.received.filter((m) => m.subject === "Issue During An Outage").flatMap((m) => [m.to].flat());
      expect(delivered).toContain("staying@example.com");
      expect(delivered).not.toContain("leaving@example.com");
      expect(delivered).not.toContain("stopped@example.com");
    } finally {
      delete process.env.RESEND_API_KEY;
      delete process.env.RESEND_BASE_URL;
      await fake.close();
    }
  });
});

describe("sending one post twice at once", () => {
  it("makes one send, so every subscriber gets the issue once, whichever click wins", async () => {
    const a = await admin();
    await handle.db.insert(schema.emailSubscribers).values({ email: "twice-clicked@example.com", confirmedAt: new Date() });
    const post = await testedPost(a, "Issue Sent From Two Tabs");
    const [first, second] = await Promise.all([a.admin.newsletter.send({ postId: post.id }), a.admin.newsletter.send({ postId: post.id })]);
    expect(second!.sendId).toBe(first!.sendId);
    const copies = (await mailsTo("twice-clicked@example.com")).filter((m) => m.subject === "Issue Sent From Two Tabs");
    expect(copies).toHaveLength(1);
    // The database holds the rule whatever the code path: a second send row for the post is refused.
    await expect(handle.db.insert(schema.newsletterSends).values({ postId: post.id })).rejects.toThrow();
  });
});

describe("deleting a subscriber", () => {
  it("leaves no email to or about that address in the outbox (the confirmation, the issues)", async () => {
    const a = await admin();
    await (await visitor()).newsletter.subscribe({ email: "erase-me@example.com", firstName: "Erin" });
    const confirmLink = (await mailsTo("erase-me@example.com"))[0]!.html;
    await (await visitor()).newsletter.confirm({ token: linkToken(confirmLink, "/newsletter/confirm") });
    const post = await testedPost(a, "Issue Before An Erasure");
    await a.admin.newsletter.send({ postId: post.id });
    expect((await mailsTo("erase-me@example.com")).map((m) => m.kind)).toEqual(["newsletter-confirm", "newsletter"]);

    // Erin writes to ask that her subscription be deleted; the coach deletes it.
    await a.admin.newsletter.delete({ id: (await subscriberRow("erase-me@example.com"))!.id });
    expect(await subscriberRow("erase-me@example.com")).toBeUndefined();
    expect(await mailsTo("erase-me@example.com")).toEqual([]);
    expect((await handle.db.select().from(schema.emailOutbox)).some((m) => m.text.includes("Hello Erin"))).toBe(false);
  });
});
