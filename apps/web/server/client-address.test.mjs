import http from "node:http";
import { expect, it } from "vitest";
import { normalize, trustSocketAddress } from "./client-address.mjs";

it("takes the client address from the socket, whatever X-Forwarded-For the request claims", async () => {
  const server = http.createServer((request, response) => {
    trustSocketAddress(request);
    response.end(JSON.stringify([request.headers["x-forwarded-for"], request.headers["x-real-ip"]]));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${server.address().port}/`, { headers: { "x-forwarded-for": "203.0.113.9, 198.51.100.1", "x-real-ip": "203.0.113.9" } });
    expect(await response.json()).toEqual(["127.0.0.1", "127.0.0.1"]);
  } finally {
    server.close();
  }
});

it("writes IPv4 peers of an IPv6 socket as IPv4", () => {
  expect(normalize("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(normalize("2001:db8::1")).toBe("2001:db8::1");
});
