import { describe, expect, it } from "vitest";
import { parseAvailability, type AppointmentType, type AvailabilitySettingsInput } from "./settings";
import { computeAvailableSlots, type BusyInterval, type Slot } from "./slots";
import { generateBusyIntervals } from "./slots.bench-data";
import { busy, firstPerDay, local, startsIn, wall } from "./test-utils";

const NY = "America/New_York";
const LONDON = "Europe/London";

interface Q {
  settings?: AvailabilitySettingsInput;
  type?: AppointmentType;
  tz?: string;
  from: string; // coach-local "yyyy-MM-dd HH:mm"
  to: string;
  now?: string;
  busy?: BusyInterval[];
}

/** Query in coach-local wall time; by default "now" is a week before the window opens. */
function slots(q: Q): Slot[] {
  const tz = q.tz ?? q.settings?.timeZone ?? NY;
  return computeAvailableSlots({
    settings: parseAvailability({ timeZone: tz, ...q.settings }),
    appointmentType: q.type ?? "consultation",
    from: local(tz, q.from),
    to: local(tz, q.to),
    now: q.now ? local(tz, q.now) : new Date(local(tz, q.from).getTime() - 7 * 86_400_000),
    busy: q.busy ?? [],
  });
}

const times = (list: Slot[], tz = NY) => startsIn(tz, list).map((s) => s.slice(11));
const MONDAY = { from: "2026-03-02 00:00", to: "2026-03-03 00:00" };

describe("working hours", () => {
  it("offers 30-minute consultations from 09:00 to a last start at 16:30", () => {
    const list = slots(MONDAY);
    expect(list).toHaveLength(16);
    expect(times(list)[0]).toBe("09:00");
    expect(times(list).at(-1)).toBe("16:30");
    expect(list[0]).toEqual({ start: "2026-03-02T14:00:00.000Z", end: "2026-03-02T14:30:00.000Z" });
  });

  it("a 60-minute coaching session never runs past 17:00", () => {
    const list = slots({ ...MONDAY, type: "coaching" });
    expect(times(list).at(-1)).toBe("16:00");
    expect(wall(NY, list.at(-1)!.end)).toBe("2026-03-02 17:00");
    for (const s of list) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(60 * 60_000);
  });

  it("starts are on step boundaries counted from the start of working hours", () => {
    const list = slots({ ...MONDAY, settings: { slotStepMinutes: 45 } });
    expect(times(list)).toEqual(["09:00", "09:45", "10:30", "11:15", "12:00", "12:45", "13:30", "14:15", "15:00", "15:45", "16:30"]);
  });

  it("a lunch break splits the day and the afternoon starts on its own boundary", () => {
    const list = slots({
      ...MONDAY,
      type: "coaching",
      settings: {
        weeklyHours: {
          monday: [
            { start: "09:00", end: "12:00" },
            { start: "13:15", end: "15:15" },
          ],
        },
      },
    });
    expect(times(list)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "13:15", "13:45", "14:15"]);
  });

  it("only returns slots lying wholly inside the requested window", () => {
    expect(times(slots({ from: "2026-03-02 10:15", to: "2026-03-02 12:00" }))).toEqual(["10:30", "11:00", "11:30"]);
  });

  it("returns ISO strings in UTC, in time order", () => {
    const list = slots({ from: "2026-03-02 00:00", to: "2026-03-07 00:00" });
    for (const s of list) expect(s.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    const starts = list.map((s) => s.start);
    expect([...starts].sort()).toEqual(starts);
  });

  it("uses the coach's weekday, not UTC's (Auckland's Monday morning is Sunday in UTC)", () => {
    const tz = "Pacific/Auckland";
    const list = slots({ tz, from: "2026-03-02 00:00", to: "2026-03-03 00:00" });
    expect(list[0]!.start).toBe("2026-03-01T20:00:00.000Z");
    expect(startsIn(tz, list)[0]).toBe("2026-03-02 09:00");
  });
});

describe("weekends and days off", () => {
  it("Saturdays and Sundays are never offered, even with weekend hours configured", () => {
    const weekend = [{ start: "10:00", end: "14:00" }];
    const list = slots({
      from: "2026-02-27 00:00",
      to: "2026-03-03 00:00",
      settings: { weeklyHours: { saturday: weekend, sunday: weekend } },
    });
    expect(Object.keys(firstPerDay(NY, list))).toEqual(["2026-02-27", "2026-03-02"]);
  });

  it("a day off removes that whole day", () => {
    const list = slots({ from: "2026-03-02 00:00", to: "2026-03-07 00:00", settings: { daysOff: ["2026-03-04"] } });
    expect(Object.keys(firstPerDay(NY, list))).toEqual(["2026-03-02", "2026-03-03", "2026-03-05", "2026-03-06"]);
  });
});

