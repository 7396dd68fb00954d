import Link from "next/link";
import type { Attendance, AttendanceFigures } from "./overview";

/** A rate only with its N and interval; below the minimum, the counts alone (a percentage of three sessions says little). */
function attendanceRate(f: AttendanceFigures, minimum: number) {
  if (f.recorded === 0) return <span className="text-slate-700">No attendance recorded</span>;
  if (f.rate === null)
    return (
      <span>
        {f.attended} of {f.recorded} attended{" "}
        <span className="text-slate-700">
          · too few for a rate ({f.recorded} of {minimum} recorded)
        </span>
      </span>
    );
  return (
    <span>
      <span className="font-semibold tabular-nums">{f.rate}%</span>{" "}
      <span className="tabular-nums">
        (90% CI {f.low}–{f.high}%, N = {f.recorded})
      </span>
    </span>
  );
}

function AttendanceRow({ label, f, minimum, total }: { label: string; f: AttendanceFigures; minimum: number; total?: boolean }) {
  return (
    <tr className={total ? "bg-slate-50 font-medium" : undefined}>
      <th scope="row" className={`px-3 py-2 ${total ? "font-medium" : "font-normal"}`}>
        {label}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{f.sessions}</td>
      <td className="px-3 py-2 text-right tabular-nums">{f.recorded}</td>
      <td className="px-3 py-2 text-right tabular-nums">{f.attended}</td>
      <td className="px-3 py-2 text-right tabular-nums">{f.noShows}</td>
      <td className="px-3 py-2">{attendanceRate(f, minimum)}</td>
    </tr>
  );
}

/** Attendance of the sessions held in the period: overall and per appointment type, and who missed sessions. */
export function AttendanceSection({ attendance }: { attendance: Attendance }) {
  const { overall, byType, clientsWithNoShows, minSessions } = attendance;
  return (
    <section aria-labelledby="analytics-attendance-heading">
      <h3 id="analytics-attendance-heading" className="text-lg font-semibold text-brand-900">
        Attendance
      </h3>
      <p className="text-sm text-slate-700">
        Sessions that started in the period (canceled ones left out). The rate is attended out of the sessions whose attendance you recorded
        (N), with its 90% interval; below {minSessions} recorded sessions only the counts are shown.
      </p>
      {overall.sessions === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No sessions took place in this period.</p>
      ) : (
        <>
          <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <caption className="sr-only">Attendance by appointment type</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Appointment type
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Sessions held
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Recorded (N)
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Attended
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    No-shows
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Attendance rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {byType
                  .filter((t) => t.sessions > 0)
                  .map((t) => (
                    <AttendanceRow key={t.type} label={t.label} f={t} minimum={minSessions} />
                  ))}
              </tbody>
              <tfoot className="border-t border-slate-200">
                <AttendanceRow label="All types" f={overall} minimum={minSessions} total />
              </tfoot>
            </table>
          </div>
          {overall.sessions > overall.recorded ? (
            <p className="mt-2 text-sm text-slate-700">
              {overall.sessions - overall.recorded} of {overall.sessions} sessions have no attendance recorded yet (Appointments tab).
            </p>
          ) : null}
          {clientsWithNoShows.length > 0 ? (
            <div className="mt-3 text-sm">
              <h4 className="font-medium text-slate-900">Clients with no-shows</h4>
              <ul className="mt-1 space-y-0.5">
                {clientsWithNoShows.map((c) => (
                  <li key={c.id}>
                    <Link href={`/admin/clients/${c.id}`} className="text-brand-700 underline underline-offset-2">
                      {c.name}
                    </Link>
                    : {c.noShows} {c.noShows === 1 ? "no-show" : "no-shows"} of {c.recorded} recorded
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
