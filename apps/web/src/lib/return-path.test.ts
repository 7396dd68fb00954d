import { describe, expect, it } from "vitest";
import { safeReturnPath, signInHref } from "./return-path";

describe("safeReturnPath", () => {
  it("follows paths of this site, with their query", () => {
    expect(safeReturnPath("/appointments")).toBe("/appointments");
    expect(safeReturnPath("/tests/3?from=catalogue")).toBe("/tests/3?from=catalogue");
  });

  it("sends anything that could leave the site, or loop back to sign-in, home", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/a\nb",
      "/a\\b",
      "",
      "/auth",
      "/auth?next=/x",
      undefined,
      ["/x"],
      "/" + "a".repeat(600),
    ]) {
      expect(safeReturnPath(value)).toBe("/");
    }
  });

  it("builds the sign-in address that returns to a page", () => {
    expect(signInHref("/appointments")).toBe("/auth?next=%2Fappointments");
    expect(signInHref("//evil.example")).toBe("/auth");
  });
});
