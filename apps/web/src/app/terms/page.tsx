import type { Metadata } from "next";
import { LegalPage } from "~/components/marketing/legal";
import { pageMetadata } from "~/lib/metadata";
import { CONTACT, PRACTICE_NAME } from "~/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service",
  description: "The terms that apply to using this website, its online assessments, appointment booking and newsletter.",
  path: "/terms",
});

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 1, 2026"
      intro={`These terms apply to your use of the ${PRACTICE_NAME} website, including its online assessments, appointment booking and newsletter. By using the website you accept them.`}
      sections={[
        {
          heading: "Use of the website",
          body: [
            "You may use this website for your own personal or internal business purposes. Please do not attempt to disrupt it, access other people's accounts or data, or copy its content in bulk.",
          ],
        },
        {
          heading: "Accounts",
          body: [
            "You are responsible for keeping your password confidential and for activity under your account. Tell us promptly if you believe your account has been misused.",
          ],
        },
        {
          heading: "Assessments",
          body: [
            "Our online assessments support coaching and self-reflection. They are not clinical or diagnostic instruments and should not be used as the sole basis for employment, medical or legal decisions.",
          ],
        },
        {
          heading: "Consultations and programs",
          body: [
            "Coaching engagements, programs and the Executive Leadership Retreat are governed by a separate written agreement. Information on this website, including prices, is a summary and may change.",
            "If you cannot attend a booked consultation, please cancel it from your appointments page or let us know as early as you can.",
          ],
        },
        {
          heading: "Intellectual property",
          body: [
            "The content of this website, including its text, assessments and illustrations, belongs to us or our licensors and is protected by copyright.",
          ],
        },
        {
          heading: "Liability",
          body: [
            "We take care to keep the website accurate and available, but provide it as is. To the extent the law allows, we are not liable for indirect losses arising from its use.",
          ],
        },
        {
          heading: "Governing law and contact",
          body: [`These terms are governed by the laws of the State of New York. Questions about them are welcome at ${CONTACT.email}.`],
        },
      ]}
    />
  );
}
