/** Shared helpers for the tests: write and read instants as coach-local wall time. */
import { TZDate } from "@date-fns/tz";
import type { Slot } from "./slots";

/** local("America/New_York", "2026-03-09 09:00") -> that instant. */
export function local(timeZone: string, wall: string): Date {
  const [date, time = "00:00"] = wall.split(" ");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, hh!, mm!, timeZone).getTime());
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO string or Date shown as "yyyy-MM-dd HH:mm" in the zone. */
export function wall(timeZone: string, value: string | Date): string {
  const t = new TZDate(new Date(value).getTime(), timeZone);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

export const startsIn = (timeZone: string, slots: Slot[]) => slots.map((s) => wall(timeZone, s.start));

/** First slot start per local day, as wall time. */
export function firstPerDay(timeZone: string, slots: Slot[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of slots) {
    const [day, time] = wall(timeZone, s.start).split(" ");
    out[day!] ??= time!;
  }
  return out;
}

export const busy = (start: Date, end: Date) => ({ start, end });
