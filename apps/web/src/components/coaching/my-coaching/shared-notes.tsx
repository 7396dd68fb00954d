import { clsx } from "clsx";
import { LocalDay } from "../when";
import { SECTION } from "./portal-section";
import type { Portal } from "./portal-view";

/** The notes the coach chose to share after sessions (private notes never reach the portal). */
export function SharedNotes({ notes }: { notes: Portal["sharedNotes"] }) {
  if (notes.length === 0) return <p className={clsx(SECTION, "text-slate-700")}>Notes your coach shares after a session appear here.</p>;
  return (
    <ol className="space-y-4">
      {notes.map((note) => (
        <li key={note.id} className={SECTION}>
          <p className="text-sm font-medium text-slate-600">
            Session of <LocalDay date={note.appointmentStart} />
          </p>
          <p className="mt-2 whitespace-pre-line break-words text-slate-900">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}
