import type { Metadata } from "next";
import Link from "next/link";
import { LegalPage } from "~/components/marketing/legal";
import { pageMetadata } from "~/lib/metadata";
import { CONTACT, PRACTICE_NAME } from "~/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description:
    "How we collect, use and protect personal information: contact messages, newsletter subscriptions, assessment results and your coaching, what we keep for how long, and how to download or delete your data.",
  path: "/privacy",
});

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

// What is kept and for how long follows the code: the account deletion and export of
// packages/api/src/account/ (docs/decisions/0016). Change both together.
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 23, 2026"
      intro={`${PRACTICE_NAME} respects the confidentiality that coaching depends on. This policy explains what personal information we collect through this website, why, how long we keep it, and the choices you have.`}
      sections={[
        {
          heading: "Information we collect",
          body: [
            "Contact messages: your name, email address, and optionally your phone number and company, the subject you choose and your message.",
            "Newsletter: your email address and, if you give them, your first and last name.",
            "Accounts and assessments: your username, email address, optional name, the answers you give in assessments and the resulting scores, and the sessions you book with what you tell us when booking.",
            "Coaching: the goals you and your coach set (with their progress from your assessment results), the action items agreed in sessions and when you tick them off, and notes about your sessions.",
            "Technical data: a session cookie that keeps you signed in, a cookie that remembers this browser has signed in before (it protects your account against password guessing), and server logs (IP address, time and page requested) kept for security and rate limiting.",
          ],
        },
        {
          heading: "How we use it",
          body: [
            "We use your information only to answer your enquiries, deliver the services you request, send the newsletter you subscribed to, show you your assessment history, manage your appointments and run your coaching: on an action item's due date we email you one reminder.",
            "We do not sell personal information, and we do not use advertising or third-party tracking cookies on this website.",
          ],
        },
        {
          heading: "Assessment results",
          body: [
            "Assessment results are personal and confidential. They are visible to you and to the coach's administrators only, and are never shared with an employer or sponsor without your explicit consent.",
          ],
        },
        {
          heading: "Session notes",
          body: [
            <>
              After a session your coach may write two kinds of notes. Shared notes are written for you: you read them in{" "}
              <Link href="/my-coaching" className={LINK}>
                My Coaching
              </Link>{" "}
              and they are part of your data download.
            </>,
            "Private notes are your coach's working notes. They are encrypted before they are stored (AES-256-GCM), so the database and its backups never hold their text; only the coach can open them, and every time they are opened is recorded in the audit log. They never appear in your portal, in any email, in a log or in your data download, and they are deleted with your account.",
          ],
        },
        {
          heading: "Service providers",
          body: [
            "We use a transactional email provider to deliver messages and newsletters, and, if the coach connects one, a calendar provider for appointments. They process data only on our instructions.",
          ],
        },
        {
          heading: "What we keep, and for how long",
          body: [
            "Your account, assessment results with your answers, appointments, goals, action items, session notes and copies of the emails we sent you: for as long as your account exists. Nothing expires on its own while you use the service; you decide when it ends by deleting your account.",
            "Signing in: the session cookie lasts 30 days; the cookie that recognises this browser lasts a year.",
            "Contact messages are kept for up to two years. Newsletter subscriptions last until you unsubscribe, which you can do from any issue.",
            "When you delete your account, your name, email address and sign-in are erased; your session notes (private ones included), goals, action items and the emails about your account are deleted, and your upcoming sessions are canceled. Contact messages and newsletter subscriptions are filed under an email address, not an account, and anyone can register with any address, so an account can neither read nor delete them: they follow their own rules above, and we delete them sooner when you write to us from that address. Your past results and sessions remain only as anonymous figures in the practice's statistics (for example, how reliable an assessment is), with no name, address or anything else that leads back to you. Entries about you in the coach's audit log lose your name. We email you a confirmation, and that last email's address is erased once it has been delivered.",
            "Payments and invoices are accounting records the law requires us to keep for ten years after the end of the year they were made, so deleting your account does not delete them. They are detached from you instead: a payment keeps only its amount, currency, what it paid for, its dates and Stripe's reference; an invoice keeps what the law requires on it (the company's name and address, its VAT or tax ID, the PO number, the amounts and dates) and loses the billing email. Your billing details (also the customer record Stripe holds for invoicing), your unused session credits and any retreat application are deleted with the account. Card details never reach us: you enter them on Stripe's own payment page, and Stripe processes them as our payment provider.",
          ],
        },
        {
          heading: "Download or delete your data",
          body: [
            <>
              Signed in, open{" "}
              <Link href="/account" className={LINK}>
                Your Account
              </Link>{" "}
              (also linked from My Coaching). &ldquo;Download my data&rdquo; gives you one JSON file with everything your account holds:
              your account, every assessment result with your answers, your appointments, the notes your coach shared with you, your goals
              and action items (not contact messages or a newsletter subscription, for the reason above). Programs can fetch the same file
              from <code>GET /api/user/export</code>.
            </>,
            "\u201cDelete my account\u201d asks you to type DELETE and your password, then deletes everything described above at once and signs you out. It cannot be undone.",
          ],
        },
        {
          heading: "Your rights",
          body: [
            `You may also ask to access, correct or delete your personal information, or object to its use, by writing to ${CONTACT.email}. We answer within 30 days.`,
          ],
        },
        {
          heading: "Contact",
          body: [
            `${PRACTICE_NAME}, ${CONTACT.street}, ${CONTACT.city}, ${CONTACT.region} ${CONTACT.postalCode}. Email: ${CONTACT.email}. Phone: ${CONTACT.phone}.`,
          ],
        },
      ]}
    />
  );
}
