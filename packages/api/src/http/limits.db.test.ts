/**
 * Finding 2 of issue 17: an anonymous request must not hold the server. Bodies are refused as soon as
 * they pass the cap (while the client is still sending), deep nesting and huge batches before any
 * procedure runs; and the health check keeps answering while such requests are in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "./rest";
import { handleTrpcRequest } from "./trpc-handler";
import { MAX_BATCH_CALLS, MAX_BODY_BYTES } from "./limits";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
}, 120_000);
afterAll(async () => handle?.close());

const trpc = (path: string, init?: RequestInit) =>
  handleTrpcRequest(new Request(`http://localhost:3000/api/trpc/${path}`, init), { db: handle.db });
const rest = (path: string, init?: RequestInit) =>
  handleRestRequest(new Request(`http://localhost:3000/api${path}`, init), { db: handle.db });

/** A request body that never ends: it counts what the server pulled and whether the server gave up on it. */
function endlessBody() {
  const chunk = new TextEncoder().encode(`{"a":"${"x".repeat(64 * 1024 - 8)}",`);
  const seen = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

const post = (body: BodyInit, headers: Record<string, string> = {}): RequestInit & { duplex: "half" } => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body,
  duplex: "half",
});

describe("request limits", () => {
  for (const [transport, send] of [
    ["tRPC", (init: RequestInit) => trpc("auth.login", init)],
    ["REST", (init: RequestInit) => rest("/auth/login", init)],
  ] as const) {
    it(`${transport}: refuses an endless body with 413 once it passes the cap, while it is still streaming, and health answers meanwhile`, async () => {
      const { stream, seen } = endlessBody();
      const attack = send(post(stream));
      const health = await rest("/health");
      expect(health.status).toBe(200);
      const refused = await attack;
      expect(refused.status).toBe(413);
      expect(await refused.text()).toMatch(/request body is too large/);
      // The server stopped reading just past the cap and dropped the stream the client was still sending.
      expect(seen.cancelled).toBe(true);
      expect(seen.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 128 * 1024);
    });

    it(`${transport}: refuses a declared 9 MB body without reading it`, async () => {
      const { stream, seen } = endlessBody();
      const refused = await send(post(stream, { "content-length": String(9 * 1024 * 1024) }));
      expect(refused.status).toBe(413);
      // Node 24's Request pulls a few chunks of a stream body ahead of any reader (4 × 64 KB seen), so
      // the bound leaves room for that; a server reading up to the cap would pull megabytes.
      expect(seen.bytes).toBeLessThanOrEqual(8 * 64 * 1024);
    });

    it(`${transport}: refuses deeply nested JSON with 400 and a message, never a stack overflow`, async () => {
      const deep = "[".repeat(500_000) + "]".repeat(500_000);
      const refused = await send(post(deep));
      expect(refused.status).toBe(400);
      const text = await refused.text();
      expect(text).toMatch(/nested too deeply/);
      expect(text).not.toMatch(/call stack/i);
    });
  }

  it("tRPC: refuses deep superjson meta with 400, not 'Maximum call stack size exceeded'", async () => {
    // Built as text: JSON.stringify itself could not write something this deep.
    const values = '{"a":'.repeat(50_000) + '["undefined"]' + "}".repeat(50_000);
    const body = `{"json":{"username":"someone","password":"whatever-1"},"meta":{"values":${values}}}`;
    const refused = await trpc("auth.login", post(body));
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toMatch(/call stack/i);
    const viaQuery = await trpc(
      `tests.list?input=${encodeURIComponent(`{"json":null,"meta":{"values":${'{"a":'.repeat(1000)}["undefined"]${"}".repeat(1000)}}}`)}`,
    );
    expect(viaQuery.status).toBe(400);
  });

  it("tRPC: refuses a batch of more than 10 calls with 400 and says how to fix it; health answers meanwhile", async () => {
    const calls = Array.from({ length: 1400 }, () => "tests.list");
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map((_, i) => [i, { json: null }]))));
    const [batch, health] = await Promise.all([trpc(`${calls.join(",")}?batch=1&input=${input}`), rest("/health")]);
    expect(health.status).toBe(200);
    expect(batch.status).toBe(400);
    expect(await batch.text()).toContain(`A batch may hold at most ${MAX_BATCH_CALLS} calls; this one has 1400.`);
    const allowed = Array.from({ length: MAX_BATCH_CALLS }, () => "health.check");
    const ok = await trpc(`${allowed.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`);
    expect(ok.status).toBe(200);
  });

  it("tRPC answers carry Cache-Control: no-store (auth.me, admin lists)", async () => {
    const me = await trpc("auth.me");
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    const admin = await trpc("admin.users.list?input=" + encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 10 } })));
    expect(admin.headers.get("cache-control")).toBe("no-store");
  });
});
