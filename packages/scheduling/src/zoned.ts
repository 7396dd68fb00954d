/**
 * Internal helpers that turn the coach's wall-clock hours into instants and back.
 * Calendar days are handled as "yyyy-MM-dd" keys so day arithmetic never touches
 * a time zone. Offsets come straight from Intl (one cached formatter per zone):
 * building a TZDate costs ~30 µs, too slow for the per-slot hot path.
 */
import { WEEKDAYS, isClosedDay, timeToMinutes, type AvailabilitySettings } from "./settings";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

function keyFromUtcDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Midnight of a date key as if it were UTC: the zone-free "wall clock" origin of that day. */
function wallMidnight(key: string): number {
  const [y, m, d] = key.split("-").map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** UTC offset in ms (local = utc + offset) of a zone at an instant. */
export function offsetAt(ms: number, timeZone: string): number {
  let fmt = offsetFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    offsetFormatters.set(timeZone, fmt);
  }
  const f: Record<string, number> = {};
  for (const p of fmt.formatToParts(ms)) if (p.type !== "literal") f[p.type] = Number(p.value);
  const asUtc = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The coach-local calendar date of an instant. */
export function localDateKey(ms: number, timeZone: string): string {
  return keyFromUtcDate(new Date(ms + offsetAt(ms, timeZone)));
}

export function addDays(key: string, days: number): string {
  return keyFromUtcDate(new Date(wallMidnight(key) + days * DAY));
}

/** 0 = Sunday ... 6 = Saturday, like Date#getDay(). */
export function weekdayOf(key: string): number {
  return new Date(wallMidnight(key)).getUTCDay();
}

export function isWeekend(key: string): boolean {
  const day = weekdayOf(key);
  return day === 0 || day === 6;
}

/**
 * The instant a wall-clock time (as UTC-fields ms) happens, or null if it is skipped
 * by a spring-forward change; an ambiguous fall-back time takes the earlier instant.
 * Assumes no two offset changes within a day of each other, true of real zones.
 */
function exactInstant(wall: number, timeZone: string): number | null {
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const fits = (offset: number) => offsetAt(wall - offset, timeZone) === offset;
  const candidates = [before, after].filter(fits).map((offset) => wall - offset);
  return candidates.length ? Math.min(...candidates) : null;
}

/**
 * Converts wall times of one local day to instants. Offsets run from -12h to +14h, so
 * the day's instants lie in [midnight - 14h, midnight + 36h]; if the offset is the same
 * at both ends nothing changes in between and every time is wall - offset (two Intl
 * calls per day). Only a day with a change pays for the exact, per-time lookup.
 */
export function dayClock(key: string, timeZone: string) {
  const midnight = wallMidnight(key);
  const early = offsetAt(midnight - 14 * HOUR, timeZone);
  const steady = early === offsetAt(midnight + 36 * HOUR, timeZone);
  return {
    /** null when the time does not exist that day. */
    at(minutes: number): number | null {
      const wall = midnight + minutes * MINUTE;
      return steady ? wall - early : exactInstant(wall, timeZone);
    },
    /** For interval edges: a skipped time moves forward by the jump, as clocks do. */
    atOrAfter(minutes: number): number {
      const wall = midnight + minutes * MINUTE;
      if (steady) return wall - early;
      return exactInstant(wall, timeZone) ?? wall - offsetAt(wall - DAY, timeZone);
    },
  };
}

/** The last local date that may be booked: today (coach's zone) plus maxDaysAhead. */
export function lastBookableDay(settings: AvailabilitySettings, nowMs: number): string {
  return addDays(localDateKey(nowMs, settings.timeZone), settings.maxDaysAhead);
}

/**
 * Working intervals of one local day as instants, ignoring weekends and days off
 * (callers check those first so they can report them separately).
 */
export function workingIntervals(settings: AvailabilitySettings, key: string): Array<[number, number]> {
  const clock = dayClock(key, settings.timeZone);
  const hours = settings.weeklyHours[WEEKDAYS[weekdayOf(key)]!];
  return hours.map((i) => [clock.atOrAfter(timeToMinutes(i.start)), clock.atOrAfter(timeToMinutes(i.end))]);
}

/**
 * Every start the coach offers on one local day for a given length, before notice,
 * horizon and busy checks. Starts step in wall-clock time from each interval's start,
 * so 09:00 stays 09:00 across DST; the length itself is real elapsed minutes.
 */
export function dayCandidates(settings: AvailabilitySettings, key: string, lengthMinutes: number): number[] {
  if (isWeekend(key) || isClosedDay(settings, key)) return [];
  const { slotStepMinutes } = settings;
  const clock = dayClock(key, settings.timeZone);
  const lengthMs = lengthMinutes * MINUTE;
  const starts: number[] = [];
  const hours = settings.weeklyHours[WEEKDAYS[weekdayOf(key)]!];
  for (const interval of hours) {
    const first = timeToMinutes(interval.start);
    const last = timeToMinutes(interval.end);
    const intervalEnd = clock.atOrAfter(last);
    for (let m = first; m + lengthMinutes <= last; m += slotStepMinutes) {
      const start = clock.at(m);
      if (start !== null && start + lengthMs <= intervalEnd) starts.push(start);
    }
  }
  return starts;
}

export function assertValidDate(value: Date, name: string): number {
  const ms = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`${name} must be a valid Date.`);
  return ms;
}
