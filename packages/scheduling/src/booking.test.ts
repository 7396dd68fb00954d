import { describe, expect, it } from "vitest";
import { appointmentTitle, checkBookable, withTitlePrefix, type BookingRequest } from "./booking";
import { parseAvailability, type AppointmentType, type AvailabilitySettingsInput } from "./settings";
import { computeAvailableSlots, type BusyInterval } from "./slots";
import { busy, local } from "./test-utils";

const NY = "America/New_York";
const NOW = local(NY, "2026-03-02 08:00"); // Monday morning

function check(
  start: string,
  minutes: number,
  opts: { type?: AppointmentType; settings?: AvailabilitySettingsInput; busy?: BusyInterval[]; now?: Date } = {},
) {
  const s = local(NY, start);
  const request: BookingRequest = {
    settings: parseAvailability(opts.settings ?? {}),
    start: s,
    end: new Date(s.getTime() + minutes * 60_000),
    now: opts.now ?? NOW,
    busy: opts.busy ?? [],
    ...(opts.type ? { appointmentType: opts.type } : {}),
  };
  return checkBookable(request);
}

describe("checkBookable", () => {
  it("accepts an offered slot", () => {
    expect(check("2026-03-03 10:00", 30, { type: "consultation" })).toEqual({ ok: true });
    expect(check("2026-03-03 16:00", 60, { type: "coaching" })).toEqual({ ok: true });
  });

  it("PAST: a time that has already gone", () => {
    expect(check("2026-03-02 07:00", 30)).toEqual({
      ok: false,
      code: "PAST",
      message: "That time is in the past. Please choose another slot.",
    });
  });

  it("NOTICE: later today is too soon with 24 hours' notice", () => {
    expect(check("2026-03-02 15:00", 30)).toEqual({
      ok: false,
      code: "NOTICE",
      message: "Appointments need at least 24 hours' notice. Please choose a later time.",
    });
    expect(check("2026-03-02 08:30", 30, { settings: { minimumNoticeHours: 1 } })).toMatchObject({
      code: "NOTICE",
      message: "Appointments need at least 1 hour's notice. Please choose a later time.",
    });
  });

  it("TOO_FAR: past the 60-day horizon, while the 60th day itself is fine", () => {
    expect(check("2026-05-01 10:00", 30)).toEqual({ ok: true });
    expect(check("2026-05-04 10:00", 30)).toEqual({
      ok: false,
      code: "TOO_FAR",
      message: "Appointments can be booked up to 60 days ahead. Please choose an earlier date.",
    });
  });

  it("WEEKEND: Saturday is refused even with Saturday hours configured", () => {
    const settings = { weeklyHours: { saturday: [{ start: "09:00", end: "17:00" }] } };
    expect(check("2026-03-07 10:00", 30, { settings })).toEqual({
      ok: false,
      code: "WEEKEND",
      message: "Appointments can't be booked on Saturdays or Sundays. Please choose a weekday.",
    });
  });

  it("DAY_OFF: the coach's day off", () => {
    expect(check("2026-03-04 10:00", 30, { settings: { daysOff: ["2026-03-04"] } })).toEqual({
      ok: false,
      code: "DAY_OFF",
      message: "The coach isn't available on that day. Please choose another date.",
    });
  });

  it("OUTSIDE_HOURS: before opening, running past closing, or between the offered start times", () => {
    const outside = {
      ok: false,
      code: "OUTSIDE_HOURS",
      message: "That time is outside the coach's working hours. Please choose another slot.",
    };
    expect(check("2026-03-03 08:00", 30)).toEqual(outside);
    expect(check("2026-03-03 16:30", 60, { type: "coaching" })).toEqual(outside);
    expect(check("2026-03-03 10:10", 30)).toEqual({
      ok: false,
      code: "OUTSIDE_HOURS",
      message: "Appointments start every 30 minutes from the start of the coach's working hours. Please choose one of the available slots.",
    });
  });

  it("CONFLICT: overlaps a booking or busy block, including the 15-minute buffer", () => {
    const booked = busy(local(NY, "2026-03-03 10:30"), local(NY, "2026-03-03 11:00"));
    const conflict = {
      ok: false,
      code: "CONFLICT",
      message: "That time is no longer available. Please choose another slot.",
    };
    expect(check("2026-03-03 10:30", 30, { busy: [booked] })).toEqual(conflict);
    expect(check("2026-03-03 10:00", 30, { busy: [booked] })).toEqual(conflict); // ends inside the buffer
    expect(check("2026-03-03 11:30", 30, { busy: [booked] })).toEqual({ ok: true });
    const google = busy(local(NY, "2026-03-03 13:00"), local(NY, "2026-03-03 17:00"));
    expect(check("2026-03-03 15:00", 60, { busy: [google] })).toEqual(conflict);
  });

  it("BAD_LENGTH: a length no appointment type has, or not the chosen type's", () => {
    expect(check("2026-03-03 10:00", 45)).toEqual({
      ok: false,
      code: "BAD_LENGTH",
      message: "Appointments last 30 or 60 minutes. Please choose one of the available slots.",
    });
    expect(check("2026-03-03 10:00", 30, { type: "coaching" })).toMatchObject({
      code: "BAD_LENGTH",
      message: "A coaching session lasts 60 minutes. Please choose one of the available slots.",
    });
    expect(check("2026-03-03 10:00", 60, { type: "consultation" })).toMatchObject({
      code: "BAD_LENGTH",
      message: "An initial consultation lasts 30 minutes. Please choose one of the available slots.",
    });
    expect(check("2026-03-03 10:00", -30)).toMatchObject({ code: "BAD_LENGTH" });
    expect(check("2026-03-03 10:00", 60)).toEqual({ ok: true }); // coaching length, no type given
  });

  it("uses the coach's local hours across DST: 13:00 UTC is 08:00 before the change, 09:00 after", () => {
    const utc = (iso: string) => ({ start: new Date(iso), end: new Date(Date.parse(iso) + 30 * 60_000) });
    const base = { settings: parseAvailability({}), now: NOW, busy: [] };
    expect(checkBookable({ ...base, ...utc("2026-03-06T13:00:00Z") })).toMatchObject({ code: "OUTSIDE_HOURS" });
    expect(checkBookable({ ...base, ...utc("2026-03-09T13:00:00Z") })).toEqual({ ok: true });
  });

  it("accepts exactly the slots computeAvailableSlots offers", () => {
    const settings = parseAvailability({ daysOff: ["2026-03-11"], slotStepMinutes: 45 });
    const blocks = [
      busy(local(NY, "2026-03-09 11:00"), local(NY, "2026-03-09 12:20")),
      busy(local(NY, "2026-03-10 09:00"), local(NY, "2026-03-10 09:05")),
    ];
    const now = local(NY, "2026-03-08 12:00");
    const from = local(NY, "2026-03-07 00:00");
    const offered = new Set(
      computeAvailableSlots({ settings, appointmentType: "coaching", from, to: local(NY, "2026-03-14 00:00"), now, busy: blocks }).map(
        (s) => s.start,
      ),
    );
    expect(offered.size).toBeGreaterThan(20);
    for (let t = from.getTime(); t < from.getTime() + 7 * 86_400_000; t += 15 * 60_000) {
      const result = checkBookable({
        settings,
        appointmentType: "coaching",
        start: new Date(t),
        end: new Date(t + 60 * 60_000),
        now,
        busy: blocks,
      });
      expect(result.ok, new Date(t).toISOString()).toBe(offered.has(new Date(t).toISOString()));
    }
  });
});

describe("appointment titles", () => {
  it("consultations name the client; coaching and follow-ups share one prefix", () => {
    expect(appointmentTitle("consultation", "Ada")).toBe("Consultation with Ada: ");
    expect(appointmentTitle("coaching", "Ada")).toBe("Coaching Session: ");
    expect(appointmentTitle("followup", "Ada")).toBe("Coaching Session: ");
  });

  it("prefixes the user's title once, even if saved twice", () => {
    const once = withTitlePrefix("consultation", "Ada", "Career goals");
    expect(once).toBe("Consultation with Ada: Career goals");
    expect(withTitlePrefix("consultation", "Ada", once)).toBe(once);
    expect(withTitlePrefix("followup", "Ada", " Check-in ")).toBe("Coaching Session: Check-in");
  });
});
