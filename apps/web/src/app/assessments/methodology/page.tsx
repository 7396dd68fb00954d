import { unstable_rethrow } from "next/navigation";
import type { Metadata } from "next";
import Link from "~/components/site-link";
import { log } from "@coach/api";
import { SECONDS_PER_ITEM } from "@coach/assessments";
import { PUBLISHED_FIGURES as F, percent, percentRange } from "@coach/assessments/published";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { getMethodology } from "~/components/assessments/methodology-data";
import type { MethodologyEntry } from "~/components/assessments/types";
import { INSTRUMENTS } from "./instruments";
import { IqBands, NormNote, PaceTable, ReliabilityTable, ReplicationTable } from "./tables";

const TITLE = "How Our Assessments Are Measured";
const SLIDER_TESTS = ["personality", "eq", "leadership"] as const;
const DESCRIPTION =
  "What each of our four assessments measures, how it is scored, its published item bank, its live reliability and retake replication with the number of people behind them, the norm of the cognitive test, and what a result can and cannot tell you.";

export const metadata: Metadata = {
  title: TITLE,
  description: DESCRIPTION,
  alternates: { canonical: "/assessments/methodology" },
  openGraph: { title: TITLE, description: DESCRIPTION, url: "/assessments/methodology", type: "article" },
};

