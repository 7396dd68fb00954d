import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import { ProgramsSection } from "~/components/home/programs-section";
import { ButtonLink, CheckList, Container, PageHero } from "~/components/marketing/ui";
import { SERVICES } from "~/content/services";
import { pageMetadata } from "~/lib/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Services",
  description:
    "Executive coaching, leadership development and team building, each grounded in structured psychological assessment, plus six specialized coaching programs.",
  path: "/services",
  keywords: [
    "executive coaching services",
    "leadership development programs",
    "team building",
    "leadership team coaching",
    "coaching programs",
  ],
});

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Coaching and Development for Senior Leaders"
        intro="Three core services, each beginning with a structured assessment and ending with change you can measure, and six focused programs for specific challenges."
      />

      {SERVICES.map((service, index) => (
        <section
          key={service.id}
          id={service.id}
          aria-labelledby={`${service.id}-title`}
          className={index % 2 === 1 ? "bg-slate-50 py-20" : "py-20"}
        >
          <Container className="grid items-center gap-12 lg:grid-cols-2">
            <div className={index % 2 === 1 ? "lg:order-2" : undefined}>
              <h2 id={`${service.id}-title`} className="text-3xl font-bold tracking-tight text-brand-900">
                {service.title}
              </h2>
              <p className="mt-4 text-lg leading-8 text-slate-700">{service.description}</p>
              <h3 className="mt-8 text-lg font-semibold text-brand-900">Benefits</h3>
              <div className="mt-3">
                <CheckList items={service.benefits} />
              </div>
              <h3 className="mt-8 text-lg font-semibold text-brand-900">Our process</h3>
              <p className="mt-2 text-slate-700">{service.process}</p>
              <ButtonLink href="/contact" className="mt-8">
                {`Discuss ${service.title}`}
              </ButtonLink>
            </div>
            <Picture src={service.image} alt="" width={640} height={400} className="w-full rounded-2xl" />
          </Container>
        </section>
      ))}

      <ProgramsSection className="border-t border-slate-200 py-20" />

      <section aria-labelledby="custom-title" className="bg-brand-900 py-16 text-white">
        <Container className="flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
          <div>
            <h2 id="custom-title" className="text-2xl font-bold sm:text-3xl">
              Need a Custom Solution?
            </h2>
            <p className="mt-2 max-w-2xl text-brand-100">
              We design bespoke engagements for boards, executive teams and whole organisations. Tell us what you need to achieve.
            </p>
          </div>
          <ButtonLink href="/contact" variant="accent">
            Talk to Us About a Custom Solution
          </ButtonLink>
        </Container>
      </section>
    </>
  );
}
