/**
 * Calendar invitations (iTIP REQUEST / CANCEL) built with the `ics` package.
 * Times are written in UTC so no VTIMEZONE block is needed; the DESCRIPTION spells
 * the time out in the coach's and the client's zones for people reading the email.
 */
import { createEvent, type EventAttributes } from "ics";
import { isValidTimeZone } from "./settings";

export interface IcsPerson {
  name: string;
  email: string;
}

export interface BuildIcsInput {
  /** Stable per appointment, e.g. `appointment-42@example.com`; a CANCEL must reuse the REQUEST's UID. */
  uid: string;
  start: Date;
  end: Date;
  title: string;
  description?: string;
  organizer: IcsPerson;
  attendee: IcsPerson;
  method: "REQUEST" | "CANCEL";
  /** Increase on every update; a CANCEL needs a higher sequence than the last REQUEST. */
  sequence: number;
  coachTimeZone: string;
  /** From the client's browser; ignored if missing or not a known zone. */
  clientTimeZone?: string;
  url?: string;
  /** Where to meet: an address or a video link (LOCATION). */
  location?: string;
  /** DTSTAMP; defaults to the current time. Pass it for reproducible output. */
  stamp?: Date;
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date, timeZone: string, locale = "en-US"): Parts {
  const cacheKey = `${locale}|${timeZone}`;
  let fmt = formatters.get(cacheKey);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
      timeZoneName: "short",
    });
    formatters.set(cacheKey, fmt);
  }
  const parts: Parts = {};
  for (const p of fmt.formatToParts(date)) parts[p.type] = p.value;
  return parts;
}

/** "EDT", "GMT", "BST", "CEST"; en-US only knows American names, so try en-GB before settling for "GMT+2". */
function zoneAbbreviation(date: Date, timeZone: string, parts: Parts): string {
  const us = parts.timeZoneName ?? "";
  if (!/^GMT[+-]/.test(us)) return us;
  const gb = partsOf(date, timeZone, "en-GB").timeZoneName ?? us;
  return /^GMT[+-]/.test(gb) ? us : gb;
}

function timeOnly(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod} ${zoneAbbreviation(date, timeZone, p)} (${timeZone})`;
}

/** "Tuesday, March 10, 2026, 9:00 AM EDT (America/New_York)"; built from parts so ICU versions can't change it. */
export function formatInZone(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}, ${timeOnly(date, timeZone)}`;
}

const dateOnly = (date: Date, timeZone: string) => {
  const p = partsOf(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
};

/** Coach's zone first; the client's zone repeats the date only when it falls on another day there. */
export function formatInBothZones(date: Date, coachTimeZone: string, clientTimeZone?: string): string {
  const coach = formatInZone(date, coachTimeZone);
  if (!clientTimeZone || clientTimeZone === coachTimeZone || !isValidTimeZone(clientTimeZone)) return coach;
  const sameDay = dateOnly(date, coachTimeZone) === dateOnly(date, clientTimeZone);
  return `${coach} / ${sameDay ? timeOnly(date, clientTimeZone) : formatInZone(date, clientTimeZone)}`;
}

/**
 * A person's name as an iCalendar parameter value (CN="..."). RFC 5545 allows neither control
 * characters nor DQUOTE inside a quoted parameter, and the ics package escapes a quote as \"
 * (which RFC 5545 does not know), so a name with a quote or a line break would end CN early
 * and could inject properties. Control characters become spaces; double quotes become single.
 */
export function icsName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/"/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned || "Guest";
}

export function buildIcs(input: BuildIcsInput): string {
  const { start, end, method } = input;
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
    throw new RangeError("buildIcs: start and end must be valid dates with end after start.");
  }
  if (!input.uid.trim() || /[\r\n]/.test(input.uid)) throw new RangeError("buildIcs: uid must be a single non-empty line.");
  if (!Number.isInteger(input.sequence) || input.sequence < 0) {
    throw new RangeError("buildIcs: sequence must be a whole number >= 0.");
  }

  const cancelled = method === "CANCEL";
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const description = [
    cancelled ? "This appointment has been cancelled." : "",
    input.description?.trim() ?? "",
    `When: ${formatInBothZones(start, input.coachTimeZone, input.clientTimeZone)}`,
    `Length: ${minutes} minutes`,
    input.url ? `Details: ${input.url}` : "",
  ]
    .filter(Boolean)
    .join("\n");

  // `timestamp` (DTSTAMP) is accepted by ics at runtime but missing from its typings.
  const event: EventAttributes & { timestamp?: number } = {
    productId: "-//Coach//Scheduling//EN",
    method,
    uid: input.uid,
    sequence: input.sequence,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    title: input.title,
    description,
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    organizer: { name: icsName(input.organizer.name), email: input.organizer.email },
    attendees: [
      {
        name: icsName(input.attendee.name),
        email: input.attendee.email,
        role: "REQ-PARTICIPANT",
        partstat: "NEEDS-ACTION",
        rsvp: !cancelled,
      },
    ],
    ...(input.url ? { url: input.url } : {}),
    ...(input.location ? { location: input.location } : {}),
    timestamp: (input.stamp ?? new Date()).getTime(),
  };

  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`Could not build the calendar invitation: ${error?.message ?? "no output"}`);
  // ics already writes METHOD and STATUS; guard against a future version dropping them silently.
  if (!value.includes(`\r\nMETHOD:${method}\r\n`)) throw new Error(`ics output is missing METHOD:${method}.`);
  return value;
}