/** Prerendered and regenerated at most every five minutes, so a calibration shows up without a deploy. */
export const revalidate = 300;

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
        its 90% range, a verdict is given only with the probability that it is right, the items and their parameters are published, and the
        reliability and retake figures below are computed live from the answers of the people who have taken each assessment here.
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
              <li>which style or domain is most likely your strongest and least used, with that probability in words;</li>
              <li>for the cognitive test, a range for your reasoning on this set of items, and what it is compared with;</li>
              <li>whether a change since your last attempt is larger than measurement error.</li>
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">A result cannot tell you</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              <li>how well you will perform in a role: no study links these scores to performance, and we claim none;</li>
              <li>how others see you: three of the four assessments are self-reports;</li>
              <li>a clinical or diagnostic IQ: the cognitive test is short, unsupervised and has no time limit;</li>
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
              <h4 className="mt-4 font-semibold text-slate-900">In the simulation</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
                {instrument.simulation.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {entry ? (
                <>
                  <p className="mt-4 text-slate-700">
                    {entry.items} items in use.{" "}
                    <a href={`/api/tests/${entry.testId}/items`} className="font-medium text-brand-800 underline underline-offset-2">
                      The published item bank of {entry.name}
                    </a>
                    : every item with its scale, its keying and its current parameters with the number of people they rest on
                    {instrument.type === "iq" ? " (without the correct answers)" : ""}.
                  </p>
                  <ReliabilityTable entry={entry} copy={copy} />
                  <NormNote entry={entry} />
                  {instrument.type === "iq" ? <IqBands copy={copy} provisional={entry.norm?.kind !== "calibrated"} /> : null}
                </>
              ) : null}
            </section>
          );
        })}
      </section>

      <ProseSection id="engine" title="How the scoring works">
        <p>
          <strong>Item response theory.</strong> Each statement has its own strength and its own ease of agreement, so scales are compared
          on one standardised scale rather than as raw averages. Your score is the mean of what your answers make plausible, and its 90%
          range is the range in which your own score lies with 90% probability.
        </p>
        <p>
          <strong>Adaptive questions.</strong> The next question is the one that best settles what you will be shown, and the test stops
          when that is settled or its time budget is spent. Two people may therefore answer different numbers of questions.
        </p>
        <p>
          <strong>Verdicts as probabilities.</strong> A strongest or least-used style or domain, or a personality letter, is named only when
          the probability that it is right is at least 9 in 10 (89 in 100 for a personality letter), and the result states that probability
          in words.
        </p>
        <p>
          <strong>Compared with other people.</strong> A result shows where each score sits among the people who took the assessment here,
          each counted once by their first measured attempt, as &quot;higher than about 62 in 100 of the 240 people who took it here&quot;.
          It appears once 100 people have taken it: from fewer, the comparison itself would be uncertain by about as much as your own 90%
          range (about ±15 in 100 from 30 people). Personality preferences are not levels, so they are not compared.
        </p>
        <p>
          <strong>Answers that were not read.</strong> A person-fit statistic, together with answer times, flags answers that do not follow
          any consistent pattern, and nearly the same answer to every statement is flagged too. Such a result says it is not a measurement,
          names nothing and is never compared with later results. In the simulation{" "}
          {percentRange(SLIDER_TESTS.map((t) => F[t].randomFlagged))} of random answerers were flagged, and{" "}
          {percentRange(SLIDER_TESTS.map((t) => F[t].genuineFlagged))} of genuine respondents.
        </p>
      </ProseSection>

      <section aria-labelledby="replication" className="mt-12">
        <h2 id="replication" className="text-2xl font-semibold text-slate-900">
          Do the verdicts come back?
        </h2>
        <div className="mt-4 space-y-3 text-slate-700">
          <p>
            In the simulation, a named primary style was the retake&apos;s top style {percent(F.leadership.retakeSame)} of the time, a named
            strongest domain {percent(F.eq.retakeSame)}, and firm personality letters repeated {percent(F.personality.letterRetake)}. The
            table below asks the same question of real people: among those who took an assessment again within 60 days of a first measured
            attempt, how often the verdict named on the first attempt came back on the second. A figure is shown only once enough retakers
            exist; it sits beside the lowest reliability of the assessment&apos;s scales.
          </p>
        </div>
        {entries ? <ReplicationTable entries={entries} /> : null}
      </section>

      <section aria-labelledby="pace" className="mt-12">
        <h2 id="pace" className="text-2xl font-semibold text-slate-900">
          How long they take
        </h2>
        <p className="mt-4 text-slate-700">
          Each assessment asks as many questions as its time budget holds, assuming about {SECONDS_PER_ITEM.eq} seconds to read and answer a
          statement and {SECONDS_PER_ITEM.iq} seconds for a reasoning question, after a minute of instructions. The table sets what people
          here actually took beside that assumption: the median time per answered question and per complete attempt, on each person&apos;s
          first measured attempt.
        </p>
        {entries ? <PaceTable entries={entries} /> : null}
      </section>

      <ProseSection id="reading-reliability" title="How to read the reliability figures">
        <p>
          Reliability here is internal consistency: how well the statements of one scale agree with each other (Cronbach&apos;s alpha; for
          the right-or-wrong items of the cognitive test, its special case KR-20). It runs from 0 to 1. It says nothing about whether a
          scale measures what its name promises, and nothing about how stable your answers are over months; the retake table above speaks to
          that.
        </p>
        <p>
          Each figure uses one attempt per person, their latest, so that people who take a test several times are not counted twice. It is
          published only from {entries?.[0]?.scales[0]?.minimumN ?? 30} people onwards, with its 90% interval.
        </p>
      </ProseSection>

      <ProseSection id="norm" title="The cognitive test's norm and its limits">
        <p>
          An IQ-style score means something only relative to a group. Until enough people have taken the test here, that group is an
          assumption: item difficulties we set by hand. The results call this norm provisional, and its ranges are widened to allow that the
          assumption may be off. The bands above keep their usual names, but under a provisional norm they rest on that assumption.
        </p>
        <p>
          Once at least 200 people have completed the test, the coach can calibrate it on each person&apos;s first complete, measured
          attempt. Later results say &quot;compared with the N people who have taken this test here&quot;. That group chose to take the test
          and is mostly executives, so a score of 100 means average among them, not among adults in general.
        </p>
        <p>No model corrects for help, interruptions or looking answers up during an unsupervised online test.</p>
      </ProseSection>

      <section aria-labelledby="change" className="mt-12">
        <h2 id="change" className="text-2xl font-semibold text-slate-900">
          Change over time
        </h2>
        <p className="mt-4 text-slate-700">
          Your history compares each result with your previous measured one of the same assessment. A change is called reliable only when it
          is larger than the error of both scores together would explain. When you take an assessment again after a measured result, it asks
          every question up to its time budget, so that the change can be judged on every scale. In the simulation{" "}
          {percentRange([...SLIDER_TESTS, "iq" as const].map((t) => F[t].falseChange))} of people who had not changed were told they had,
          depending on the assessment. Smaller real changes are often missed: a true change of one standard deviation in one leadership
          style was flagged only {percent(F.leadership.trueChangeFlagged)} of the time, and a 15-point change in the reasoning estimate{" "}
          {percent(F.iq.trueChangeFlagged)}. &quot;Within measurement error&quot; therefore means these scores cannot show a change, not
          that there was none.
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
