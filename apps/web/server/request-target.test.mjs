import { expect, it } from "vitest";
import { rejectedTarget } from "./request-target.mjs";

it("finds percent-encoding that does not decode, in any path (issue 17, finding 5)", () => {
  for (const url of ["/api/%ff", "/tests/%ff", "/uploads/%ff", "/reset-password/%ff", "/api/blog/%E0%A4%A", "/x/%"]) {
    expect(rejectedTarget("GET", url)?.status).toBe(400);
  }
});

it("leaves well-formed paths and queries alone", () => {
  for (const url of ["/", "/blog/caf%C3%A9", "/api/blog?search=%ff", "/tests/abc%20def"])
    expect(rejectedTarget("GET", url)).toBeUndefined();
});

it("answers targets that are not a path of this site without passing them on (issue 30, findings 6 and 7)", () => {
  expect(rejectedTarget("OPTIONS", "*")?.status).toBe(204);
  for (const [method, url] of [
    ["GET", "*"],
    ["GET", "http://evil.example/"],
    ["GET", "https://evil.example/about"],
    ["GET", "//evil.example/"],
    ["GET", "evil.example:443"],
  ]) {
    expect(rejectedTarget(method, url)?.status).toBe(400);
  }
});
