"use client";

import { useTimeZone } from "~/components/appointments/use-time-zone";

type DateLike = Date | string;

const CLOCK: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };

/** The wall-clock text of an instant in a zone, or null for a zone name the browser does not know. */
function wallClock(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(date);
  } catch {
    return null;
  }
}

/** "Tokyo" from "Asia/Tokyo", "Argentina/Buenos Aires" from "America/Argentina/Buenos_Aires". */
const place = (timeZone: string) => timeZone.split("/").slice(1).join("/").replace(/_/g, " ") || timeZone;

/**
 * The client's own time of a session, beside the coach's, when her zone shows a different clock than
 * the coach's browser (issue 32): "Client's time: Nov 27, 11:00 PM GMT+9 (Tokyo)". Nothing while the
 * page hydrates (the coach's zone is not known yet) or when both clocks read the same.
 */
export function ClientTime({ date, timeZone, className }: { date: DateLike; timeZone: string | null | undefined; className?: string }) {
  const viewer = useTimeZone();
  if (!viewer || !timeZone) return null;
  const d = new Date(date);
  const theirs = wallClock(d, timeZone, CLOCK);
  if (!theirs || theirs === wallClock(d, viewer, CLOCK)) return null;
  return (
    <span className={className}>
      Client&apos;s time: {wallClock(d, timeZone, { ...CLOCK, timeZoneName: "short" })} ({place(timeZone)})
    </span>
  );
}
