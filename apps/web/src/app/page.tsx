import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import Link from "~/components/site-link";
import { Suspense } from "react";
import { HOME_CONTACT_SUBJECTS } from "@coach/validators/contact";
import { LatestArticleSection } from "~/components/blog/latest-article-section";
import { ContactForm } from "~/components/marketing/contact-form";
import { ButtonLink, CheckList, Container, ProgramCard, SectionHeading, TestimonialCard } from "~/components/marketing/ui";
import { NewsletterCard } from "~/components/newsletter/newsletter-card";
import { ASSESSMENT_TEASERS } from "~/content/assessments";
import { PROGRAMS } from "~/content/programs";
import { RETREAT } from "~/content/retreat";
import { SERVICES } from "~/content/services";
import { HOME_TESTIMONIALS } from "~/content/testimonials";
import { pageMetadata } from "~/lib/metadata";
import { CONTACT, PRACTICE_DESCRIPTION, PRACTICE_NAME, SOCIAL_LINKS, siteUrl } from "~/lib/site";

// Shows published posts: regenerated at most a minute after a scheduled post's minute (BLOG_REVALIDATE_SECONDS
// in components/blog/data.ts; a literal, as Next.js reads it from the source), and at once on the coach's edits.
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  title: "Scientific Executive Coaching & Leadership Development",
  absoluteTitle: true,
  description:
    "Evidence-based executive coaching, leadership development and team performance programs. Personality, IQ, EQ and leadership assessments that state their margin of error; 93% executive satisfaction.",
  path: "/",
  keywords: [
    "executive coaching",
    "leadership development",
    "scientific coaching",
    "leadership assessment",
    "emotional intelligence",
    "team performance",
    "executive leadership retreat",
  ],
});

const STATS = [
  { value: "93%", label: "Executive satisfaction rating" },
  { value: "47%", label: "Average leadership effectiveness improvement" },
  { value: "100+", label: "Senior executives coached" },
  { value: "28", label: "Countries with client engagements" },
  { value: "10+", label: "Years of excellence" },
];

const PILLARS = [
  {
    title: "Psychology-Based Methodology",
    text: "Our coaching draws on organisational psychology, behavioural science and adult-development research, not on generic motivational techniques.",
  },
  {
    title: "Scientific Assessments",
    text: "Personality, IQ, EQ and leadership assessments, each reported with its margin of error, give every engagement a shared baseline and a way to tell real change from noise.",
  },
  {
    title: "Proven Results",
    text: "Goals are agreed at the outset and measured throughout. Our clients report a 47% average improvement in leadership effectiveness.",
  },
];

function organizationJsonLd() {
  const url = siteUrl();
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: PRACTICE_NAME,
    description: PRACTICE_DESCRIPTION,
    url,
    logo: `${url}/images/logo-mark.svg`,
    image: `${url}/opengraph-image`,
    email: CONTACT.email,
    telephone: CONTACT.phone,
    priceRange: "$$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: CONTACT.street,
      addressLocality: CONTACT.city,
      addressRegion: CONTACT.region,
      postalCode: CONTACT.postalCode,
      addressCountry: CONTACT.country,
    },
    sameAs: SOCIAL_LINKS.map((s) => s.href),
    areaServed: "Worldwide",
    knowsAbout: ["Executive coaching", "Leadership development", "Team performance", "Psychometric assessment", "Emotional intelligence"],
  };
}

