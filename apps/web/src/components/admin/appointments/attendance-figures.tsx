"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/trpc/react";

/** Attendance rate and no-shows per client (the data the analytics tab can also show). */
export function AttendanceFigures() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.appointments.attendanceStats.queryOptions());
  // The rate comes by the API's one attendance rule (none below minSessions recorded), as on the analytics tab.
  const pct = (r: number | null) => (r === null ? "—" : `${r}%`);
  if (!stats.data || stats.data.clients.length === 0) return null;
  return (
    <section aria-labelledby="attendance-heading">
      <h3 id="attendance-heading" className="text-lg font-semibold text-brand-900">
        Attendance
      </h3>
      <p className="text-sm text-slate-700">
        {stats.data.overall.rate === null
          ? `Overall ${stats.data.overall.attended} of ${stats.data.overall.recorded} attended · too few for a rate (${stats.data.overall.recorded} of ${stats.data.minSessions} recorded), `
          : `Overall ${stats.data.overall.rate}% attended (90% CI ${stats.data.overall.low}–${stats.data.overall.high}%, N = ${stats.data.overall.recorded}), `}
        {stats.data.overall.noShows} no-shows.
      </p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-3">
              Client
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Attended
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              No-shows
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.data.clients.map((c) => (
            <tr key={c.client.id} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                <Link href={`/admin/clients/${c.client.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {c.client.name}
                </Link>
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{c.attended}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{c.noShows}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{pct(c.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
