import { ButtonLink, Container } from "~/components/marketing/ui";

/** The call to book an executive strategy session. */
export function StrategySessionBanner() {
  return (
    <section aria-labelledby="banner-title" className="bg-accent-100 py-16">
      <Container className="flex flex-col items-start justify-between gap-8 lg:flex-row lg:items-center">
        <div className="max-w-3xl">
          <h2 id="banner-title" className="text-3xl font-bold tracking-tight text-brand-900">
            Ready to Lead at Your Highest Level?
          </h2>
          <p className="mt-3 text-lg text-slate-800">
            Book a 60-minute executive strategy session, valued at $2,500. We will review your leadership challenges, share assessment-based
            insights and outline a path forward.
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
  );
}
