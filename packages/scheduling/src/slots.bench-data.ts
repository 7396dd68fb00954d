/**
 * Deterministic input for a slots benchmark: many unsorted, partly overlapping busy
 * blocks inside one 7-day window (the spec's slot lookup window).
 */
import { DEFAULT_AVAILABILITY, type AppointmentType, type AvailabilitySettings } from "./settings";
import type { BusyInterval, SlotQuery } from "./slots";

export interface BusyGeneratorOptions {
  count?: number;
  /** Window start; blocks are spread over `days` days from here, around the clock. */
  from?: Date;
  days?: number;
  minMinutes?: number;
  maxMinutes?: number;
  seed?: number;
}

/** mulberry32: tiny seeded PRNG so every run measures the same data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const BENCH_FROM = new Date("2026-03-09T00:00:00Z"); // a Monday, after the US DST change

export function generateBusyIntervals(options: BusyGeneratorOptions = {}): BusyInterval[] {
  const { count = 1000, from = BENCH_FROM, days = 7, minMinutes = 5, maxMinutes = 60, seed = 42 } = options;
  const random = prng(seed);
  const span = days * 24 * 60;
  const busy: BusyInterval[] = [];
  for (let i = 0; i < count; i++) {
    const startMin = Math.floor(random() * span);
    const length = minMinutes + Math.floor(random() * (maxMinutes - minMinutes + 1));
    const start = new Date(from.getTime() + startMin * 60_000);
    busy.push({ start, end: new Date(start.getTime() + length * 60_000) });
  }
  return busy;
}

/** A ready-made computeAvailableSlots query: 7-day window, 1,000 busy blocks. */
export function benchQuery(
  options: BusyGeneratorOptions & { settings?: AvailabilitySettings; appointmentType?: AppointmentType } = {},
): SlotQuery {
  const from = options.from ?? BENCH_FROM;
  const days = options.days ?? 7;
  return {
    settings: options.settings ?? DEFAULT_AVAILABILITY,
    appointmentType: options.appointmentType ?? "consultation",
    from,
    to: new Date(from.getTime() + days * 86_400_000),
    now: new Date(from.getTime() - 2 * 86_400_000),
    busy: generateBusyIntervals({ ...options, from, days }),
  };
}
