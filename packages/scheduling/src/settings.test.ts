import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { DEFAULT_AVAILABILITY, parseAvailability, safeParseAvailability } from "./settings";

/** The admin-facing messages for an invalid input, keyed by field path. */
function problems(input: unknown): Record<string, string> {
  const result = safeParseAvailability(input);
  if (result.success) throw new Error("expected validation to fail");
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("availability settings defaults", () => {
  it("a coach with no saved settings works Monday–Friday 09:00–17:00 in New York", () => {
    const s = parseAvailability(undefined);
    expect(s.timeZone).toBe("America/New_York");
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) {
      expect(s.weeklyHours[day]).toEqual([{ start: "09:00", end: "17:00" }]);
    }
    expect(s.weeklyHours.saturday).toEqual([]);
    expect(s.weeklyHours.sunday).toEqual([]);
  });

  it("uses the spec's lengths and the agreed booking rules", () => {
    expect(DEFAULT_AVAILABILITY.durations).toEqual({ consultation: 30, coaching: 60, followup: 30 });
    expect(DEFAULT_AVAILABILITY).toMatchObject({
      bufferMinutes: 15,
      minimumNoticeHours: 24,
      maxDaysAhead: 60,
      slotStepMinutes: 30,
      daysOff: [],
    });
    expect(parseAvailability(null)).toEqual(DEFAULT_AVAILABILITY);
  });

  it("defaults cannot be changed by accident", () => {
    expect(() => {
      (DEFAULT_AVAILABILITY.weeklyHours.monday as unknown as unknown[]).push({ start: "18:00", end: "19:00" });
    }).toThrow();
    expect(parseAvailability({}).weeklyHours.monday).toHaveLength(1);
  });

  it("saving one field keeps the defaults for the rest", () => {
    const s = parseAvailability({
      bufferMinutes: 10,
      durations: { coaching: 45 },
      weeklyHours: { monday: [{ start: "10:00", end: "12:00" }] },
    });
    expect(s.bufferMinutes).toBe(10);
    expect(s.durations).toEqual({ consultation: 30, coaching: 45, followup: 30 });
    expect(s.weeklyHours.monday).toEqual([{ start: "10:00", end: "12:00" }]);
    expect(s.weeklyHours.tuesday).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(s.minimumNoticeHours).toBe(24);
  });

  it("a day can be split (lunch break) and is kept in time order", () => {
    const s = parseAvailability({
      weeklyHours: {
        wednesday: [
          { start: "13:30", end: "17:00" },
          { start: "09:00", end: "12:00" },
        ],
      },
    });
    expect(s.weeklyHours.wednesday.map((i) => i.start)).toEqual(["09:00", "13:30"]);
  });

  it("a closed weekday is an empty list", () => {
    expect(parseAvailability({ weeklyHours: { friday: [] } }).weeklyHours.friday).toEqual([]);
  });

  it("accepts a time zone typed in lower case and stores its proper name", () => {
    expect(parseAvailability({ timeZone: "europe/london" }).timeZone).toBe("Europe/London");
  });

  it("days off are de-duplicated and sorted", () => {
    expect(parseAvailability({ daysOff: ["2026-12-25", "2026-12-24", "2026-12-25"] }).daysOff).toEqual(["2026-12-24", "2026-12-25"]);
  });
});

describe("availability settings validation messages", () => {
  it("rejects an interval that ends before it starts", () => {
    expect(problems({ weeklyHours: { monday: [{ start: "17:00", end: "09:00" }] } })).toEqual({
      "weeklyHours.monday.0.end": "End time must be after start time",
    });
  });

  it("rejects times that are not HH:mm", () => {
    const p = problems({ weeklyHours: { tuesday: [{ start: "9am", end: "25:00" }] } });
    expect(p["weeklyHours.tuesday.0.start"]).toMatch(/HH:mm/);
    expect(p["weeklyHours.tuesday.0.end"]).toMatch(/HH:mm/);
  });

  it("names the day when two intervals overlap", () => {
    const p = problems({
      weeklyHours: {
        thursday: [
          { start: "09:00", end: "12:00" },
          { start: "11:00", end: "13:00" },
        ],
      },
    });
    expect(p["weeklyHours.thursday"]).toBe(
      "Working hours on Thursday overlap (09:00–12:00 and 11:00–13:00). Merge them or adjust the times.",
    );
  });

  it("rejects an unknown time zone and suggests a valid one", () => {
    expect(problems({ timeZone: "Mars/Olympus" }).timeZone).toBe(
      '"Mars/Olympus" is not a time zone we recognise. Use an IANA name such as "America/New_York" or "Europe/London".',
    );
  });

  it("rejects impossible days off", () => {
    expect(problems({ daysOff: ["2026-02-30"] })["daysOff.0"]).toBe('"2026-02-30" is not a real date. Use yyyy-MM-dd, e.g. 2026-12-24.');
  });

  it("explains number ranges", () => {
    const p = problems({ bufferMinutes: -5, slotStepMinutes: 7.5, maxDaysAhead: "sixty" });
    expect(p.bufferMinutes).toBe("Buffer between appointments must be between 0 and 240 minutes.");
    expect(p.slotStepMinutes).toBe("Slot spacing must be a whole number of minutes.");
    expect(p.maxDaysAhead).toBe("Booking horizon must be a number of days.");
  });

  it("parseAvailability throws a ZodError for invalid input", () => {
    expect(() => parseAvailability({ durations: { coaching: 0 } })).toThrow(ZodError);
  });
});
