/**
 * Dates on the coaching pages. Instants (a session, a note, a result) are shown in the reader's own
 * zone (components/time/local-time.tsx). Calendar days (a due date, a target date) are stored as UTC
 * midnight and shown as that day in every zone.
 */

const dayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

type DateLike = Date | string;

/** A calendar day (due date, target date): 'May 1, 2026' whatever the reader's zone. */
export function Day({ date }: { date: DateLike }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString().slice(0, 10)}>{dayFormat.format(d)}</time>;
}

export { LocalDay, LocalDateTime } from "~/components/time/local-time";

/** 'yyyy-MM-dd' of a date input as the UTC midnight the API stores for a calendar day. */
export function dayInput(value: string): Date | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : undefined;
}
