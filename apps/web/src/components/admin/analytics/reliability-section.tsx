import { ItemStatistics } from "./item-statistics";
import type { Overview, ScaleReliability } from "./overview";

/** A reading of alpha for people who are not psychometricians (George & Mallery's rule of thumb). */
export function alphaReading(alpha: number): string {
  if (alpha >= 0.9) return "Excellent";
  if (alpha >= 0.8) return "Good";
  if (alpha >= 0.7) return "Acceptable";
  if (alpha >= 0.6) return "Questionable";
  if (alpha >= 0.5) return "Poor";
  return "Unacceptable";
}

function reliabilityText(r: ScaleReliability, minimum: number) {
  if (r.n < minimum)
    return (
      <span className="text-slate-700">
        Not enough people yet ({r.n} of {minimum})
      </span>
    );
  if (r.alpha === null) return <span className="text-slate-700">Not computable: everyone answered identically (n = {r.n})</span>;
  const name = r.coefficient === "kr20" ? "KR-20" : "α";
  return (
    <span>
      <span className="font-semibold tabular-nums">
        {name} = {r.alpha.toFixed(2)}
      </span>{" "}
      <span className="tabular-nums">
        ({Math.round(r.level * 100)}% CI {r.low?.toFixed(2)}–{r.high?.toFixed(2)}, n = {r.n})
      </span>{" "}
      <span className="text-slate-700">· {alphaReading(r.alpha)}</span>
    </span>
  );
}

/** Reliability of every scale with its 90% interval and N, and the item statistics behind it. */
export function ReliabilitySection({ data }: { data: Overview }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-brand-900">Scale reliability</h3>
      <p className="text-sm text-slate-700">
        Cronbach&apos;s alpha (KR-20 for the IQ test, whose items are right or wrong) with its 90% confidence interval, counted over people:
        the latest attempt of each person completed in the period. Shown once a scale has {data.minRespondents} people who answered all of
        its items; below that the figure is noise. Items are flagged when they barely relate to the rest of their scale (item–rest r below
        .20) or, on the IQ test, when almost everyone or almost no one gets them right.
      </p>
      {data.reliability.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No scales to report.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Scale reliability with 90% confidence intervals</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Assessment
                </th>
                <th scope="col" className="px-3 py-2">
                  Scale
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Items
                </th>
                <th scope="col" className="px-3 py-2">
                  Reliability
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {data.reliability.map((r) => (
                <tr key={`${r.testId}-${r.scale}`} className="align-top">
                  <td className="px-3 py-2">{r.testTitle}</td>
                  <th scope="row" className="px-3 py-2 font-normal">
                    {r.label}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{r.items}</td>
                  <td className="px-3 py-2">
                    {reliabilityText(r, data.minRespondents)}
                    <ItemStatistics r={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
