import { afterEach, describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./csrf";

const saved = process.env.APP_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = saved;
});

const post = (headers: Record<string, string>) => new Request("http://internal:3000/api/auth/login", { method: "POST", headers });

describe("CSRF origin check (issue 17, finding 6)", () => {
  it("accepts the site's own origin: scheme and host of APP_URL", () => {
    process.env.APP_URL = "https://coaching.example";
    expect(isCrossSiteRequest(post({ origin: "https://coaching.example", host: "coaching.example" }))).toBe(false);
  });

  it("refuses an origin whose host matches but whose scheme does not", () => {
    process.env.APP_URL = "https://coaching.example";
    expect(isCrossSiteRequest(post({ origin: "http://coaching.example", host: "coaching.example" }))).toBe(true);
  });

  it("never trusts X-Forwarded-Host (or Host) to name the site when APP_URL is configured", () => {
    process.env.APP_URL = "https://coaching.example";
    expect(isCrossSiteRequest(post({ origin: "https://evil.example", "x-forwarded-host": "evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "https://evil.example", host: "evil.example" }))).toBe(true);
  });

  it("without APP_URL (development) accepts the request's own Host, still not X-Forwarded-Host", () => {
    delete process.env.APP_URL;
    expect(isCrossSiteRequest(post({ origin: "http://devbox:3000", host: "devbox:3000" }))).toBe(false);
    expect(isCrossSiteRequest(post({ origin: "https://evil.example", host: "devbox:3000", "x-forwarded-host": "evil.example" }))).toBe(
      true,
    );
  });
});
