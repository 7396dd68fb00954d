import { describe, expect, it } from "vitest";
import { jsonBoolean } from "./json-boolean";

describe("jsonBoolean", () => {
  it("takes true and false, and refuses strings, numbers and null with its message", () => {
    const flag = jsonBoolean("shared must be true or false.");
    expect(flag.parse(true)).toBe(true);
    expect(flag.parse(false)).toBe(false);
    for (const value of ["false", "true", "", 0, 1, null]) {
      const result = flag.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("shared must be true or false.");
    }
  });
});