describe("existing bookings, busy blocks and buffers", () => {
  const booked = busy(local(NY, "2026-03-02 10:00"), local(NY, "2026-03-02 10:30"));
  const morning = { from: "2026-03-02 00:00", to: "2026-03-02 12:00" };

  it("keeps 15 minutes clear either side of an existing appointment", () => {
    expect(times(slots({ ...morning, busy: [booked] }))).toEqual(["09:00", "11:00", "11:30"]);
  });

  it("with no buffer only the booked half hour disappears", () => {
    expect(times(slots({ ...morning, busy: [booked], settings: { bufferMinutes: 0 } }))).toEqual([
      "09:00",
      "09:30",
      "10:30",
      "11:00",
      "11:30",
    ]);
  });

  it("a slot may start exactly when the buffer ends", () => {
    const early = busy(local(NY, "2026-03-02 09:00"), local(NY, "2026-03-02 09:45"));
    expect(times(slots({ ...morning, busy: [early] }))[0]).toBe("10:00");
  });

  it("Google busy blocks and bookings both block time, whatever order they arrive in", () => {
    const google = busy(local(NY, "2026-03-02 13:00"), local(NY, "2026-03-02 15:00"));
    const list = slots({ ...MONDAY, busy: [google, booked], settings: { bufferMinutes: 0 } });
    expect(times(list)).toEqual(["09:00", "09:30", "10:30", "11:00", "11:30", "12:00", "12:30", "15:00", "15:30", "16:00", "16:30"]);
  });

  it("a block spanning several days closes all of them", () => {
    const trip = busy(local(NY, "2026-03-03 00:00"), local(NY, "2026-03-05 00:00"));
    const list = slots({ from: "2026-03-02 00:00", to: "2026-03-06 00:00", busy: [trip] });
    expect(Object.keys(firstPerDay(NY, list))).toEqual(["2026-03-02", "2026-03-05"]);
  });
});

describe("minimum notice and booking horizon", () => {
  const now = "2026-03-02 10:10";

  it("nothing inside the next 24 hours; the next day opens at the first step after now + 24h", () => {
    const list = slots({ from: "2026-03-02 00:00", to: "2026-03-04 00:00", now });
    expect(startsIn(NY, list)[0]).toBe("2026-03-03 10:30");
  });

  it("with no notice required, today's remaining slots are offered but not past ones", () => {
    const list = slots({ ...MONDAY, now, settings: { minimumNoticeHours: 0 } });
    expect(times(list)[0]).toBe("10:30");
  });

  it("a window entirely in the past has no slots", () => {
    expect(slots({ from: "2026-02-23 00:00", to: "2026-02-28 00:00", now })).toEqual([]);
  });

  it("days beyond maxDaysAhead (counted in the coach's calendar days) are not offered", () => {
    const list = slots({
      from: "2026-03-02 00:00",
      to: "2026-03-10 00:00",
      now: "2026-03-02 08:00",
      settings: { minimumNoticeHours: 0, maxDaysAhead: 3 },
    });
    expect(Object.keys(firstPerDay(NY, list))).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]);
  });

  it("the default 60-day horizon ends on the 60th day", () => {
    const list = slots({ from: "2026-04-28 00:00", to: "2026-05-02 00:00", now: "2026-03-02 08:00" });
    expect(Object.keys(firstPerDay(NY, list))).toEqual(["2026-04-28", "2026-04-29", "2026-04-30", "2026-05-01"]);
    const beyond = slots({ from: "2026-05-04 00:00", to: "2026-05-05 00:00", now: "2026-03-03 08:00" });
    expect(beyond).toEqual([]);
  });
});

