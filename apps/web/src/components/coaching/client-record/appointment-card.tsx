import { clsx } from "clsx";
import { ClientTime } from "~/components/time/client-time";
import { LocalDateTime, LocalDay } from "../when";
import { AttendanceButtons } from "./attendance-buttons";
import { NoteForm } from "./note-form";
import { CARD } from "./record-section";
import type { RecordAppointment } from "./record-view";

const ATTENDANCE: Record<NonNullable<RecordAppointment["attendance"]>, string> = { attended: "Attended", "no-show": "No-show" };

/**
 * One session with its attendance (which the coach marks here once it has started) and notes (shared
 * ones and the coach's private ones, told apart), and a form for another note.
 */
export function AppointmentCard({
  appointment,
  editable,
  onChanged,
}: {
  appointment: RecordAppointment;
  /** false for the anonymous remains of a deleted account, which take no new notes */
  editable: boolean;
  onChanged: () => void;
}) {
  const past = new Date(appointment.startTime).getTime() <= Date.now();
  return (
    <li id={`appointment-${appointment.id}`} className={clsx(CARD, "scroll-mt-24")}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">
            {appointment.typeLabel} · <LocalDateTime date={appointment.startTime} />
          </h3>
          <ClientTime date={appointment.startTime} timeZone={appointment.clientTimeZone} className="block text-sm text-slate-700" />
        </div>
        <p className="text-sm text-slate-700">
          <span className="capitalize">{appointment.status}</span>
          {past && appointment.status !== "canceled" ? (
            <> · Attendance: {appointment.attendance ? ATTENDANCE[appointment.attendance] : "not recorded"}</>
          ) : null}
        </p>
      </div>
      {editable && past && appointment.status !== "canceled" ? (
        <AttendanceButtons appointmentId={appointment.id} current={appointment.attendance} onMarked={onChanged} />
      ) : null}
      {appointment.notes.length > 0 ? (
        <ul aria-label="Session notes" className="mt-3 space-y-3">
          {appointment.notes.map((note) => (
            <li
              key={note.id}
              className={clsx("rounded-md border p-3", note.shared ? "border-brand-200 bg-brand-50" : "border-amber-300 bg-amber-50")}
            >
              <p className={clsx("text-xs font-semibold uppercase tracking-wide", note.shared ? "text-brand-800" : "text-amber-900")}>
                {note.shared ? "Shared with the client" : "Private - only you see this"}
                <span className="font-normal normal-case tracking-normal text-slate-700">
                  {" "}
                  · <LocalDay date={note.createdAt} />
                </span>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-900">{note.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Notes go on sessions that take place (the server refuses a canceled one). */}
      {editable && appointment.status !== "canceled" ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Add a note</summary>
          <NoteForm appointmentId={appointment.id} onAdded={onChanged} />
        </details>
      ) : null}
    </li>
  );
}
