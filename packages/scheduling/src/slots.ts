/**
 * Available slots for the booking calendar. Pure: the caller supplies "now" and the
 * busy times (existing appointments merged with Google busy blocks).
 */
import { appointmentDuration, type AppointmentType, type AvailabilitySettings } from "./settings";
import { HOUR, MINUTE, addDays, assertValidDate, dayCandidates, lastBookableDay, localDateKey } from "./zoned";

export interface BusyInterval {
  start: Date;
  end: Date;
}

/** Matches the spec's "Available slot": ISO date-time strings in UTC ('Z'). */
export interface Slot {
  start: string;
  end: string;
}

export interface SlotQuery {
  settings: AvailabilitySettings;
  appointmentType: AppointmentType;
  /** Only slots lying entirely inside [from, to] are returned. */
  from: Date;
  to: Date;
  now: Date;
  busy: readonly BusyInterval[];
}

/**
 * Busy times padded by the buffer, clipped to the window, sorted and merged into
 * disjoint spans. Disjoint spans have sorted ends too, which makes binary search valid.
 */
export class BusyIndex {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(busy: readonly BusyInterval[], bufferMinutes: number, windowStart = -Infinity, windowEnd = Infinity) {
    const pad = bufferMinutes * MINUTE;
    const spans: Array<[number, number]> = [];
    for (const b of busy) {
      const s = assertValidDate(b.start, "Busy interval start");
      const e = assertValidDate(b.end, "Busy interval end");
      if (e <= s) continue; // empty or reversed blocks hold no time
      if (e + pad <= windowStart || s - pad >= windowEnd) continue;
      spans.push([s - pad, e + pad]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    for (const [s, e] of spans) {
      const last = this.ends.length - 1;
      if (last >= 0 && s <= this.ends[last]!) {
        this.ends[last] = Math.max(this.ends[last]!, e);
      } else {
        this.starts.push(s);
        this.ends.push(e);
      }
    }
  }

  /** Does [start, end) touch any busy span? Back-to-back (end == span start) is allowed. */
  overlaps(start: number, end: number): boolean {
    // First span whose end is after `start`; only it can overlap.
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ends[mid]! > start) hi = mid;
      else lo = mid + 1;
    }
    return lo < this.starts.length && this.starts[lo]! < end;
  }
}

export function computeAvailableSlots(query: SlotQuery): Slot[] {
  const { settings, appointmentType } = query;
  const from = assertValidDate(query.from, "from");
  const to = assertValidDate(query.to, "to");
  const now = assertValidDate(query.now, "now");
  const lengthMs = appointmentDuration(settings, appointmentType) * MINUTE;

  // Minimum notice also rules out the past (notice >= 0).
  const earliest = Math.max(from, now + settings.minimumNoticeHours * HOUR);
  if (earliest + lengthMs > to) return [];

  const tz = settings.timeZone;
  const toDay = localDateKey(to, tz);
  const horizon = lastBookableDay(settings, now);
  const lastDay = toDay < horizon ? toDay : horizon;
  const busy = new BusyIndex(query.busy, settings.bufferMinutes, earliest, to);

  const slots: Slot[] = [];
  // Date keys compare correctly as strings; the loop runs at most maxDaysAhead + 1 times.
  for (let day = localDateKey(earliest, tz); day <= lastDay; day = addDays(day, 1)) {
    for (const start of dayCandidates(settings, day, lengthMs / MINUTE)) {
      const end = start + lengthMs;
      if (start < earliest || end > to || busy.overlaps(start, end)) continue;
      slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
    }
  }
  return slots;
}
