import { describe, expect, it } from "vitest";
import { addressForLimits } from "./rate-limit";

describe("the address per-address limits count (issue 30)", () => {
  it("groups IPv6 addresses by their /64, however they are written", () => {
    const group = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "[2001:db8:1:2:a:b:c:d]",
      "2001:DB8:1:2::9%eth0",
    ]) {
      expect(addressForLimits(address)).toBe(group);
    }
    expect(addressForLimits("2001:db8:1:3::1")).not.toBe(group);
    expect(addressForLimits("::1")).toBe("0:0:0:0::/64");
    expect(addressForLimits("2001:db8::1.2.3.4")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 addresses (also IPv4-mapped ones) and anything else as they are", () => {
    expect(addressForLimits("192.0.2.7")).toBe("192.0.2.7");
    expect(addressForLimits("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressForLimits("local")).toBe("local");
  });
});
