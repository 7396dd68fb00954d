import type { AppRouter, inferRouterOutputs } from "@coach/api";

type Scale = inferRouterOutputs<AppRouter>["admin"]["attempts"]["byId"]["scales"][number];

/** The result's scale scores with their 90% ranges, as the scorer stored them (the answers follow below). */
export function ScaleScores({ scales }: { scales: Scale[] }) {
  if (scales.length === 0) return null;
  return (
    <div>
      <h4 className="text-lg font-semibold text-slate-900">Scale scores</h4>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Scale scores with their 90% ranges</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Scale
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Score
              </th>
              <th scope="col" className="py-2 text-right">
                90% range
              </th>
            </tr>
          </thead>
          <tbody>
            {scales.map((s) => (
              <tr key={s.key} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
                  {s.label}
                </th>
                <td className="py-2 pr-3 text-right font-semibold tabular-nums text-slate-900">{round(s.score)}</td>
                <td className="py-2 text-right tabular-nums text-slate-700">
                  {s.low === s.high ? "—" : `${round(s.low)}–${round(s.high)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
