import http from "node:http";
import { expect, it } from "vitest";
import { parseTrustedProxies } from "@coach/config/trusted-proxies";
import { normalize, trustSocketAddress } from "./client-address.mjs";

/** A real server on a loopback socket: what the app would read as the client's address. */
async function addressSeen(trusted, headers) {
  const server = http.createServer((request, response) => {
    trustSocketAddress(request, trusted);
    response.end(JSON.stringify([request.headers["x-forwarded-for"], request.headers["x-real-ip"]]));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${server.address().port}/`, { headers });
    return await response.json();
  } finally {
    server.close();
  }
}

it("takes the client address from the socket, whatever X-Forwarded-For the request claims", async () => {
  expect(await addressSeen(undefined, { "x-forwarded-for": "203.0.113.9, 198.51.100.1", "x-real-ip": "203.0.113.9" })).toEqual([
    "127.0.0.1",
    "127.0.0.1",
  ]);
  // Rotating the header per request (the bypass of issue 17, finding 1) changes nothing.
  for (const claimed of ["203.0.113.1", "203.0.113.2"])
    expect((await addressSeen(parseTrustedProxies(""), { "x-forwarded-for": claimed }))[0]).toBe("127.0.0.1");
});

it("behind a trusted proxy (by count or by address) takes the address that proxy wrote, not what the client claimed left of it", async () => {
  // nginx appends the peer it saw: "<client's own claim>, <real client>".
  const headers = { "x-forwarded-for": "10.9.9.9, 203.0.113.50" };
  expect((await addressSeen(parseTrustedProxies("1"), headers))[0]).toBe("203.0.113.50");
  expect((await addressSeen(parseTrustedProxies("127.0.0.0/8"), headers))[0]).toBe("203.0.113.50");
  // An address outside the list is no proxy: its X-Forwarded-For is not believed.
  expect((await addressSeen(parseTrustedProxies("10.0.0.1"), headers))[0]).toBe("127.0.0.1");
});

it("writes IPv4 peers of an IPv6 socket as IPv4", () => {
  expect(normalize("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(normalize("2001:db8::1")).toBe("2001:db8::1");
});
