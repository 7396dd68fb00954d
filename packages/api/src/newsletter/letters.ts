/**
 * Newsletter issues the coach writes in the console (issue 32: the newsletter could only send an
 * existing post, and its test went only to her). A draft is edited, sent as a test to any address,
 * and only then, unchanged since that test, sent to every confirmed, active subscriber: once each,
 * through the outbox with one dedupe key per recipient.
 */
import { appUrl } from "@coach/config";
import { desc, eq, schema, type Database } from "@coach/db";
import { newsletterLetter, sendEmail } from "@coach/email";
import { recordAudit, type AuditActor } from "../audit/record";
import { plainText, renderBlogBody } from "../blog/sanitize";
import { DomainError } from "../shared/domain-error";
import { mailEverySubscriber } from "./fan-out";
import { unsubscribeUrl } from "./tokens";

const { newsletterIssues } = schema;

export async function listLetters(db: Database) {
  return db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id));
}

/**
 * The body as mailed: the console's editor writes HTML, older issues are plain text; both go through
 * the blog's display rule and sanitizer, so an issue mails exactly the markup a post may carry.
 */
function letterMail(letter: { subject: string; body: string }, unsubscribe: string) {
  return newsletterLetter({
    subject: letter.subject,
    bodyHtml: renderBlogBody(letter.body),
    preview: plainText(letter.body).slice(0, 120),
    unsubscribeUrl: unsubscribe,
  });
}

async function letterById(db: Database, id: number) {
  const [letter] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!letter) throw new DomainError("NOT_FOUND", "That newsletter issue no longer exists. Refresh the list.");
  return letter;
}

export async function saveLetter(db: Database, actor: AuditActor, input: { id?: number; subject: string; body: string }) {
  if (input.id !== undefined) {
    const current = await letterById(db, input.id);
    if (current.sentAt) throw new DomainError("CONFLICT", "This issue has been sent; write a new one instead.");
    const [row] = await db
      .update(newsletterIssues)
      .set({ subject: input.subject, body: input.body, updatedAt: new Date() })
      .where(eq(newsletterIssues.id, input.id))
      .returning();
    await recordAudit(db, actor, "newsletter.issue.update", { type: "newsletter_issue", id: row!.id });
    return row!;
  }
  const [row] = await db.insert(newsletterIssues).values({ subject: input.subject, body: input.body, createdById: actor.id }).returning();
  await recordAudit(db, actor, "newsletter.issue.create", { type: "newsletter_issue", id: row!.id });
  return row!;
}

/** A test copy to any address (the coach's own, a colleague's); the real send needs one since the last edit. */
export async function sendLetterTest(db: Database, actor: AuditActor, input: { id: number; to: string }) {
  const letter = await letterById(db, input.id);
  const mail = await letterMail(letter, `${appUrl()}/newsletter/unsubscribe`);
  await sendEmail(db, { kind: "newsletter-test", to: input.to, ...mail, subject: `[Test] ${mail.subject}` });
  const [row] = await db.update(newsletterIssues).set({ testedAt: new Date() }).where(eq(newsletterIssues.id, letter.id)).returning();
  await recordAudit(db, actor, "newsletter.issue.test", { type: "newsletter_issue", id: letter.id, details: { to: input.to } });
  return row!;
}

/** Sends the issue to every confirmed, active subscriber; sending again reaches only those who have not had it. */
export async function sendLetter(db: Database, actor: AuditActor, id: number) {
  const letter = await letterById(db, id);
  if (!letter.testedAt || letter.testedAt < letter.updatedAt) {
    throw new DomainError("UNPROCESSABLE_CONTENT", "Send a test first (and again after any edit), then send to subscribers.");
  }
  const { queued, alreadySent, total } = await mailEverySubscriber(db, `newsletter-issue:${letter.id}:`, (id) =>
    letterMail(letter, unsubscribeUrl(id)),
  );
  const [row] = await db
    .update(newsletterIssues)
    .set({ sentAt: letter.sentAt ?? new Date(), recipientCount: total })
    .where(eq(newsletterIssues.id, letter.id))
    .returning();
  await recordAudit(db, actor, "newsletter.issue.send", { type: "newsletter_issue", id: letter.id, details: { queued } });
  return { issue: row!, queued, alreadySent };
}
