import { Picture } from "~/components/picture";
import { ButtonLink, Container } from "~/components/marketing/ui";

/** The opening screen: what the practice does, for whom, and the two ways in (services, a consultation). */
export function Hero() {
  return (
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
  );
}
