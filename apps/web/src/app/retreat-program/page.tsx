import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import { ButtonLink, CheckList, Container, PageHero, SectionHeading } from "~/components/marketing/ui";
import { RETREAT } from "~/content/retreat";
import { RetreatApplication } from "~/components/retreat/retreat-application";
import { pageMetadata } from "~/lib/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Executive Leadership Retreat",
  description:
    "A 5-day executive leadership retreat limited to 12 participants: four modules, full assessment battery and 90 days of follow-up coaching. $8,500.",
  path: "/retreat-program",
  keywords: ["executive leadership retreat", "leadership retreat", "CEO retreat", "leadership program", "executive development retreat"],
  image: { url: "/images/retreat.svg", width: 640, height: 400, alt: "Executive Leadership Retreat" },
});

export default function RetreatPage() {
  return (
    <>
      <PageHero
        eyebrow="Limited Spaces Available"
        title="The Executive Leadership Retreat"
        intro={`${RETREAT.days} days. ${RETREAT.maxParticipants} leaders. ${RETREAT.followUpDays} days of follow-up. An immersive program that turns self-knowledge into strategic clarity and lasting change.`}
      >
        <ButtonLink href="/contact" variant="accent">
          Reserve Your Spot Today
        </ButtonLink>
        <ButtonLink href="/about" variant="outline-light">
          Meet the Team
        </ButtonLink>
      </PageHero>

      <section aria-labelledby="facts-title" className="border-b border-slate-200 bg-brand-50">
        <h2 id="facts-title" className="sr-only">
          Retreat at a glance
        </h2>
        <Container className="py-10">
          <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
            {[
              { label: "Days", value: String(RETREAT.days) },
              { label: "Participants at most", value: String(RETREAT.maxParticipants) },
              { label: "Days of follow-up", value: String(RETREAT.followUpDays) },
              { label: "Per participant", value: RETREAT.price },
            ].map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse">
                <dt className="text-sm text-slate-700">{fact.label}</dt>
                <dd className="text-3xl font-bold text-brand-800">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <section aria-labelledby="why-title" className="py-20">
        <Container className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="why-title" align="left" eyebrow="Why a retreat" title="Step Away to Lead Better" />
            <p className="mt-6 text-lg leading-8 text-slate-700">
              Real development needs time and distance from the inbox. Over five days at {RETREAT.location}, a small cohort of senior
              leaders works through its assessment results, practises new approaches with expert coaches and peers, and leaves with a
              concrete plan.
            </p>
            <div className="mt-8">
              <CheckList items={RETREAT.benefits} />
            </div>
          </div>
          <Picture src="/images/retreat.svg" alt="" width={640} height={400} className="w-full rounded-2xl" />
        </Container>
      </section>

      <section aria-labelledby="modules-title" className="bg-slate-50 py-20">
        <Container>
          <SectionHeading id="modules-title" eyebrow="Curriculum" title="Four Modules" />
          <ol className="mt-12 grid gap-6 md:grid-cols-2">
            {RETREAT.modules.map((module, index) => (
              <li key={module.title} className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
                <p className="text-sm font-semibold text-accent-700">{`Module ${index + 1}`}</p>
                <h3 className="mt-1 text-xl font-semibold text-brand-900">{module.title}</h3>
                <p className="mt-3 text-slate-600">{module.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="schedule-title" className="py-20">
        <Container>
          <SectionHeading id="schedule-title" eyebrow="Schedule" title="Five Days, Day by Day" />
          <ol className="mx-auto mt-12 grid max-w-3xl gap-4">
            {RETREAT.schedule.map((day) => (
              <li key={day.day} className="flex gap-6 rounded-xl border border-slate-200 p-6">
                <span className="w-16 flex-none font-bold text-brand-700">{day.day}</span>
                <div>
                  <h3 className="font-semibold text-brand-900">{day.title}</h3>
                  <p className="mt-1 text-slate-600">{day.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="investment-title" className="bg-brand-900 py-20 text-white">
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="investment-title" className="text-3xl font-bold">
              Investment
            </h2>
            <p className="mt-2 text-5xl font-bold text-accent-300">{RETREAT.price}</p>
            <p className="mt-2 text-brand-100">per participant</p>
            <h3 className="mt-8 text-lg font-semibold">Included</h3>
            <div className="mt-3">
              <CheckList items={RETREAT.includes} tone="dark" />
            </div>
          </div>
          <div className="flex flex-col justify-center gap-6 rounded-xl bg-brand-800 p-8">
            <p className="text-lg text-brand-100">
              {`Each retreat is limited to ${RETREAT.maxParticipants} participants so that every leader receives individual attention. Places are confirmed after a short conversation to make sure the cohort is a good fit.`}
            </p>
            <div className="flex flex-wrap gap-4">
              <ButtonLink href="/contact" variant="accent">
                Reserve Your Spot Today
              </ButtonLink>
              <ButtonLink href="/about" variant="outline-light">
                About Our Coaches
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="apply-title" className="py-20">
        <Container className="max-w-2xl">
          <SectionHeading id="apply-title" eyebrow="Apply" title="Apply for a Place" />
          <p className="mt-6 text-slate-700">
            Tell us about your role and what you would like to work on. Once the coach accepts your application, a link to pay the deposit
            arrives by email; the balance is invoiced before the start. Past {RETREAT.maxParticipants} places, applications join a waitlist.
          </p>
          <div className="mt-8">
            <RetreatApplication />
          </div>
        </Container>
      </section>
    </>
  );
}
