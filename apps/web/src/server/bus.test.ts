import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startRedis } from "../../server/redis-test-server.mjs";

type Bus = typeof import("./bus");
/** A fresh copy of the module, as another server process would have. */
async function instance(): Promise<Bus> {
  vi.resetModules();
  return import("./bus");
}
async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
}

describe("content-changed notices", () => {
  it("reach this process's listeners without Redis", async () => {
    delete process.env.REDIS_URL;
    const bus = await instance();
    const seen: unknown[] = [];
    const stop = bus.subscribe((event) => seen.push(event));
    await bus.publish({ kind: "blog", keys: ["first-post"] });
    expect(seen).toEqual([{ kind: "blog", keys: ["first-post"] }]);
    stop();
    await bus.publish({ kind: "blog" });
    expect(seen).toHaveLength(1);
  });

  describe("with Redis", () => {
    let redis: { url: string; stop(): Promise<void> };
    beforeAll(async () => {
      redis = await startRedis();
      process.env.REDIS_URL = redis.url;
    });
    afterAll(async () => {
      delete process.env.REDIS_URL;
      await redis?.stop();
    });

    it("reach every instance once, the publisher's own listeners at once", async () => {
      const a = await instance();
      const b = await instance();
      const seenA: unknown[] = [];
      const seenB: unknown[] = [];
      a.subscribe((event) => seenA.push(event));
      b.subscribe((event) => seenB.push(event));
      // Wait until B's subscription is live.
      await eventually(() => {
        void a.publish({ kind: "probe" });
        return seenB.some((event) => (event as { kind: string }).kind === "probe");
      });
      const blog = (seen: unknown[]) => seen.filter((event) => (event as { kind: string }).kind === "blog");
      await a.publish({ kind: "blog", keys: ["new-post"] });
      expect(blog(seenA)).toEqual([{ kind: "blog", keys: ["new-post"] }]);
      await eventually(() => blog(seenB).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(blog(seenB)).toEqual([{ kind: "blog", keys: ["new-post"] }]);
      expect(blog(seenA)).toHaveLength(1); // not a second time from Redis
    });
  });
});
