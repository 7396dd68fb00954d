"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const INK = "#0c1f3a";

type Point = { iq: number; information: number; se: number };

/** The reasoning test's information curve with its table: how precisely the calibrated test measures at each IQ. */
export function InformationCurve({ information }: { information: readonly Point[] }) {
  return (
    <figure>
      <figcaption className="font-semibold text-slate-900">Test information curve</figcaption>
      <p className="text-sm text-slate-700">
        How precisely the test measures at each IQ level; the standard error is 15 / √information. Low information at the ends is why
        intervals there are wide.
      </p>
      <div
        role="img"
        aria-label={`Test information: ${information.map((p) => `IQ ${p.iq}: ${p.information.toFixed(1)}`).join(", ")}`}
        className="mt-2"
        style={{ height: 240 }}
        data-testid="information-curve"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={information} margin={{ top: 12, right: 16, left: 0, bottom: 4 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
            <XAxis dataKey="iq" tick={{ fill: INK, fontSize: 12 }} />
            <YAxis tick={{ fill: INK, fontSize: 12 }} width={40} />
            <Tooltip
              formatter={(value) => (typeof value === "number" ? value.toFixed(2) : String(value))}
              labelFormatter={(iq) => `IQ ${iq}`}
            />
            <Line dataKey="information" name="Information" stroke={INK} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show as table</summary>
        <table className="mt-2 text-left">
          <caption className="sr-only">Test information by IQ</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                IQ
              </th>
              <th scope="col" className="pr-4 text-right">
                Information
              </th>
              <th scope="col" className="text-right">
                Standard error
              </th>
            </tr>
          </thead>
          <tbody>
            {information.map((p) => (
              <tr key={p.iq}>
                <th scope="row" className="pr-4 font-normal">
                  {p.iq}
                </th>
                <td className="pr-4 text-right tabular-nums">{p.information.toFixed(2)}</td>
                <td className="text-right tabular-nums">{p.se.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
