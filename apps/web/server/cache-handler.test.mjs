// @ts-check
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startRedis } from "./redis-test-server.mjs";

/** A page entry as Next.js hands it over: HTML, a binary RSC payload and per-segment data. */
const page = (html) => ({
  kind: "APP_PAGE",
  html,
  rscData: Buffer.from([0, 1, 2, 250]),
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
  headers: { "x-next-cache-tags": "blog,blog:lists" },
  status: 200,
});
const ctx = { cacheControl: { revalidate: 60, expire: 3600 } };

/** A fresh copy of the handler module, as a separate server process would have. */
async function server() {
  vi.resetModules();
  const { default: CacheHandler } = await import("../cache-handler.mjs");
  return new CacheHandler({});
}

async function eventually(check) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("condition never held");
}

describe("page cache without Redis", () => {
  it("keeps pages in this process until a tag they read is expired", async () => {
    delete process.env.REDIS_URL;
    const a = await server();
    await a.set("/blog", page("<p>list</p>"), ctx);
    expect((await a.get("/blog", {}))?.value.html).toBe("<p>list</p>");
    expect(await (await server()).get("/blog", {})).toBeNull(); // another process has its own
    await a.revalidateTag("blog:lists", { expire: 0 });
    expect(await a.get("/blog", {})).toBeNull();
  });
});

describe("page cache shared in Redis", () => {
  /** @type {Awaited<ReturnType<typeof startRedis>>} */
  let redis;
  beforeAll(async () => {
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
  });
  afterAll(async () => {
    delete process.env.REDIS_URL;
    await redis?.stop();
  });
  afterEach(() => vi.restoreAllMocks());

  it("serves a page rendered by one server from another, byte for byte, and one expiry reaches both", async () => {
    const a = await server();
    const b = await server();
    await eventually(
      async () => (await a.set("/blog/post", page("<p>v1</p>"), ctx), (await b.get("/blog/post", {}))?.value.html === "<p>v1</p>"),
    );
    const entry = await b.get("/blog/post", {});
    expect(Buffer.isBuffer(entry?.value.rscData) && entry.value.rscData.equals(Buffer.from([0, 1, 2, 250]))).toBe(true);
    expect(entry?.value.segmentData.get("/_tree").toString()).toBe("tree");
    expect(entry?.cacheControl).toEqual(ctx.cacheControl);

    await a.revalidateTag(["blog:lists"], { expire: 0 });
    expect(await b.get("/blog/post", {})).toBeNull();
  });

  it("keeps answering from memory while Redis is away, says so once, and shares again when it returns", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const a = await server();
    const b = await server();
    await eventually(async () => (await a.set("/", page("<p>home</p>"), ctx), (await b.get("/", {}))?.value.html === "<p>home</p>"));

    await redis.stop();
    const outageLogs = () => errors.mock.calls.filter(([message]) => /Shared page cache unavailable/.test(String(message))).length;
    await a.set("/about", page("<p>about</p>"), ctx);
    await eventually(async () => outageLogs() > 0);
    const logged = outageLogs();
    for (let i = 0; i < 5; i++) await a.set("/about", page("<p>about</p>"), ctx);
    expect((await a.get("/about", {}))?.value.html).toBe("<p>about</p>");
    // Expired while Redis is away: written when it comes back, so B never serves the old home page.
    await a.revalidateTag("blog", { expire: 0 });
    expect(outageLogs()).toBe(logged); // once per process, not per request

    await redis.start();
    await eventually(
      async () => (await b.set("/contact", page("<p>contact</p>"), ctx), (await a.get("/contact", {}))?.value.html === "<p>contact</p>"),
    );
    expect(await b.get("/", {})).toBeNull();
  });
});
