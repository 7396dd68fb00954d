import { unstable_rethrow } from "next/navigation";
import type { Metadata } from "next";
import Link from "~/components/site-link";
import { log } from "@coach/api";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { getMethodology } from "~/components/assessments/methodology-data";
import type { AssessmentCopy, MethodologyEntry, TestType } from "~/components/assessments/types";

const TITLE = "How Our Assessments Are Measured";
const DESCRIPTION =
  "What each of our four assessments measures, how it is scored, its live reliability with the number of people behind it, the norm of the cognitive test, and what a result can and cannot tell you.";

export const metadata: Metadata = {
  title: TITLE,
  description: DESCRIPTION,
  alternates: { canonical: "/assessments/methodology" },
  openGraph: { title: TITLE, description: DESCRIPTION, url: "/assessments/methodology", type: "article" },
};

/** Prerendered and regenerated at most every five minutes, so a calibration shows up without a deploy. */
export const revalidate = 300;

/** What each instrument measures and how it is scored, in the order of the catalogue. */
const INSTRUMENTS: { type: TestType; measures: string; scoring: string }[] = [
  {
    type: "personality",
    measures:
      "Four preferences in the tradition of psychological type: where you draw energy (E–I), what information you trust (S–N), how you decide (T–F) and how you like to organise (J–P). Preferences, not abilities: no pole is better than the other.",
    scoring:
      'Each dimension has twelve statements, six keyed to each pole, so agreeing with everything cannot produce a type. Your answers give a balance between the two poles. From that balance and the dimension\'s reliability we estimate how likely a retake is to give the same letter. A letter is named only when that chance is at least 85%; otherwise it is shown as "-", and we show the percentage for every letter.',
  },
  {
    type: "iq",
    measures:
      "General reasoning on 28 items: number and letter series, verbal analogies, logical deduction and visual matrices. It is a short, untimed, unsupervised online test, not a clinical or diagnostic IQ assessment.",
    scoring:
      'An item-response model (three-parameter logistic) that allows for guessing: with four options, a quarter of guesses are right, and the model knows it. The estimate is reported on the familiar scale of mean 100 and standard deviation 15, always with a 90% range. That range is wider at the extremes, where 28 items carry little information. A score at the top is reported as "at least …", a score at the bottom as "at most …". A number correct that guessing alone could produce is flagged and not presented as a measurement.',
  },
  {
    type: "eq",
    measures:
      "Self-reported habits in five domains of emotional intelligence: self-awareness, self-regulation, motivation, empathy and social skills. It describes how you see yourself, not how others experience you.",
    scoring:
      "Six statements per domain, some worded in reverse, averaged onto 0–100. Each domain score comes with a 90% range from its standard error. A strongest or weakest domain is named only when it stands clear of every other domain by more than measurement error; otherwise the result says which domains cannot be told apart.",
  },
  {
    type: "leadership",
    measures:
      "How often you report drawing on six leadership styles: visionary, coaching, affiliative, democratic, pacesetting and commanding. It is a self-report of habits, not an observation of your leadership.",
    scoring:
      'Six statements per style, at least one of them worded in reverse, averaged onto 0–100 with a 90% range. A primary style is named only when it exceeds every other style by more than measurement error. With six short scales that is rare, and the result says so: "no single dominant style" means several styles are within error of each other.',
  },
];

function scaleLabel(copy: AssessmentCopy, type: string, scale: string): string {
  if (type === "iq") return scale === "total" ? "Whole test" : scale;
  if (type === "eq") return copy.eqCategories.find((c) => c.key === scale)?.label ?? scale;
  if (type === "leadership") return copy.leadershipStyles.find((s) => s.key === scale)?.label ?? scale;
  return copy.personalityAxes.find((a) => a.key === scale)?.label ?? scale;
}

const two = (x: number) => x.toFixed(2).replace(/^0\./, ".").replace(/^-0\./, "−.");

