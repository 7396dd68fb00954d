import { describe, expect, it } from "vitest";
import { isPublicHttpsUrl } from "./watch";

describe("isPublicHttpsUrl (where Google can deliver push notifications)", () => {
  it("accepts https on a public name or address", () => {
    for (const url of [
      "https://coach.example.com",
      "https://coaching.example:8443/base",
      "https://8.8.8.8",
      "https://[2001:4860:4860::8888]",
    ]) {
      expect(isPublicHttpsUrl(url), url).toBe(true);
    }
  });

  it("refuses plain http, localhost, private and link-local addresses, and local-only names", () => {
    for (const url of [
      "http://coach.example.com",
      "https://localhost:3000",
      "https://app.localhost",
      "https://127.0.0.1",
      "https://10.0.0.5",
      "https://172.20.1.1",
      "https://192.168.1.20",
      "https://169.254.10.1",
      "https://100.64.0.1",
      "https://[::1]",
      "https://[fd12:3456::1]",
      "https://[fe80::1]",
      "https://[::ffff:10.0.0.1]",
      "https://intranet",
      "https://coach.local",
      "https://coach.internal",
      "not a url",
    ]) {
      expect(isPublicHttpsUrl(url), url).toBe(false);
    }
  });
});
