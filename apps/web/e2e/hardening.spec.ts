import { expect, test } from "@playwright/test";

/** Issue 17 against the production server (server.mjs in front of Next.js). */

test("paths whose percent-encoding does not decode answer 400 with a message, never 500", async ({ request }) => {
  for (const path of ["/api/%ff", "/tests/%ff", "/uploads/%ff", "/reset-password/%ff"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text()).toMatch(/invalid character code/);
  }
});

test("next-auth's session endpoint answers a broken body with 400, not 500", async ({ request }) => {
  const response = await request.post("/api/nextauth/session", { headers: { "content-type": "application/json" }, data: "{{{" });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { message: string }).message).toMatch(/could not be read/);
});

test("tRPC: a batch beyond 10 calls is refused with a message; answers are never cached", async ({ request }) => {
  const calls = Array.from({ length: 11 }, () => "health.check").join(",");
  const refused = await request.get(`/api/trpc/${calls}?batch=1&input=%7B%7D`);
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("A batch may hold at most 10 calls; this one has 11.");
  const me = await request.get("/api/trpc/auth.me");
  expect(me.status()).toBe(200);
  expect(me.headers()["cache-control"]).toBe("no-store");
});

test("an oversized tRPC body is refused with 413 and health keeps answering", async ({ request }) => {
  const [refused, health] = await Promise.all([
    request.post("/api/trpc/auth.login", {
      headers: { "content-type": "application/json" },
      data: JSON.stringify({ x: "x".repeat(3 * 1024 * 1024) }),
    }),
    request.get("/api/health"),
  ]);
  expect(refused.status()).toBe(413);
  expect(health.status()).toBe(200);
});
