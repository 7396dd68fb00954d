import { clsx } from "clsx";
import { NOT_A_MEASUREMENT } from "@coach/assessments/results";
import { changeWords, readChange } from "~/components/assessments/change-words";
import { LocalDay } from "../when";
import { CARD } from "./record-section";
import type { RecordResult } from "./record-view";

const round = (n: number) => Math.round(n * 10) / 10;

/** One completed assessment: each scale with its 90% range, and the change since the previous result of the same test. */
export function ResultCard({ result }: { result: RecordResult }) {
  // A result that is not a measurement carries no scales or change worth reading: its summary says why.
  const invalid = result.summary.startsWith(NOT_A_MEASUREMENT);
  const change = invalid ? null : readChange((result as { change?: unknown }).change);
  return (
    <li id={`result-${result.attemptId}`} className={clsx(CARD, "scroll-mt-24")}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{result.testTitle}</h3>
        <p className="text-sm text-slate-600">
          <LocalDay date={result.completedAt} />
        </p>
      </div>
      {result.summary ? (
        <p className={clsx("mt-1 break-words text-sm text-slate-800", invalid && "rounded-md border border-amber-300 bg-amber-50 p-2")}>
          {result.summary}
        </p>
      ) : null}
      {!invalid && result.scales.length > 0 ? (
        <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {result.scales.map((s) => (
            <li key={s.key} className="tabular-nums text-slate-800">
              {s.label}: <span className="font-semibold">{round(s.score)}</span>{" "}
              <span className="text-slate-600">
                (90% range {round(s.low)}–{round(s.high)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {change ? (
        <p className="mt-2 text-sm text-slate-700">
          Since the previous result: {changeWords(change, (key) => result.scales.find((s) => s.key === key)?.label ?? key)}
        </p>
      ) : null}
    </li>
  );
}
