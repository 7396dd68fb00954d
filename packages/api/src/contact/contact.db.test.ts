import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, callerFor, createUser } from "../testing";
import { purgeExpiredContactMessages } from "./retention";

let handle: DbHandle;
let mailDir: string;
const saved = { DATA_DIR: process.env.DATA_DIR, ADMIN_EMAIL: process.env.ADMIN_EMAIL, RESEND_API_KEY: process.env.RESEND_API_KEY };

beforeAll(async () => {
  handle = await createTestDb();
  // Without a Resend key every email lands in DATA_DIR/mail; keep that out of the repository.
  mailDir = mkdtempSync(path.join(os.tmpdir(), "contact-test-"));
  process.env.DATA_DIR = mailDir;
  delete process.env.RESEND_API_KEY;
});
afterAll(async () => {
  await handle?.close();
  rmSync(mailDir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
beforeEach(async () => {
  delete process.env.ADMIN_EMAIL;
  await handle.db.delete(schema.contactMessages);
  await handle.db.delete(schema.emailOutbox);
  await handle.db.delete(schema.rateLimits);
});
afterEach(() => {
  delete process.env.ADMIN_EMAIL;
});

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "",
  company: "Analytical Engines Ltd",
  subject: "executive-coaching",
  message: "I would like to discuss coaching for our leadership team.",
};

async function errorOf(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof TRPCError ? e : Promise.reject(e)),
  );
}

