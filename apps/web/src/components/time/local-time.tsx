"use client";

import { useTimeZone } from "~/components/appointments/use-time-zone";

/**
 * An instant (a session, a sign-in, a message) as the viewer's browser reads it. The server does not
 * know the viewer's zone, so the server's markup (and the first render while hydrating) says the time
 * in UTC and names it; the browser then renders its own zone, named too. React swaps the text after
 * hydration instead of keeping the server's (which suppressHydrationWarning used to do: a session at
 * 9:00 New York time showed as "2:00 PM" on a direct load), and no zone ever produces a mismatch.
 */

type DateLike = Date | string;

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};
const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** The text of an instant in a zone (UTC until the browser's zone is known). */
export function formatInstant(date: DateLike, options: Intl.DateTimeFormatOptions, timeZone: string | null): string {
  return new Intl.DateTimeFormat("en-US", { ...options, timeZone: timeZone ?? "UTC" }).format(new Date(date));
}

function Instant({ date, options }: { date: DateLike; options: Intl.DateTimeFormatOptions }) {
  const timeZone = useTimeZone();
  const d = new Date(date);
  return <time dateTime={d.toISOString()}>{formatInstant(d, options, timeZone)}</time>;
}

/** 'May 1, 2026': the day of an instant in the viewer's zone. */
export function LocalDay({ date }: { date: DateLike }) {
  return <Instant date={date} options={DAY} />;
}

/** 'Friday, May 1, 2026 at 9:00 AM EDT': day, time and zone of an instant. */
export function LocalDateTime({ date }: { date: DateLike }) {
  return <Instant date={date} options={DATE_TIME} />;
}

/** 'May 1, 2026, 9:00 AM EDT': the compact form for tables. */
export function LocalShortDateTime({ date }: { date: DateLike }) {
  return <Instant date={date} options={SHORT_DATE_TIME} />;
}

/** A nullable instant in a table cell: the day, or `empty` ("—", "Never"). */
export function MaybeLocalDay({ date, empty = "—" }: { date: DateLike | null | undefined; empty?: string }) {
  return date ? <LocalDay date={date} /> : <>{empty}</>;
}

export function MaybeLocalShortDateTime({ date, empty = "—" }: { date: DateLike | null | undefined; empty?: string }) {
  return date ? <LocalShortDateTime date={date} /> : <>{empty}</>;
}
