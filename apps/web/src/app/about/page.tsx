import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import { ButtonLink, Container, PageHero, SectionHeading } from "~/components/marketing/ui";
import { FOUNDER, TEAM } from "~/content/team";
import { pageMetadata } from "~/lib/metadata";

export const metadata: Metadata = pageMetadata({
  title: "About Us",
  description:
    "Our mission, our founder and the team of psychologists and executive coaches behind a scientific approach to leadership development: Assess, Develop, Apply.",
  path: "/about",
  keywords: ["about executive coaching", "organizational psychologist", "executive coach team", "leadership development experts"],
});

const METHOD = [
  {
    step: "Assess",
    text: "Personality, cognitive, emotional-intelligence and leadership-style assessments, each reported with its margin of error and combined with stakeholder interviews, establish a shared baseline.",
  },
  {
    step: "Develop",
    text: "Focused coaching and practice on the few behaviours with the greatest leverage, tailored to your role, your organisation and your goals.",
  },
  {
    step: "Apply",
    text: "New capabilities are used on live business challenges, reviewed in coaching, and re-measured so that progress is visible to you and your sponsors.",
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Leadership Development Grounded in Science"
        intro="We help senior leaders and their teams become measurably more effective, using the best available evidence from psychology and behavioural science."
      />

      <section aria-labelledby="mission-title" className="py-20">
        <Container className="grid gap-12 lg:grid-cols-2">
          <SectionHeading id="mission-title" align="left" eyebrow="Our mission" title="Better Leaders, Measurably" />
          <div className="grid gap-5 text-lg leading-8 text-slate-700">
            <p>
              Leadership shapes the working lives of thousands of people and the fortunes of whole organisations, yet it is too often
              developed on intuition and fashion.
            </p>
            <p>
              Our mission is to bring scientific rigour to executive development: to measure what matters, to focus coaching on the
              behaviours that make a real difference, and to show the results.
            </p>
          </div>
        </Container>
      </section>

      <section aria-labelledby="founder-title" className="bg-slate-50 py-20">
        <Container className="grid items-center gap-12 lg:grid-cols-3">
          <Picture
            src={FOUNDER.image}
            alt={`Portrait of ${FOUNDER.name}`}
            width={240}
            height={240}
            className="mx-auto h-60 w-60 rounded-2xl"
          />
          <div className="lg:col-span-2">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">Our founder</p>
            <h2 id="founder-title" className="mt-2 text-3xl font-bold text-brand-900">
              {FOUNDER.name}
            </h2>
            <p className="mt-1 text-lg text-slate-700">{FOUNDER.role}</p>
            <div className="mt-6 grid gap-4 text-slate-700">
              {FOUNDER.bio.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
            <ul className="mt-6 flex flex-wrap gap-2">
              {FOUNDER.credentials.map((credential) => (
                <li key={credential} className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">
                  {credential}
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>

      <section aria-labelledby="team-title" className="py-20">
        <Container>
          <SectionHeading
            id="team-title"
            eyebrow="Our team"
            title="The People Behind the Practice"
            intro="Psychologists, coaches and specialists who bring depth to every engagement."
          />
          <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {TEAM.map((member) => (
              <li key={member.name} className="rounded-xl border border-slate-200 p-6 text-center shadow-sm">
                <Picture
                  src={member.image}
                  alt={`Portrait of ${member.name}`}
                  width={120}
                  height={120}
                  className="mx-auto h-28 w-28 rounded-full"
                />
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{member.name}</h3>
                <p className="text-sm font-medium text-accent-700">{member.role}</p>
                <p className="mt-3 text-slate-600">{member.bio}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="method-title" className="bg-brand-900 py-20 text-white">
        <Container>
          <SectionHeading id="method-title" tone="dark" eyebrow="How we work" title="Assess. Develop. Apply." />
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {METHOD.map((item, index) => (
              <li key={item.step} className="rounded-xl bg-brand-800 p-8">
                <p className="text-sm font-semibold text-accent-300">{`Step ${index + 1}`}</p>
                <h3 className="mt-2 text-2xl font-bold">{item.step}</h3>
                <p className="mt-3 text-brand-100">{item.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-12 text-center">
            <ButtonLink href="/services" variant="accent">
              Explore Our Services
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