describe("contact.submit", () => {
  it("stores the message and emails the coach at ADMIN_EMAIL with the visitor as reply-to", async () => {
    process.env.ADMIN_EMAIL = "coach@practice.example";
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.1" });
    expect(await caller.contact.submit(valid)).toEqual({ ok: true });

    const messages = await handle.db.select().from(schema.contactMessages);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: null,
      subject: "executive-coaching",
      readAt: null,
    });

    const mails = await handle.db.select().from(schema.emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("coach@practice.example");
    expect(mails[0]?.subject).toContain("Ada Lovelace");
    expect(mails[0]?.text).toContain("I would like to discuss coaching");
    expect(mails[0]?.headers).toMatchObject({ "Reply-To": "ada@example.com" });
  });

  it("emails the first admin account when ADMIN_EMAIL is not set", async () => {
    await createUser(handle.db, { role: "admin", email: "first-admin@example.com", username: "firstadmin" });
    await createUser(handle.db, { role: "admin", email: "second-admin@example.com", username: "secondadmin" });
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.2" });
    await caller.contact.submit(valid);
    const mails = await handle.db.select().from(schema.emailOutbox);
    expect(mails.map((m) => m.to)).toEqual(["first-admin@example.com"]);
  });

  it("answers a filled honeypot with the same success and stores nothing", async () => {
    process.env.ADMIN_EMAIL = "coach@practice.example";
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.3" });
    expect(await caller.contact.submit({ ...valid, website: "http://spam.example" })).toEqual({ ok: true });
    expect(await handle.db.select().from(schema.contactMessages)).toHaveLength(0);
    expect(await handle.db.select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("rejects invalid input with the specification's messages and stores nothing", async () => {
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.4" });
    const error = await errorOf(
      caller.contact.submit({ ...valid, firstName: "A", lastName: "", email: "not-an-email", subject: "", message: "short" }),
    );
    expect(error?.code).toBe("BAD_REQUEST");
    const text = error?.message ?? "";
    for (const message of [
      "First name is required",
      "Last name is required",
      "Please enter a valid email address",
      "Please select a subject",
      "Please enter a message (minimum 10 characters)",
    ]) {
      expect(text).toContain(message);
    }
    expect(await handle.db.select().from(schema.contactMessages)).toHaveLength(0);
  });

  it("refuses a subject outside the form's list", async () => {
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.5" });
    const error = await errorOf(caller.contact.submit({ ...valid, subject: "<script>" }));
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toContain("Please select a subject");
  });

  it("limits how many messages one address can send, with a message a person can act on", async () => {
    const previous = process.env.RATE_LIMIT_MULTIPLIER;
    process.env.RATE_LIMIT_MULTIPLIER = "1";
    try {
      const caller = await callerFor(handle.db, { "x-forwarded-for": "198.51.100.9" });
      for (let i = 0; i < 10; i += 1) await caller.contact.submit(valid);
      const error = await errorOf(caller.contact.submit(valid));
      expect(error?.code).toBe("TOO_MANY_REQUESTS");
      expect(error?.message).toMatch(/Please wait/);
      // Another visitor is not affected.
      const other = await callerFor(handle.db, { "x-forwarded-for": "198.51.100.10" });
      expect(await other.contact.submit(valid)).toEqual({ ok: true });
    } finally {
      if (previous === undefined) delete process.env.RATE_LIMIT_MULTIPLIER;
      else process.env.RATE_LIMIT_MULTIPLIER = previous;
    }
  });
});

describe("contact message retention (the privacy page's two years)", () => {
  it("deletes a message, and the coach's notice that carried it, once it is two years old, and keeps younger ones", async () => {
    process.env.ADMIN_EMAIL = "coach@practice.example";
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.9" });
    await caller.contact.submit({ ...valid, message: "An old enquiry about a retreat for our board." });
    await caller.contact.submit({ ...valid, email: "grace@example.com", message: "A recent enquiry about team coaching." });
    const [old, recent] = await handle.db.select().from(schema.contactMessages).orderBy(schema.contactMessages.id);
    const now = new Date("2028-03-01T12:00:00Z");
    const day = 86_400_000;
    // One day past two years, and one day short of it.
    await handle.db
      .update(schema.contactMessages)
      .set({ createdAt: new Date(Date.UTC(2026, 2, 1, 12) - day) })
      .where(eq(schema.contactMessages.id, old!.id));
    await handle.db
      .update(schema.contactMessages)
      .set({ createdAt: new Date(Date.UTC(2026, 2, 1, 12) + day) })
      .where(eq(schema.contactMessages.id, recent!.id));

    expect(await purgeExpiredContactMessages(handle.db, now)).toBe(1);
    expect((await handle.db.select().from(schema.contactMessages)).map((m) => m.id)).toEqual([recent!.id]);
    const notices = await handle.db.select().from(schema.emailOutbox);
    expect(notices.map((m) => m.dedupeKey)).toEqual([`contact:${recent!.id}`]);
    expect(notices.some((m) => m.text.includes("An old enquiry"))).toBe(false);

    // Nothing else is due: a second run removes nothing.
    expect(await purgeExpiredContactMessages(handle.db, now)).toBe(0);
  });

  it("also deletes the coach's answers that quoted an expired message, and keeps those to younger ones", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const caller = await callerFor(handle.db, { "x-forwarded-for": "203.0.113.10" });
    await caller.contact.submit({ ...valid, message: "An old question about executive coaching fees." });
    await caller.contact.submit({ ...valid, email: "grace@example.com", message: "A recent question about the retreat." });
    const [old, recent] = await handle.db.select().from(schema.contactMessages).orderBy(schema.contactMessages.id);
    const admin = await callerAs(handle.db, coach.cookie);
    await admin.admin.messages.reply({ id: old!.id, body: "Thank you, Ada: our fees are on their way." });
    await admin.admin.messages.reply({ id: recent!.id, body: "Thank you, Grace: the dates follow." });
    await handle.db
      .update(schema.contactMessages)
      .set({ createdAt: new Date("2026-01-01T12:00:00Z") })
      .where(eq(schema.contactMessages.id, old!.id));

    expect(await purgeExpiredContactMessages(handle.db, new Date("2028-03-01T12:00:00Z"))).toBe(1);
    // The answer to Ada quoted her message and went to her address: it goes with the message.
    const left = await handle.db.select().from(schema.emailOutbox);
    expect(left.filter((m) => m.to === "ada@example.com")).toEqual([]);
    expect(left.some((m) => m.text.includes("An old question"))).toBe(false);
    expect(left.filter((m) => m.kind === "contact-reply").map((m) => m.to)).toEqual(["grace@example.com"]);
  });
});