export default function HomePage() {
  return (
    <>
      <script
        type="application/ld+json"
        // JSON-LD is data, not script; "<" is escaped so no value can close the tag.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(organizationJsonLd()).replace(/</g, "\\u003c") }}
      />

      {/* 1. Hero */}
      <section className="relative isolate overflow-hidden bg-brand-900 text-white" aria-labelledby="hero-title">
        <Picture src="/images/hero-pattern.svg" alt="" fill preload sizes="100vw" className="-z-10 object-cover" />
        <Container className="flex min-h-[600px] flex-col justify-center py-20 md:min-h-[700px] lg:min-h-[800px]">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">Evidence-based coaching for senior leaders</p>
          <h1 id="hero-title" className="mt-4 max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl md:text-6xl">
            Scientific Executive Coaching &amp; Leadership Development
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-brand-100 sm:text-xl">
            We combine psychological assessment that states its own margin of error with rigorous, confidential coaching, so that the change
            in how you think, decide and lead can be seen and measured.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <ButtonLink href="/services" variant="accent">
              Discover Our Services
            </ButtonLink>
            <ButtonLink href="/contact" variant="outline-light">
              Book a Consultation
            </ButtonLink>
          </div>
        </Container>
      </section>

      {/* 2. Stats strip */}
      <section aria-label="Results in numbers" className="border-b border-slate-200 bg-brand-50">
        <Container className="py-12">
          <dl className="grid grid-cols-2 gap-8 text-center sm:grid-cols-3 lg:grid-cols-5">
            {STATS.map((stat) => (
              <div key={stat.value} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
                <dd className="text-4xl font-bold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      {/* 3. Services overview */}
      <section aria-labelledby="services-title" className="py-20">
        <Container>
          <SectionHeading
            id="services-title"
            eyebrow="What we do"
            title="Services Built on Science"
            intro="Three ways to work with us, each beginning with a structured assessment and ending with measurable change."
          />
          <div className="mt-12 grid gap-8 lg:grid-cols-3">
            {SERVICES.map((service) => (
              <article key={service.id} className="flex flex-col rounded-xl border border-slate-200 p-8 shadow-sm">
                <h3 className="text-xl font-semibold text-brand-900">{service.homeTitle}</h3>
                <p className="mt-3 text-slate-600">{service.summary}</p>
                <div className="mt-6 flex-1">
                  <CheckList items={service.benefits} />
                </div>
                <Link href={`/services#${service.id}`} className="mt-8 font-semibold text-brand-700 underline-offset-4 hover:underline">
                  {`Learn more about ${service.homeTitle}`}
                </Link>
              </article>
            ))}
          </div>
        </Container>
      </section>

      {/* 4. Specialised programs */}
      <section aria-labelledby="programs-title" className="bg-slate-50 py-20">
        <Container>
          <SectionHeading
            id="programs-title"
            eyebrow="Coaching programs"
            title="Specialized Coaching Programs"
            intro="Focused programs for the challenges senior leaders raise most often."
          />
          <div className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {PROGRAMS.map((program) => (
              <ProgramCard key={program.slug} program={program} />
            ))}
          </div>
        </Container>
      </section>

      {/* 5. Approach */}
      <section aria-labelledby="approach-title" className="py-20">
        <Container className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="approach-title"
              align="left"
              eyebrow="Our approach"
              title="Where Psychology Meets Performance"
              intro="Every engagement rests on three pillars."
            />
            <ol className="mt-10 grid gap-8">
              {PILLARS.map((pillar, index) => (
                <li key={pillar.title} className="flex gap-5">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold text-brand-900">{pillar.title}</h3>
                    <p className="mt-1 text-slate-600">{pillar.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <Picture
            src="/images/approach.svg"
            alt="Illustration of a rising performance chart"
            width={640}
            height={400}
            className="w-full rounded-2xl"
          />
        </Container>
      </section>

      {/* 6. Assessments teaser */}
      <section aria-labelledby="assessments-title" className="bg-brand-50 py-20">
        <Container>
          <SectionHeading
            id="assessments-title"
            title="Scientific Assessments"
            intro="Short questionnaires on how you think, feel and lead, each result shown with its margin of error. Take one online, and bring the results to your first conversation with us."
          />
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {ASSESSMENT_TEASERS.map((assessment) => (
              <article key={assessment.type} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">{assessment.badge}</span>
                  <span className="text-sm text-slate-600">{`${assessment.minutes} mins`}</span>
                </div>
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{assessment.title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{assessment.description}</p>
                <Link
                  href={`/tests?type=${assessment.type}`}
                  aria-label={`Take Assessment: ${assessment.title}`}
                  className="mt-6 inline-flex justify-center rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Take Assessment
                </Link>
              </article>
            ))}
          </div>
          <div className="mt-10 text-center">
            <ButtonLink href="/tests" variant="outline">
              View All Assessments
            </ButtonLink>
          </div>
        </Container>
      </section>

      {/* 7. Client success stories */}
      <section aria-labelledby="stories-title" className="py-20">
        <Container>
          <SectionHeading id="stories-title" eyebrow="Client success stories" title="What Our Clients Say" />
          <div className="mt-12 grid gap-8 md:grid-cols-3">
            {HOME_TESTIMONIALS.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          </div>
        </Container>
      </section>

      {/* 8. Latest article */}
      <Suspense fallback={null}>
        <LatestArticleSection />
      </Suspense>

      {/* 9. Retreat promotion */}
      <section aria-labelledby="retreat-title" className="bg-brand-900 py-20 text-white">
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <p className="inline-block rounded-full bg-accent-500 px-4 py-1 text-sm font-semibold text-brand-900">
              Limited Spaces Available
            </p>
            <h2 id="retreat-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
              The Executive Leadership Retreat
            </h2>
            <p className="mt-4 text-lg text-brand-100">
              {`A ${RETREAT.days}-day immersive retreat limited to ${RETREAT.maxParticipants} participants: step away from the day-to-day and return with clarity, presence and a plan.`}
            </p>
            <h3 className="mt-8 text-lg font-semibold">Modules</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {RETREAT.homeModules.map((module) => (
                <li key={module} className="rounded-md border border-brand-600 px-3 py-1.5 text-sm text-brand-100">
                  {module}
                </li>
              ))}
            </ul>
            <h3 className="mt-8 text-lg font-semibold">What you gain</h3>
            <div className="mt-3">
              <CheckList items={RETREAT.benefits} tone="dark" />
            </div>
          </div>
          <div className="flex flex-col gap-6">
            <figure className="rounded-xl bg-brand-800 p-6">
              <blockquote className="text-lg text-brand-100">
                <p>{`“${RETREAT.testimonial.quote}”`}</p>
              </blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                <Picture
                  src={RETREAT.testimonial.photo}
                  alt={`Portrait of ${RETREAT.testimonial.name}`}
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded-full"
                />
                <span>
                  <span className="block font-semibold text-white">{RETREAT.testimonial.name}</span>
                  <span className="block text-sm text-brand-100">{`${RETREAT.testimonial.title}, ${RETREAT.testimonial.company}`}</span>
                </span>
              </figcaption>
            </figure>
            <div className="rounded-xl border border-brand-700 p-6">
              <p className="text-sm text-brand-100">{`${RETREAT.days} days · ${RETREAT.maxParticipants} participants · ${RETREAT.followUpDays}-day follow-up`}</p>
              <p className="mt-1 text-3xl font-bold">{RETREAT.price}</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <ButtonLink href="/contact" variant="accent">
                  Reserve Your Spot Today
                </ButtonLink>
                <ButtonLink href="/retreat-program" variant="outline-light">
                  Explore the Retreat Program
                </ButtonLink>
                <button
                  type="button"
                  className="inline-flex items-center justify-center rounded-md px-5 py-3 text-sm font-semibold text-brand-100 underline underline-offset-4 hover:text-white sm:text-base"
                >
                  Download Program Guide
                </button>
              </div>
            </div>
          </div>
        </Container>
      </section>

      {/* 10. Newsletter signup card */}
      <NewsletterCard />

      {/* 11. Call-to-action banner */}
      <section aria-labelledby="banner-title" className="bg-accent-100 py-16">
        <Container className="flex flex-col items-start justify-between gap-8 lg:flex-row lg:items-center">
          <div className="max-w-3xl">
            <h2 id="banner-title" className="text-3xl font-bold tracking-tight text-brand-900">
              Ready to Lead at Your Highest Level?
            </h2>
            <p className="mt-3 text-lg text-slate-800">
              Book a 60-minute executive strategy session, valued at $2,500. We will review your leadership challenges, share
              assessment-based insights and outline a path forward.
            </p>
          </div>
          <div className="flex flex-wrap gap-4">
            <ButtonLink href="/contact">Schedule Your Strategy Session</ButtonLink>
            <ButtonLink href="/services" variant="outline">
              Explore Services
            </ButtonLink>
          </div>
        </Container>
      </section>

      {/* 12. Contact block */}
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
    </>
  );
}
