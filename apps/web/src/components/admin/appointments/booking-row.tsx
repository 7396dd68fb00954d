import Link from "next/link";
import { Button } from "@coach/ui/button";
import { formatTime } from "~/components/appointments/use-time-zone";
import { inZone, typeLabel, type Booking } from "./booking";

/**
 * One booking in the list: client, type, times in both zones, status, the client's answers, and the
 * actions that fit its moment (attendance once it has started, move or cancel before).
 */
export function BookingRow({
  booking: b,
  coachZone,
  onAttendance,
  onReschedule,
  onCancel,
  busy,
}: {
  booking: Booking;
  coachZone: string;
  onAttendance: (v: "attended" | "no-show") => void;
  onReschedule: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const started = new Date(b.startTime).getTime() <= Date.now();
  const live = b.status !== "canceled";
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`${b.client.name}, ${inZone(b.startTime, coachZone)}`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1 text-sm [overflow-wrap:anywhere]">
          <p className="text-base font-semibold text-slate-900">
            <Link href={`/admin/clients/${b.client.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {b.client.name}
            </Link>{" "}
            <span className="font-normal text-slate-700">&lt;{b.client.email}&gt;</span>
          </p>
          <p className="text-slate-800">
            {typeLabel(b.appointmentType)} · {b.title}
          </p>
          <p className="text-slate-700">
            Your time: {inZone(b.startTime, coachZone)}–{formatTime(b.endTime, coachZone)}
            {b.clientTimeZone && b.clientTimeZone !== coachZone ? (
              <> · Client&apos;s time: {inZone(b.startTime, b.clientTimeZone)}</>
            ) : null}
          </p>
          <p className="text-slate-700">
            Status: <span className="font-medium">{b.status}</span>
            {b.attendance ? (
              <>
                {" "}
                · Attendance: <span className="font-medium">{b.attendance === "attended" ? "Attended" : "No-show"}</span>
              </>
            ) : null}
            {b.rescheduleCount ? <> · Rescheduled {b.rescheduleCount}×</> : null}
          </p>
          {b.syncConflict ? (
            <p role="note" className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-amber-900">
              Calendar conflict: {b.syncConflict}
            </p>
          ) : null}
          {b.answers.length ? (
            <dl className="mt-2 space-y-1 rounded bg-slate-50 p-2">
              {b.answers.map((a) => (
                <div key={a.questionId}>
                  <dt className="font-medium text-slate-800">{a.question}</dt>
                  <dd className="whitespace-pre-line text-slate-700">{a.answer}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {b.description ? <p className="whitespace-pre-line text-slate-700">Notes: {b.description}</p> : null}
        </div>
        {live ? (
          <div className="flex flex-wrap gap-2">
            {started ? (
              <>
                <Button
                  size="sm"
                  variant={b.attendance === "attended" ? "primary" : "outline"}
                  disabled={busy}
                  onClick={() => onAttendance("attended")}
                  aria-label={`Mark ${b.client.name} attended`}
                >
                  Attended
                </Button>
                <Button
                  size="sm"
                  variant={b.attendance === "no-show" ? "primary" : "outline"}
                  disabled={busy}
                  onClick={() => onAttendance("no-show")}
                  aria-label={`Mark ${b.client.name} no-show`}
                >
                  No-show
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" onClick={onReschedule} aria-label={`Reschedule ${b.client.name}'s appointment`}>
                  Reschedule
                </Button>
                <Button size="sm" variant="outline" onClick={onCancel} aria-label={`Cancel ${b.client.name}'s appointment`}>
                  Cancel
                </Button>
              </>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}
