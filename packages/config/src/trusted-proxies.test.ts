import { describe, expect, it } from "vitest";
import { settings, settingsProblems } from "./settings";
import { clientAddress, parseTrustedProxies } from "./trusted-proxies.mjs";

describe("TRUSTED_PROXIES", () => {
  it("without it, the socket's peer is the client and a claimed X-Forwarded-For never counts", () => {
    const trusted = parseTrustedProxies(undefined);
    expect(clientAddress({ socketAddress: "198.51.100.4", forwardedFor: "203.0.113.77", trusted })).toBe("198.51.100.4");
    expect(clientAddress({ socketAddress: "::ffff:198.51.100.4", forwardedFor: undefined, trusted })).toBe("198.51.100.4");
  });

  it("a count of hops takes the address the outermost proxy wrote", () => {
    const two = parseTrustedProxies("2");
    // client claims 1.1.1.1; proxy A saw 203.0.113.5; proxy B (10.0.0.2) saw A; we see B.
    expect(clientAddress({ socketAddress: "10.0.0.2", forwardedFor: "1.1.1.1, 203.0.113.5, 10.0.0.1", trusted: two })).toBe("203.0.113.5");
    // A shorter chain than configured falls back to its first entry rather than failing.
    expect(clientAddress({ socketAddress: "10.0.0.2", forwardedFor: "203.0.113.5", trusted: two })).toBe("203.0.113.5");
  });

  it("a list of addresses and ranges skips trusted hops from the right", () => {
    const trusted = parseTrustedProxies("127.0.0.1, 10.0.0.0/8, ::1");
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9, 10.1.2.3", trusted })).toBe("203.0.113.9");
    expect(clientAddress({ socketAddress: "::1", forwardedFor: "2001:db8::7", trusted })).toBe("2001:db8::7");
    // A peer that is not a trusted proxy: its header is ignored.
    expect(clientAddress({ socketAddress: "198.51.100.1", forwardedFor: "203.0.113.9", trusted })).toBe("198.51.100.1");
    // Garbage a proxy passed on is not an address: the proxy's own address counts instead.
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor: "not-an-ip", trusted })).toBe("127.0.0.1");
  });

  it("is validated with the other settings, with a message that says what to write", () => {
    expect(settingsProblems({ TRUSTED_PROXIES: "11" })).toEqual(["TRUSTED_PROXIES: a count of proxies must be between 0 and 10"]);
    expect(settingsProblems({ TRUSTED_PROXIES: "10.0.0.0/33" })[0]).toMatch(
      /^TRUSTED_PROXIES: "10\.0\.0\.0\/33" is not an address or CIDR range/,
    );
    expect(settingsProblems({ TRUSTED_PROXIES: "nginx" })).toHaveLength(1);
    expect(settings({ TRUSTED_PROXIES: "1" }).trustedProxies).toEqual({ kind: "hops", count: 1 });
    expect(settings({}).trustedProxies).toEqual({ kind: "none" });
  });
});
