/**
 * Dates on the coaching pages. Instants (a session, a note, a result) are shown in the reader's own
 * zone: the server renders its zone and the browser corrects it on hydration, so the text may differ
 * by design (suppressHydrationWarning). Calendar days (a due date, a target date) are stored as UTC
 * midnight and shown as that day in every zone.
 */

const dayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const localDayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
const localDateTimeFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

type DateLike = Date | string;

/** A calendar day (due date, target date): 'May 1, 2026' whatever the reader's zone. */
export function Day({ date }: { date: DateLike }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString().slice(0, 10)}>{dayFormat.format(d)}</time>;
}

/** The day of an instant, in the reader's zone. */
export function LocalDay({ date }: { date: DateLike }) {
  const d = new Date(date);
  return (
    <time dateTime={d.toISOString()} suppressHydrationWarning>
      {localDayFormat.format(d)}
    </time>
  );
}

/** Day and time of an instant, in the reader's zone. */
export function LocalDateTime({ date }: { date: DateLike }) {
  const d = new Date(date);
  return (
    <time dateTime={d.toISOString()} suppressHydrationWarning>
      {localDateTimeFormat.format(d)}
    </time>
  );
}

/** 'yyyy-MM-dd' of a date input as the UTC midnight the API stores for a calendar day. */
export function dayInput(value: string): Date | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : undefined;
}
