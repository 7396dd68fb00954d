import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import { CONTACT_SUBJECTS } from "@coach/validators/contact";
import { ContactForm } from "~/components/marketing/contact-form";
import { SocialLinks } from "~/components/marketing/social-icon";
import { ButtonLink, Container } from "~/components/marketing/ui";
import { pageMetadata } from "~/lib/metadata";
import { CONTACT } from "~/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Contact Us",
  description:
    "Contact our executive coaching practice or book a complimentary 30-minute consultation. We reply to every message within 1-2 business days.",
  path: "/contact",
  keywords: ["contact executive coach", "book a consultation", "executive coaching consultation", "leadership coaching enquiry"],
});

export default function ContactPage() {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <Container className="py-16 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Contact Us</h1>
          <p className="mt-5 max-w-3xl text-lg leading-8 text-brand-100">
            Whether you are exploring coaching for yourself, your leadership team or your organisation, we would be glad to hear from you.
            Every message is read by the coach personally.
          </p>
        </Container>
      </section>

      <section className="py-16">
        <Container className="grid gap-12 lg:grid-cols-3">
          <div className="grid content-start gap-8">
            <div>
              <h2 className="text-xl font-semibold text-brand-900">Our Office</h2>
              <address className="mt-3 grid gap-1 not-italic text-slate-700">
                <span>{CONTACT.street}</span>
                <span>{`${CONTACT.city}, ${CONTACT.region} ${CONTACT.postalCode}`}</span>
              </address>
            </div>
            <div>
              <h2 className="text-xl font-semibold text-brand-900">Phone</h2>
              <a href={CONTACT.phoneHref} className="mt-3 block text-brand-700 underline-offset-4 hover:underline">
                {CONTACT.phone}
              </a>
              <p className="mt-1 text-sm text-slate-600">{CONTACT.hours}</p>
            </div>
            <div>
              <h2 className="text-xl font-semibold text-brand-900">Email</h2>
              <a href={`mailto:${CONTACT.email}`} className="mt-3 block break-all text-brand-700 underline-offset-4 hover:underline">
                {CONTACT.email}
              </a>
            </div>
            <div>
              <h2 className="text-xl font-semibold text-brand-900">Follow Us</h2>
              <SocialLinks
                className="mt-3 flex gap-3"
                linkClassName="h-11 w-11 bg-brand-100 text-brand-800 hover:bg-brand-700 hover:text-white"
              />
            </div>
            <figure>
              <a
                href={CONTACT.mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-xl border border-slate-200"
              >
                <Picture
                  src="/images/office-map.svg"
                  alt={`Map of our office at ${CONTACT.street}, ${CONTACT.city}. Opens the interactive map in a new tab.`}
                  width={800}
                  height={450}
                  className="w-full"
                />
              </a>
              <figcaption className="mt-2 text-sm text-slate-600">Select the map to open directions on OpenStreetMap.</figcaption>
            </figure>
          </div>

          <div className="lg:col-span-2">
            <div className="rounded-xl border border-slate-200 p-6 shadow-sm sm:p-8">
              <h2 className="text-2xl font-semibold text-brand-900">Send Us a Message</h2>
              <p className="mt-2 text-slate-600">Fields marked * are required.</p>
              <div className="mt-6">
                <ContactForm subjects={CONTACT_SUBJECTS} heading="Send Us a Message" />
              </div>
            </div>

            <div className="mt-8 rounded-xl bg-brand-50 p-6 sm:p-8">
              <h2 className="text-2xl font-semibold text-brand-900">Book a Consultation</h2>
              <p className="mt-2 text-slate-700">
                Prefer to talk it through? Schedule a complimentary 30-minute consultation to discuss your goals and how we might work
                together, with no obligation.
              </p>
              <ButtonLink href="/appointments" className="mt-6">
                Book a Consultation
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
