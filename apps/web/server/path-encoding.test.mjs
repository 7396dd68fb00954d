import { expect, it } from "vitest";
import { hasBrokenPathEncoding } from "./path-encoding.mjs";

it("finds percent-encoding that does not decode, in any path (issue 17, finding 5)", () => {
  for (const url of ["/api/%ff", "/tests/%ff", "/uploads/%ff", "/reset-password/%ff", "/api/blog/%E0%A4%A", "/x/%"]) {
    expect(hasBrokenPathEncoding(url)).toBe(true);
  }
});

it("leaves well-formed paths and queries alone", () => {
  for (const url of ["/", "/blog/caf%C3%A9", "/api/blog?search=%ff", "/tests/abc%20def"]) expect(hasBrokenPathEncoding(url)).toBe(false);
});
