import { describe, expect, it } from "vitest";
import { checkBookable } from "./booking";
import { holidayCountries, publicHolidays, withHolidayClosures } from "./holidays";
import { parseAvailability } from "./settings";
import { computeAvailableSlots } from "./slots";
import { firstPerDay, local } from "./test-utils";

const NY = "America/New_York";
const now = new Date("2026-12-01T12:00:00Z");

function daysWithSlots(settings: ReturnType<typeof parseAvailability>, from: string, to: string) {
  const list = computeAvailableSlots({
    settings: withHolidayClosures(settings, now),
    appointmentType: "coaching",
    from: local(NY, from),
    to: local(NY, to),
    now,
    busy: [],
  });
  return Object.keys(firstPerDay(NY, list));
}

describe("public holidays", () => {
  it("lists a country's public holidays only (no observances), once per date", () => {
    const us = publicHolidays("US", 2026).map((h) => h.date);
    expect(us).toContain("2026-12-25");
    expect(us).toContain("2026-07-03"); // Independence Day observed on the Friday
    expect(new Set(us).size).toBe(us.length);
    expect(publicHolidays("DE", 2026).map((h) => h.date)).toContain("2026-10-03");
    expect(holidayCountries().find(([code]) => code === "JP")?.[1]).toBe("Japan");
  });

  it("closes the coach's public holidays by default, and reopens a day she opens", () => {
    const closed = parseAvailability({ timeZone: NY });
    expect(closed.holidayCountry).toBe("US");
    expect(daysWithSlots(closed, "2026-12-21 00:00", "2026-12-27 00:00")).toEqual(["2026-12-21", "2026-12-22", "2026-12-23", "2026-12-24"]);

    const opened = parseAvailability({ timeZone: NY, openHolidays: ["2026-12-25"] });
    expect(daysWithSlots(opened, "2026-12-21 00:00", "2026-12-27 00:00")).toContain("2026-12-25");

    const none = parseAvailability({ timeZone: NY, holidayCountry: null });
    expect(daysWithSlots(none, "2026-12-21 00:00", "2026-12-27 00:00")).toContain("2026-12-25");
  });

  it("refuses a booking on a closed holiday with the day-off message", () => {
    const settings = withHolidayClosures(parseAvailability({ timeZone: NY, maxDaysAhead: 90 }), now);
    const start = local(NY, "2026-12-25 10:00");
    const outcome = checkBookable({
      settings,
      appointmentType: "coaching",
      start,
      end: new Date(start.getTime() + 60 * 60_000),
      now,
      busy: [],
    });
    expect(outcome).toMatchObject({ ok: false, message: "The coach isn't available on that day. Please choose another date." });
  });

  it("covers the years a booking can reach", () => {
    const settings = withHolidayClosures(parseAvailability({ maxDaysAhead: 60 }), now);
    expect(settings.holidayClosures).toContain("2027-01-01");
  });
});
