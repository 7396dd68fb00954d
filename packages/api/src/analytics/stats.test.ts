import { describe, expect, it } from "vitest";
import {
  completionRate,
  countBy,
  countByWeek,
  cronbachAlpha,
  mean,
  parseDay,
  sampleVariance,
  scaleMatrix,
  weekStart,
  weekStarts,
} from "./stats";

// Five respondents × three items. By hand:
// item variances 2.5, 1.8, 2.2 (sum 6.5); totals 4, 7, 10, 13, 14 → variance 17.3;
// α = 3/2 · (1 − 6.5/17.3) = 0.936416…
const MATRIX = [
  [1, 2, 1],
  [2, 2, 3],
  [3, 4, 3],
  [4, 4, 5],
  [5, 5, 4],
];

describe("cronbachAlpha", () => {
  it("matches the hand-computed value for a small response matrix", () => {
    expect(cronbachAlpha(MATRIX)).toBeCloseTo(0.936416, 5);
  });

  it("is 1 for perfectly parallel items and negative for items that contradict each other", () => {
    expect(cronbachAlpha([[1, 1], [3, 3], [5, 5]])).toBeCloseTo(1, 10);
    // Item 2 is item 1 mirrored (an un-reversed reverse-keyed item): totals never vary → undefined.
    expect(cronbachAlpha([[1, 5], [3, 3], [5, 1]])).toBeNull();
    // Items pulling apart: item variances 4 and 4/3, total variance 4/3 → 2 · (1 − 4) = −6.
    expect(cronbachAlpha([[1, 5], [3, 3], [5, 3]])).toBeCloseTo(-6, 10);
  });

  it("is undefined with fewer than two items or two respondents", () => {
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(cronbachAlpha([[1], [2], [3]])).toBeNull();
    expect(cronbachAlpha([])).toBeNull();
  });
});

describe("scaleMatrix", () => {
  it("reverse-keys items as 6 − r and keeps only respondents who answered every item", () => {
    const items = [
      { questionId: 10, reverse: false },
      { questionId: 11, reverse: false },
      { questionId: 12, reverse: true },
    ];
    const answers = new Map<number, Map<number, string>>();
    // The matrix above, with item 3 stored as the respondent answered it (reversed).
    MATRIX.forEach((row, i) => answers.set(i, new Map([[10, String(row[0])], [11, String(row[1])], [12, String(6 - row[2]!)]])));
    answers.set(99, new Map([[10, "3"], [11, "4"]])); // skipped item 12
    answers.set(100, new Map([[10, "3"], [11, "4"], [12, "9"]])); // not a slider value
    const matrix = scaleMatrix(items, answers);
    expect(matrix).toEqual(MATRIX);
    expect(cronbachAlpha(matrix)).toBeCloseTo(0.936416, 5);
  });
});

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

  it("averages, variances and completion rates", () => {
    expect(mean([])).toBeNull();
    expect(mean([50, 70, 90])).toBe(70);
    expect(sampleVariance([1, 2, 3, 4, 5])).toBe(2.5);
    expect(sampleVariance([4])).toBeNull();
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