describe("daylight saving changes", () => {
  // Each case: the working days either side of a change; 09:00 local must map to a different UTC hour.
  it.each([
    { tz: NY, change: "US spring forward", before: "2026-03-06", after: "2026-03-09", utcBefore: "14:00", utcAfter: "13:00" },
    { tz: LONDON, change: "UK spring forward", before: "2026-03-27", after: "2026-03-30", utcBefore: "09:00", utcAfter: "08:00" },
    { tz: LONDON, change: "UK fall back", before: "2026-10-23", after: "2026-10-26", utcBefore: "08:00", utcAfter: "09:00" },
    { tz: NY, change: "US fall back", before: "2026-10-30", after: "2026-11-02", utcBefore: "13:00", utcAfter: "14:00" },
  ])("$tz $change: the first slot is 09:00 local on both sides", ({ tz, before, after, utcBefore, utcAfter }) => {
    const list = slots({ tz, from: `${before} 00:00`, to: `${after} 23:59` });
    expect(firstPerDay(tz, list)).toEqual({ [before]: "09:00", [after]: "09:00" });
    const perDay = (day: string) => list.filter((s) => wall(tz, s.start).startsWith(day));
    expect(perDay(before)[0]!.start).toBe(`${before}T${utcBefore}:00.000Z`);
    expect(perDay(after)[0]!.start).toBe(`${after}T${utcAfter}:00.000Z`);
    // Full day on both sides: 16 half-hour slots, the last ending at 17:00 local.
    for (const day of [before, after]) {
      expect(perDay(day)).toHaveLength(16);
      expect(wall(tz, perDay(day).at(-1)!.end)).toBe(`${day} 17:00`);
    }
  });

  it("a week spanning the change keeps every day at 09:00–17:00 local", () => {
    const list = slots({ from: "2026-03-04 00:00", to: "2026-03-13 00:00", type: "coaching" });
    const days = firstPerDay(NY, list);
    expect(Object.keys(days)).toEqual(["2026-03-04", "2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12"]);
    expect(new Set(Object.values(days))).toEqual(new Set(["09:00"]));
  });

  it("a client in London sees the US-only week: 09:00 New York is 13:00 London until the UK changes", () => {
    const list = slots({ from: "2026-03-09 00:00", to: "2026-03-10 00:00" });
    expect(wall(LONDON, list[0]!.start)).toBe("2026-03-09 13:00");
    const week = slots({ from: "2026-03-02 00:00", to: "2026-03-03 00:00" });
    expect(wall(LONDON, week[0]!.start)).toBe("2026-03-02 14:00");
  });

  it("skips wall times that do not exist (Cairo moves its clocks at midnight on a Friday)", () => {
    const tz = "Africa/Cairo";
    const list = slots({
      tz,
      from: "2026-04-23 18:00",
      to: "2026-04-24 12:00",
      settings: { weeklyHours: { friday: [{ start: "00:00", end: "03:00" }] } },
    });
    expect(startsIn(tz, list)).toEqual(["2026-04-24 01:00", "2026-04-24 01:30", "2026-04-24 02:00", "2026-04-24 02:30"]);
  });
});

describe("many busy intervals", () => {
  /** Obvious O(n·m) reference: the free slots minus anything touching a padded busy block. */
  function reference(free: Slot[], blocks: BusyInterval[], bufferMinutes: number): Slot[] {
    const pad = bufferMinutes * 60_000;
    return free.filter((s) => {
      const a = Date.parse(s.start);
      const b = Date.parse(s.end);
      return !blocks.some((x) => x.end > x.start && a < x.end.getTime() + pad && x.start.getTime() - pad < b);
    });
  }

  it.each([
    { bufferMinutes: 0, minMinutes: 1, maxMinutes: 10, seed: 1 },
    { bufferMinutes: 5, minMinutes: 1, maxMinutes: 5, seed: 7 },
    { bufferMinutes: 15, minMinutes: 5, maxMinutes: 60, seed: 42 },
  ])("1,000 blocks (buffer $bufferMinutes) give exactly the slots a naive scan gives", (opts) => {
    const from = local(NY, "2026-03-09 00:00");
    const to = local(NY, "2026-03-16 00:00");
    const blocks = generateBusyIntervals({ from, days: 7, ...opts });
    const snapshot = blocks.map((b) => b.start.getTime());
    const settings = parseAvailability({ bufferMinutes: opts.bufferMinutes });
    const base = { settings, appointmentType: "consultation" as const, from, to, now: local(NY, "2026-03-01 00:00") };

    const free = computeAvailableSlots({ ...base, busy: [] });
    const actual = computeAvailableSlots({ ...base, busy: blocks });
    expect(blocks).toHaveLength(1000);
    expect(actual).toEqual(reference(free, blocks, opts.bufferMinutes));
    expect(blocks.map((b) => b.start.getTime())).toEqual(snapshot); // caller's array untouched
    if (opts.bufferMinutes === 0) {
      expect(actual.length).toBeGreaterThan(0);
      expect(actual.length).toBeLessThan(free.length);
    }
  });

  it("ignores empty or reversed blocks and rejects invalid dates", () => {
    const at = local(NY, "2026-03-02 10:00");
    expect(slots({ ...MONDAY, busy: [busy(at, at), busy(at, local(NY, "2026-03-02 09:00"))] })).toHaveLength(16);
    expect(() => slots({ ...MONDAY, busy: [busy(new Date("nope"), at)] })).toThrow(RangeError);
  });
});
