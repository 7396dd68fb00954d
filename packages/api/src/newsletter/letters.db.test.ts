import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, ilike, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";

let handle: DbHandle;
let adminCookie: string;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "coach-letters-test-"));
  process.env.APP_URL = "https://coach.example";
  handle = await createTestDb();
  adminCookie = (await createUser(handle.db, { role: "admin" })).cookie;
});
afterAll(async () => handle?.close());

const admin = () => callerAs(handle.db, adminCookie);
const mailsTo = (to: string) => handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to));

describe("newsletter issues written in the console", () => {
  it("are tested at any address, sent once to confirmed active subscribers, and need a new test after an edit", async () => {
    await handle.db
      .insert(schema.emailSubscribers)
      .values([
        { email: "reader1@example.com", confirmedAt: new Date() },
        { email: "reader2@example.com", confirmedAt: new Date() },
        { email: "pending@example.com" },
        { email: "gone@example.com", confirmedAt: new Date(), isActive: false },
      ]);
    const draft = await (
      await admin()
    ).admin.newsletter.saveLetter({
      subject: "Three habits for the new quarter",
      body: "Dear readers,\n\nFirst, protect one morning a week for thinking.\n\nSecond, ask before you advise.",
    });
    await expect((await admin()).admin.newsletter.sendLetter({ id: draft.id })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });

    const tested = await (await admin()).admin.newsletter.testLetter({ id: draft.id, to: "colleague@partner.example" });
    expect(tested.testedAt).toBeInstanceOf(Date);
    const [test] = await mailsTo("colleague@partner.example");
    expect(test?.subject).toBe("[Test] Three habits for the new quarter");
    expect(test?.text).toContain("Second, ask before you advise.");

    // An edit after the test asks for another test.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await (
      await admin()
    ).admin.newsletter.saveLetter({ id: draft.id, subject: draft.subject, body: `${draft.body}\n\nThird, end on time.` });
    await expect((await admin()).admin.newsletter.sendLetter({ id: draft.id })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await (await admin()).admin.newsletter.testLetter({ id: draft.id, to: "colleague@partner.example" });

    const sent = await (await admin()).admin.newsletter.sendLetter({ id: draft.id });
    expect(sent).toMatchObject({ queued: 2, alreadySent: 0, issue: { recipientCount: 2 } });
    const again = await (await admin()).admin.newsletter.sendLetter({ id: draft.id });
    expect(again).toMatchObject({ queued: 0, alreadySent: 2 });
    const issueMails = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(ilike(schema.emailOutbox.dedupeKey, `newsletter-issue:${draft.id}:%`));
    expect(issueMails.map((m) => m.to).sort()).toEqual(["reader1@example.com", "reader2@example.com"]);
    expect(issueMails[0]!.text).toContain("Third, end on time.");
    expect(issueMails[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    await expect(
      (await admin()).admin.newsletter.saveLetter({ id: draft.id, subject: "Too late", body: "This issue has gone out already." }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await (await admin()).admin.newsletter.letters()).map((l) => l.subject)).toContain("Three habits for the new quarter");
  });

  it("mails the editor's formatting (headings, bold, links) and drops what the blog's sanitizer drops", async () => {
    const draft = await (
      await admin()
    ).admin.newsletter.saveLetter({
      subject: "Formatted note",
      body: '<h2>This quarter</h2><p>Protect <strong>one morning</strong> a week: <a href="https://coach.example/focus">how</a>.</p><script>alert(1)</script>',
    });
    await (await admin()).admin.newsletter.testLetter({ id: draft.id, to: "format@partner.example" });
    const [mail] = await mailsTo("format@partner.example");
    expect(mail?.html).toMatch(/<h2>This quarter<\/h2>/);
    expect(mail?.html).toMatch(/<strong>one morning<\/strong>/);
    expect(mail?.html).toMatch(/<a style="[^"]+" href="https:\/\/coach.example\/focus"/);
    expect(mail?.html).not.toContain("<script");
    expect(mail?.text).toContain("Protect one morning a week");
  });

  it("refuses a bad address, an empty issue and a regular user", async () => {
    const draft = await (
      await admin()
    ).admin.newsletter.saveLetter({ subject: "Short note", body: "A short note to our readers this month." });
    await expect((await admin()).admin.newsletter.testLetter({ id: draft.id, to: "not-an-address" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect((await admin()).admin.newsletter.saveLetter({ subject: "Hi", body: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const plain = await createUser(handle.db);
    await expect((await callerAs(handle.db, plain.cookie)).admin.newsletter.letters()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
