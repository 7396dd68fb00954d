import { describe, expect, it } from "vitest";
import { completionRate, countBy, countByWeek, mean, parseDay, weekStart, weekStarts } from "./stats";

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
