import { HOME_CONTACT_SUBJECTS } from "@coach/validators/contact";
import { ContactForm } from "~/components/marketing/contact-form";
import { Container, SectionHeading } from "~/components/marketing/ui";
import { CONTACT } from "~/lib/site";

/** The practice's address and the contact form, with the subjects a home-page visitor may choose. */
export function ContactBlock() {
  return (
    <section aria-labelledby="contact-title" className="py-20">
      <Container className="grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading
            id="contact-title"
            align="left"
            eyebrow="Get in touch"
            title="Start the Conversation"
            intro="Tell us about your goals. Every enquiry is read by the coach personally and answered within 1-2 business days."
          />
          <address className="mt-8 grid gap-2 not-italic text-slate-700">
            <span>{`${CONTACT.street}, ${CONTACT.city}, ${CONTACT.region} ${CONTACT.postalCode}`}</span>
            <a href={CONTACT.phoneHref} className="text-brand-700 underline-offset-4 hover:underline">
              {CONTACT.phone}
            </a>
            <a href={`mailto:${CONTACT.email}`} className="text-brand-700 underline-offset-4 hover:underline">
              {CONTACT.email}
            </a>
          </address>
        </div>
        <div className="rounded-xl border border-slate-200 p-6 shadow-sm sm:p-8 lg:col-span-3">
          <ContactForm subjects={HOME_CONTACT_SUBJECTS} heading="Send us a message" />
        </div>
      </Container>
    </section>
  );
}
