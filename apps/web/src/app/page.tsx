import Link from "next/link";

export default function HomePage() {
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto flex min-h-[600px] max-w-6xl flex-col justify-center px-6 py-20 md:min-h-[700px] lg:min-h-[800px]">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-6xl">
          Scientific Executive Coaching &amp; Leadership Development
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-brand-100">
          Evidence-based coaching for senior leaders who want measurable change in how they think, decide and lead.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link href="/services" className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600 hover:text-white">
            Discover Our Services
          </Link>
          <Link href="/contact" className="rounded-md border border-white px-6 py-3 font-semibold hover:bg-white hover:text-brand-900">
            Book a Consultation
          </Link>
        </div>
      </div>
    </section>
  );
}
