import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import { notFound } from "next/navigation";
import { ButtonLink, Container, PageHero, SectionHeading, TestimonialCard } from "~/components/marketing/ui";
import { findProgram, PROGRAMS } from "~/content/programs";
import { pageMetadata } from "~/lib/metadata";

export const dynamicParams = false;

export function generateStaticParams() {
  return PROGRAMS.map((program) => ({ slug: program.slug }));
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const program = findProgram((await params).slug);
  if (!program) return {};
  return pageMetadata({
    title: program.title,
    description: program.description,
    path: `/coaching/${program.slug}`,
    keywords: program.keywords,
    image: { url: program.image, width: 640, height: 400, alt: program.title },
  });
}

export default async function ProgramPage({ params }: { params: Promise<{ slug: string }> }) {
  const program = findProgram((await params).slug);
  if (!program) notFound();

  return (
    <>
      <PageHero eyebrow="Coaching program" title={program.title} intro={program.tagline}>
        <ButtonLink href="/appointments" variant="accent">
          Book a Consultation
        </ButtonLink>
        <ButtonLink href="/contact" variant="outline-light">
          Ask a Question
        </ButtonLink>
      </PageHero>

      <section aria-labelledby="overview-title" className="py-20">
        <Container className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="overview-title" align="left" eyebrow="Overview" title="About This Program" />
            <div className="mt-6 grid gap-4 text-lg leading-8 text-slate-700">
              {program.overview.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
            <dl className="mt-8 grid gap-4 sm:grid-cols-2">
              <div className="rounded-lg bg-brand-50 p-4">
                <dt className="text-sm font-semibold text-brand-800">Format</dt>
                <dd className="mt-1 text-slate-700">{program.format}</dd>
              </div>
              <div className="rounded-lg bg-brand-50 p-4">
                <dt className="text-sm font-semibold text-brand-800">Duration</dt>
                <dd className="mt-1 text-slate-700">{program.duration}</dd>
              </div>
            </dl>
          </div>
          <Picture src={program.image} alt="" width={640} height={400} className="w-full rounded-2xl" />
        </Container>
      </section>

      <section aria-labelledby="benefits-title" className="bg-slate-50 py-20">
        <Container>
          <SectionHeading id="benefits-title" eyebrow="Benefits" title="What You Will Gain" />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {program.benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-brand-900">{benefit.title}</h3>
                <p className="mt-2 text-slate-600">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="process-title" className="py-20">
        <Container>
          <SectionHeading id="process-title" eyebrow="Process" title="How the Program Works" />
          <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {program.process.map((step, index) => (
              <li key={step.title} className="relative rounded-xl border border-slate-200 p-6">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{`Step ${index + 1}: ${step.title}`}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="testimonials-title" className="bg-brand-50 py-20">
        <Container>
          <SectionHeading id="testimonials-title" eyebrow="Client stories" title="What Participants Say" />
          <div className="mx-auto mt-12 grid max-w-5xl gap-8 md:grid-cols-2">
            {program.testimonials.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="cta-title" className="bg-brand-900 py-16 text-white">
        <Container className="text-center">
          <h2 id="cta-title" className="text-3xl font-bold">
            {`Ready to Begin ${program.title}?`}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-100">
            Book a consultation to discuss your goals, or send us a question. We reply within 1-2 business days.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <ButtonLink href="/appointments" variant="accent">
              Book a Consultation
            </ButtonLink>
            <ButtonLink href="/contact" variant="outline-light">
              Contact Us
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