function ReliabilityTable({ entry, copy }: { entry: MethodologyEntry; copy: AssessmentCopy }) {
  const coefficient = entry.type === "iq" ? "KR-20" : "Cronbach's alpha";
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">
          Reliability ({coefficient}) from each person&apos;s latest attempt
        </caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Scale
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Items
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              People (N)
            </th>
            <th scope="col" className="py-2 font-semibold">
              Reliability, 90% interval
            </th>
          </tr>
        </thead>
        <tbody>
          {entry.scales.map((s) => (
            <tr key={s.scale} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {scaleLabel(copy, entry.type, s.scale)}
              </th>
              <td className="py-2 pr-4 tabular-nums">{s.items}</td>
              <td className="py-2 pr-4 tabular-nums">{s.n}</td>
              <td className="py-2 tabular-nums">
                {s.reliability ? (
                  <>
                    {two(s.reliability.value)} ({two(s.reliability.low)}–{two(s.reliability.high)})
                  </>
                ) : (
                  <span className="text-slate-700">
                    Not published yet: needs {s.minimumN} people{s.n > 0 ? `, ${s.n} so far` : ""}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NormNote({ entry }: { entry: MethodologyEntry }) {
  if (!entry.norm) return null;
  return entry.norm.kind === "calibrated" && entry.norm.n !== null ? (
    <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <strong>Norm: calibrated.</strong> The item parameters were fitted to the {entry.norm.n} people who have taken this test here
      {entry.norm.date ? ` (${entry.norm.date.slice(0, 10)})` : ""}, and the scale is set so that they average 100 with a standard deviation
      of 15. A score compares you with them, people who chose to take it here, mostly executives, not with the general population.
    </p>
  ) : (
    <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <strong>Norm: provisional.</strong> The scale rests on assumed item difficulties; it has not yet been compared with real test-takers.
      Every range shown widens to allow for that doubt, and every result says the norm is provisional.
    </p>
  );
}

export default async function MethodologyPage() {
  const copy = assessmentCopy();
  let entries: MethodologyEntry[] | null = null;
  try {
    entries = await getMethodology();
  } catch (error) {
    // The explanation is worth reading without the live figures; Next.js signals must pass through.
    unstable_rethrow(error);
    log("warn", "methodology figures unavailable", { error });
  }
  const byType = new Map((entries ?? []).map((e) => [e.type, e]));

  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Assessments</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">{TITLE}</h1>
      <p className="mt-4 text-lg text-slate-700">
        Every score from a short questionnaire carries measurement error. Most online assessments hide it. We publish it: each result shows
        its 90% range, a verdict is given only when the data carry it, and the reliability figures below are computed live from the answers
        of the people who have taken each assessment here.
      </p>

      <section aria-labelledby="short-version" className="mt-10">
        <h2 id="short-version" className="text-2xl font-semibold text-slate-900">
          The short version
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">A result can tell you</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              <li>how you described your own preferences and habits on the day you took it, with the error of each figure;</li>
              <li>which differences between your scales are larger than that error, and which are not;</li>
              <li>for the cognitive test, a range for your reasoning on this set of items, and what it is compared with;</li>
              <li>whether a change since your last attempt is larger than measurement error.</li>
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">A result cannot tell you</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              <li>how well you will perform in a role: no study links these scores to performance, and we claim none;</li>
              <li>how others see you: three of the four assessments are self-reports;</li>
              <li>a clinical or diagnostic IQ: the cognitive test is short, untimed and unsupervised;</li>
              <li>where you stand in the general population: no population norm exists for these assessments.</li>
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="instruments" className="mt-12">
        <h2 id="instruments" className="text-2xl font-semibold text-slate-900">
          The four assessments
        </h2>
        {entries === null ? (
          <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-800">
            The live reliability figures are unavailable at the moment. Please try again later.
          </p>
        ) : null}
        {INSTRUMENTS.map((instrument) => {
          const entry = byType.get(instrument.type);
          return (
            <section
              key={instrument.type}
              aria-labelledby={`instrument-${instrument.type}`}
              className="mt-8 border-t border-slate-200 pt-8"
            >
              <h3 id={`instrument-${instrument.type}`} className="text-xl font-semibold text-slate-900">
                {entry?.name ?? copy.typeLabels[instrument.type]}
              </h3>
              <h4 className="mt-4 font-semibold text-slate-900">What it measures</h4>
              <p className="mt-1 text-slate-700">{instrument.measures}</p>
              <h4 className="mt-4 font-semibold text-slate-900">How it is scored</h4>
              <p className="mt-1 text-slate-700">{instrument.scoring}</p>
              {entry ? (
                <>
                  <ReliabilityTable entry={entry} copy={copy} />
                  <NormNote entry={entry} />
                </>
              ) : null}
            </section>
          );
        })}
      </section>

      <ProseSection id="reading-reliability" title="How to read the reliability figures">
        <p>
          Reliability here is internal consistency: how well the statements of one scale agree with each other (Cronbach&apos;s alpha; for
          the right-or-wrong items of the cognitive test, its special case KR-20). It runs from 0 to 1. It says how much of the spread
          between people is signal rather than noise. It says nothing about whether a scale measures what its name promises, and nothing
          about how stable your answers are over months.
        </p>
        <p>
          Each figure uses one attempt per person, their latest, so that people who take a test several times are not counted twice. It is
          published only from {entries?.[0]?.scales[0]?.minimumN ?? 30} people onwards, with a 90% interval: with ten people a true value of
          .72 can come out anywhere between about .24 and .87, which would tell you nothing. Until a scale has enough people, results use a
          documented assumption (a reliability of .65 for the six-statement scales) and say so.
        </p>
        <p>
          From reliability follows the standard error of each score, and from that the 90% range around every score you see. With six
          statements per scale the error is about 9 points on a 0–100 scale, so two of your scales must differ by roughly 25 points before
          the difference is more than noise.
        </p>
      </ProseSection>

      <ProseSection id="verdicts" title="When a verdict is named">
        <p>
          A primary style, a strongest or weakest domain, or a personality letter is named only when it clears the others by more than
          measurement error, with the comparisons corrected for being several at once. We tested this rule on simulated people whose answers
          follow a different model from the one the scoring assumes: named verdicts came back on a simulated retake about 85–95% of the
          time.
        </p>
        <p>
          The price is that verdicts are rare. Most leadership results say that several styles are within error of each other. That is the
          honest answer from six statements per style, not a fault in your answers. Longer scales are the only way to name more.
        </p>
        <p>
          A response pattern that cannot carry a verdict is flagged in plain words: nearly the same answer to every statement, or a number
          correct on the cognitive test that guessing alone could produce.
        </p>
      </ProseSection>

      <ProseSection id="norm" title="The cognitive test's norm and its limits">
        <p>
          An IQ-style score means something only relative to a group. Until enough people have taken the test here, that group is an
          assumption: item difficulties we set by hand, rising through the test. The results call this norm provisional, and its ranges are
          widened to allow that the assumption may be off by several points in either direction.
        </p>
        <p>
          Once at least 200 people have completed the test, the coach can calibrate it: the model is fitted to each person&apos;s latest
          answers and the scale is set so that this group averages 100. Later results say &quot;compared with the N people who have taken
          this test here&quot;. That group chose to take the test and is mostly executives, so a score of 100 means average among them, not
          among adults in general.
        </p>
        <p>No model corrects for help, interruptions or looking answers up during an unsupervised online test.</p>
      </ProseSection>

      <section aria-labelledby="change" className="mt-12">
        <h2 id="change" className="text-2xl font-semibold text-slate-900">
          Change over time
        </h2>
        <p className="mt-4 text-slate-700">
          Your history compares each result with your previous one of the same assessment. A change is called reliable only when it is
          larger than the error of both scores together would explain (the reliable-change index of Jacobson and Truax). Anything smaller is
          reported as &quot;within measurement error&quot;: it may be real, but these scores cannot show it.
        </p>
      </section>

      <section aria-labelledby="validation" className="mt-12 rounded-xl bg-slate-50 p-6">
        <h2 id="validation" className="text-2xl font-semibold text-slate-900">
          What we do not claim
        </h2>
        <p className="mt-3 text-slate-700">
          No validation study of these assessments exists: nobody has yet shown that their scores predict leadership outcomes. We treat them
          as structured starting points for a coaching conversation, and we would rather you know their limits than trust them more than the
          evidence allows.
        </p>
        <Link href="/tests" className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-2">
          Browse the assessments
        </Link>
      </section>
    </article>
  );
}

/** A titled section of running text (the page's plain explanations). */
function ProseSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}
