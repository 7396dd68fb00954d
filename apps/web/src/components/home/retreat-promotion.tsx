import { Picture } from "~/components/picture";
import { ButtonLink, CheckList, Container } from "~/components/marketing/ui";
import { RETREAT } from "~/content/retreat";

/** The executive leadership retreat: modules, benefits, a participant's word, price and the ways to reserve. */
export function RetreatPromotion() {
  return (
    <section aria-labelledby="retreat-title" className="bg-brand-900 py-20 text-white">
      <Container className="grid gap-12 lg:grid-cols-2">
        <div>
          <p className="inline-block rounded-full bg-accent-500 px-4 py-1 text-sm font-semibold text-brand-900">Limited Spaces Available</p>
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
              {/* The spec's button had no action; it now opens the real guide (a PDF of the retreat's program). */}
              <a
                href="/retreat-program/guide.pdf"
                download
                className="inline-flex items-center justify-center rounded-md px-5 py-3 text-sm font-semibold text-brand-100 underline underline-offset-4 hover:text-white sm:text-base"
              >
                Download Program Guide
              </a>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
