import type { ScaleReliability } from "./overview";

const FLAG_TEXT: Record<string, string> = {
  "low-item-rest": "barely related to the rest of the scale",
  "too-easy": "almost everyone gets it right",
  "too-hard": "almost no one gets it right",
};

/** The items behind one scale's reliability: difficulty or mean, item–rest correlation, and the flags a reader should look at. */
export function ItemStatistics({ r }: { r: ScaleReliability }) {
  if (r.itemStatistics.length === 0) return null;
  const flagged = r.itemStatistics.filter((i) => i.flags.length > 0).length;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">
        Item statistics ({r.itemStatistics.length} items{flagged ? `, ${flagged} flagged` : ""})
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">
          Item statistics: {r.testTitle}, {r.label}
        </caption>
        <thead className="text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3">
              #
            </th>
            <th scope="col" className="py-1 pr-3">
              Item
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              {r.coefficient === "kr20" ? "Proportion correct" : "Mean (1–5, keyed)"}
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Item–rest r
            </th>
            <th scope="col" className="py-1">
              Flag
            </th>
          </tr>
        </thead>
        <tbody>
          {r.itemStatistics.map((item) => (
            <tr key={item.questionId} className={item.flags.length ? "bg-amber-50" : undefined}>
              <td className="py-1 pr-3 tabular-nums">{item.order}</td>
              <th scope="row" className="max-w-md py-1 pr-3 font-normal">
                {item.text}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{item.mean.toFixed(2)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{item.itemRest === null ? "—" : item.itemRest.toFixed(2)}</td>
              <td className="py-1">{item.flags.map((f) => FLAG_TEXT[f] ?? f).join("; ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
