import { describe, expect, it } from "vitest";
import { attendanceFigures, completionRate, countBy, countByWeek, mean, parseDay, weekStart, weekStarts, wilsonInterval } from "./stats";

describe("distributions", () => {
  it("counts labels in a fixed order first, keeping zeros, then the rest by count", () => {
    expect(countBy(["B", "A", "C", "B", "D", "C", "C"], ["A", "B", "Z"])).toEqual([
      { label: "A", count: 1 },
      { label: "B", count: 2 },
      { label: "Z", count: 0 },
      { label: "C", count: 3 },
      { label: "D", count: 1 },
    ]);
  });

  it("averages and completion rates", () => {
    expect(mean([])).toBeNull();
    expect(mean([50, 70, 90])).toBe(70);
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(3, 2)).toBe(66.7);
    expect(completionRate(4, 4)).toBe(100);
  });
});

describe("weekly buckets", () => {
  it("starts weeks on Monday (UTC)", () => {
    expect(weekStart(new Date("2026-11-22T23:59:00Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z"); // a Sunday
    expect(weekStart(new Date("2026-11-16T00:00:00Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z"); // a Monday
  });

  it("lists every week overlapping the period and counts dates into them", () => {
    const from = parseDay("2026-11-04"); // Wednesday
    const to = new Date("2026-11-17T23:59:59.999Z"); // Tuesday
    expect(weekStarts(from, to)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16"]);
    const counts = countByWeek(
      [
        new Date("2026-11-03T12:00:00Z"), // before the period
        new Date("2026-11-04T00:00:00Z"),
        new Date("2026-11-08T23:59:59Z"),
        new Date("2026-11-09T00:00:00Z"),
        new Date("2026-11-17T23:00:00Z"),
        new Date("2026-11-18T00:00:00Z"), // after the period
      ],
      from,
      to,
    );
    expect([...counts.entries()]).toEqual([
      ["2026-11-02", 2],
      ["2026-11-09", 1],
      ["2026-11-16", 1],
    ]);
  });
});

describe("attendance", () => {
  it("gives the Wilson 90% interval (by hand: 8 of 10 is 0.541 to 0.931), bounded to 0 and 1", () => {
    const eight = wilsonInterval(8, 10)!;
    expect(eight.low).toBeCloseTo(0.5408, 4);
    expect(eight.high).toBeCloseTo(0.9314, 4);
    expect(wilsonInterval(0, 12)).toMatchObject({ low: 0 });
    expect(wilsonInterval(0, 12)!.high).toBeCloseTo(0.184, 3);
    expect(wilsonInterval(12, 12)).toMatchObject({ high: 1 });
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it("counts sessions, recorded, attended and no-shows, and gives a rate only from ten recorded sessions", () => {
    const few = attendanceFigures(["attended", "attended", "no-show", null]);
    expect(few).toEqual({ sessions: 4, recorded: 3, attended: 2, noShows: 1, rate: null, low: null, high: null });
    const enough = attendanceFigures([...Array<string>(8).fill("attended"), "no-show", "no-show", null]);
    expect(enough).toEqual({ sessions: 11, recorded: 10, attended: 8, noShows: 2, rate: 80, low: 54.1, high: 93.1 });
  });
});
