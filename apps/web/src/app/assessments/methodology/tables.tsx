import type { AssessmentCopy, MethodologyEntry } from "~/components/assessments/types";
import { MIN_SLIDER_CALIBRATION_PEOPLE } from "@coach/assessments";

/** The live tables of the methodology page: reliability, replication, pace, the IQ norm and bands. */

function scaleLabel(copy: AssessmentCopy, type: string, scale: string): string {
  if (type === "iq") return scale === "total" ? "Whole test" : scale;
  if (type === "eq") return copy.eqCategories.find((c) => c.key === scale)?.label ?? scale;
  if (type === "leadership") return copy.leadershipStyles.find((s) => s.key === scale)?.label ?? scale;
  return copy.personalityAxes.find((a) => a.key === scale)?.label ?? scale;
}

const two = (x: number) => x.toFixed(2).replace(/^0\./, ".").replace(/^-0\./, "−.");
const pct = (x: number) => `${Math.round(x * 100)}%`;
const TH = "py-2 pr-4 font-semibold";

function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-300">
        {names.map((name) => (
          <th key={name} scope="col" className={TH}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function ReliabilityTable({ entry, copy }: { entry: MethodologyEntry; copy: AssessmentCopy }) {
  const coefficient = entry.type === "iq" ? "KR-20" : "Cronbach's alpha";
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption className="sticky left-0 mb-2 max-w-[calc(100vw-2rem)] text-left font-semibold text-slate-900">
          Reliability ({coefficient}) from each person&apos;s latest attempt
        </caption>
        <ColumnHeads names={["Scale", "Items", "People (N)", "Reliability, 90% interval"]} />
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

const VERDICT_NAME: Record<string, string> = {
  leadership: "named primary style",
  eq: "named strongest domain",
  personality: "firm letter",
};

/** Live replication: of the verdicts named on a first attempt, the share that came back on a retake within the window. */
export function ReplicationTable({ entries }: { entries: MethodologyEntry[] }) {
  const rows = entries.filter((e) => e.replication);
  if (rows.length === 0) return null;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sticky left-0 mb-2 max-w-[calc(100vw-2rem)] text-left font-semibold text-slate-900">
          Verdicts that came back on a real retake (second attempt within {rows[0]!.replication!.windowDays} days)
        </caption>
        <ColumnHeads names={["Assessment", "What is counted", "N", "Came back, 90% interval", "Reliability (alpha), lowest scale"]} />
        <tbody>
          {rows.map((e) => {
            const r = e.replication!;
            const alphas = e.scales.flatMap((s) => (s.reliability ? [s.reliability.value] : []));
            return (
              <tr key={e.testId} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  {e.name}
                </th>
                <td className="py-2 pr-4">
                  {r.unit === "letters" ? `each ${VERDICT_NAME[e.type]}` : `people with a ${VERDICT_NAME[e.type]}`}
                </td>
                <td className="py-2 pr-4 tabular-nums">{r.n}</td>
                <td className="py-2 pr-4 tabular-nums">
                  {r.share !== null && r.low !== null && r.high !== null ? (
                    `${pct(r.share)} (${pct(r.low)}–${pct(r.high)})`
                  ) : (
                    <span className="text-slate-700">Not enough retakers yet (needs {r.minimumN})</span>
                  )}
                </td>
                <td className="py-2 tabular-nums">
                  {alphas.length === e.scales.length && alphas.length > 0 ? two(Math.min(...alphas)) : "not published yet"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** How long people here took on their first measured attempt, beside what each test's length assumes. */
export function PaceTable({ entries }: { entries: MethodologyEntry[] }) {
  if (entries.length === 0) return null;
  const notYet = <span className="text-slate-700">not enough yet</span>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sticky left-0 mb-2 max-w-[calc(100vw-2rem)] text-left font-semibold text-slate-900">
          Time taken on a first measured attempt (medians, shown from {entries[0]!.pace.minimumN} people)
        </caption>
        <ColumnHeads names={["Assessment", "People (N)", "Per question", "Whole attempt", "The length assumes"]} />
        <tbody>
          {entries.map(({ testId, name, pace: p }) => (
            <tr key={testId} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {name}
              </th>
              <td className="py-2 pr-4 tabular-nums">{p.people}</td>
              <td className="py-2 pr-4 tabular-nums">
                {p.medianSecondsPerQuestion === null ? notYet : `${p.medianSecondsPerQuestion} s`}
                {/* Answers sent without a time (over the API) leave some people out of this median: say how many it rests on. */}
                {p.timedPeople !== p.people && p.timedPeople > 0 ? ` (${p.timedPeople} timed)` : ""}
              </td>
              <td className="py-2 pr-4 tabular-nums">{p.medianMinutesPerAttempt === null ? notYet : `${p.medianMinutesPerAttempt} min`}</td>
              <td className="py-2 tabular-nums">
                {p.assumedSecondsPerQuestion} s a question within {p.budgetMinutes} min
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function NormNote({ entry }: { entry: MethodologyEntry }) {
  if (!entry.norm) return null;
  const iq = entry.type === "iq";
  if (entry.norm.kind === "calibrated" && entry.norm.n !== null) {
    return (
      <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
        <strong>Norm: calibrated.</strong> The item parameters were fitted to the first complete, measured attempts of the {entry.norm.n}{" "}
        people who have taken this test here{entry.norm.date ? ` (${entry.norm.date.slice(0, 10)})` : ""}, and the scale is set so that they
        average {iq ? "100 with a standard deviation of 15" : "50 on every scale, with a standard deviation of 15"}. A score compares you
        with them, people who chose to take it here, mostly executives, not with the general population.
      </p>
    );
  }
  return iq ? (
    <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <strong>Norm: provisional.</strong> The scale rests on assumed item difficulties; it has not yet been compared with real test-takers.
      Every range shown widens to allow for that doubt, and every result says the norm is provisional.
    </p>
  ) : (
    <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <strong>Norm: provisional.</strong> The statements&apos; parameters are the values they were written to; 50 is only the middle of the
      scale those values assume, not yet compared with real test-takers. Every range shown widens to allow for errors in them. Once{" "}
      {MIN_SLIDER_CALIBRATION_PEOPLE.toLocaleString("en-US")} people have taken the test here, the statements are fitted to their answers.
    </p>
  );
}

/** The IQ bands with their score ranges (a band starts above the previous band's upper bound). */
export function IqBands({ copy, provisional }: { copy: AssessmentCopy; provisional: boolean }) {
  const bands = copy.iqBands;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[24rem] border-collapse text-left text-sm">
        <caption className="sticky left-0 mb-2 max-w-[calc(100vw-2rem)] text-left font-semibold text-slate-900">
          Score bands{provisional ? " (provisional norm: the bands rest on assumed item difficulties)" : ""}
        </caption>
        <ColumnHeads names={["Band", "Scores"]} />
        <tbody>
          {bands.map((b, i) => {
            const upper = i === 0 ? null : bands[i - 1]!.above;
            const range = b.above === null ? `${upper} or below` : upper === null ? `${b.above + 1} and above` : `${b.above + 1}–${upper}`;
            return (
              <tr key={b.label} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  {b.label}
                </th>
                <td className="py-2 pr-4 tabular-nums">{range}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
