import type { Metadata } from "next";
import { LegalPage } from "~/components/marketing/legal";
import { pageMetadata } from "~/lib/metadata";
import { CONTACT, PRACTICE_NAME } from "~/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description:
    "How we collect, use and protect personal information, including contact messages, newsletter subscriptions and assessment results.",
  path: "/privacy",
});

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 1, 2026"
      intro={`${PRACTICE_NAME} respects the confidentiality that coaching depends on. This policy explains what personal information we collect through this website, why, and the choices you have.`}
      sections={[
        {
          heading: "Information we collect",
          body: [
            "Contact messages: your name, email address, and optionally your phone number and company, the subject you choose and your message.",
            "Newsletter: your email address and, if you give them, your first and last name.",
            "Accounts and assessments: your username, email address, optional name, the answers you give in assessments and the resulting scores, and the consultations you book.",
            "Technical data: a session cookie that keeps you signed in, and server logs (IP address, time and page requested) kept for security and rate limiting.",
          ],
        },
        {
          heading: "How we use it",
          body: [
            "We use your information only to answer your enquiries, deliver the services you request, send the newsletter you subscribed to, show you your assessment history and manage your appointments.",
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
          heading: "Service providers",
          body: [
            "We use a transactional email provider to deliver messages and newsletters, and, if the coach connects one, a calendar provider for appointments. They process data only on our instructions.",
          ],
        },
        {
          heading: "Retention",
          body: [
            "Contact messages are kept for up to two years. Newsletter subscriptions last until you unsubscribe, which you can do from any issue. Account data is kept while your account is active and deleted on request.",
          ],
        },
        {
          heading: "Your rights",
          body: [
            `You may ask to access, correct or delete your personal information, or object to its use, by writing to ${CONTACT.email}. We answer within 30 days.`,
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
