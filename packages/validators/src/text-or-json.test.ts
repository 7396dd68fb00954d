import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateFromText, numberFromText } from "./text-or-json";

describe("numberFromText", () => {
  const target = numberFromText(z.number({ message: "The target must be a number." }).int().min(0).max(100));

  it("reads JSON numbers and the text of a form field or path segment", () => {
    expect(target.parse(70)).toBe(70);
    expect(target.parse("70")).toBe(70);
    expect(target.parse(" 0 ")).toBe(0);
  });

  it("refuses what z.coerce would have read as 0 or 1", () => {
    for (const value of [null, "", "   ", true, false, "seventy", undefined, {}]) {
      expect(target.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(target.safeParse(null).error?.issues[0]?.message).toBe("The target must be a number.");
  });
});

describe("dateFromText", () => {
  const at = dateFromText(z.date({ message: "Choose a valid date and time" }));

  it("reads ISO text and Dates", () => {
    expect(at.parse("2026-12-01T09:00:00.000Z").toISOString()).toBe("2026-12-01T09:00:00.000Z");
    const date = new Date("2026-12-01T09:00:00Z");
    expect(at.parse(date)).toBe(date);
  });

  it("refuses null, numbers, booleans and text that is not a date (z.coerce.date read null as 1970)", () => {
    for (const value of [null, 0, true, "", "next tuesday"]) {
      const result = at.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choose a valid date and time");
    }
  });
});
