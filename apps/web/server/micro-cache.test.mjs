import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MicroCache } from "./micro-cache.mjs";
import { instrumentResponse } from "./respond.mjs";

// A loopback server wired as server.mjs wires Next.js: the micro-cache first, then respond.mjs and
// a handler that writes the way Next.js does. The handler counts what reaches it and stamps each
// answer with that count, so a test sees whether an answer came from the cache.
const SESSION = "next-auth.session-token=abc";
let clock = 0;
const cache = new MicroCache({ ttlMs: 1_000, graceMs: 5_000, now: () => clock });
/** @type {Record<string, number>} */
let reached = {};
/** @type {Array<() => void>} */
let held = [];
let holdNext = false;
let failNext = false;
let server;
let base;

function page(request, response, count) {
  const body = `<!DOCTYPE html><html><body><p>render ${count}</p>${"<p>text</p>".repeat(200)}<script>self.__next_f.push([1,"x"])</script></body></html>`;
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("Vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
  response.setHeader("ETag", `"etag-${count}"`);
  const cacheControl = { "/page": "s-maxage=31536000", "/private": "private, no-cache, no-store, max-age=0, must-revalidate" };
  response.setHeader("Cache-Control", cacheControl[request.url.split("?")[0]] ?? "s-maxage=60");
  if (request.url === "/sets-cookie") response.setHeader("Set-Cookie", "a=b; Path=/");
  if (request.url === "/varies") response.appendHeader("Vary", "Cookie");
  if (request.url === "/missing" || failNext) response.statusCode = 404;
  response.write(body.slice(0, 100));
  response.end(body.slice(100));
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    cache.handle(request, response, (options) => {
      instrumentResponse(request, response, options);
      const path = request.url.split("?")[0];
      const count = (reached[path] = (reached[path] ?? 0) + 1);
      const answer = () => {
        if (path.startsWith("/api/")) {
          response.setHeader("Content-Type", "application/json");
          response.setHeader("Cache-Control", "no-store");
          response.setHeader("X-Request-Id", `request-${count}`);
          response.end(JSON.stringify({ path, count, filler: "x".repeat(2000) }));
        } else page(request, response, count);
      };
      if (holdNext) held.push(answer);
      else answer();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  cache.purge();
  reached = {};
  clock = 0;
  holdNext = false;
  failNext = false;
  held = [];
});

function get(path, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the micro-cache", () => {
  it("answers a repeated request for a prerendered page with the same bytes and headers, without asking Next.js", async () => {
    const first = await get("/page");
    const second = await get("/page");
    expect(reached["/page"]).toBe(1);
    expect(second.body.equals(first.body)).toBe(true);
    for (const name of ["content-security-policy", "cache-control", "etag", "vary", "content-type", "content-length"])
      expect(second.headers[name], name).toBe(first.headers[name]);
    expect(second.headers.date).toBeDefined();
  });

  it("keeps each encoding apart", async () => {
    const plain = await get("/page");
    const brotli = await get("/page", { "accept-encoding": "br" });
    const again = await get("/page", { "accept-encoding": "gzip, br" });
    expect(reached["/page"]).toBe(2);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(again.body.equals(brotli.body)).toBe(true);
    expect(plain.body.toString()).toContain("render 1");
    expect(zlib.brotliDecompressSync(again.body).toString()).toContain("render 2");
  });

  it("never serves or stores for a request that carries a session, and keeps no per-visitor answer", async () => {
    await get("/page", { cookie: SESSION });
    await get("/page", { cookie: `theme=dark; ${SESSION}` });
    await get("/page", { cookie: "__Secure-next-auth.session-token.0=abc" });
    expect(reached["/page"]).toBe(3);
    await get("/page");
    await get("/page", { cookie: SESSION });
    expect(reached["/page"]).toBe(5);
    // A cookie that is not the session does not matter to a public page.
    await get("/page", { cookie: "theme=dark" });
    expect(reached["/page"]).toBe(5);
    for (const path of ["/private", "/sets-cookie", "/varies", "/missing", "/api/me"]) {
      await get(path);
      await get(path);
      expect(reached[path], path).toBe(2);
    }
  });

  it("leaves Next.js's navigation requests (RSC) to Next.js", async () => {
    await get("/page");
    const rsc = await get("/page", { rsc: "1" });
    expect(reached["/page"]).toBe(2);
    expect(rsc.status).toBe(200);
  });

  it("keeps the public API reads, without the request id of the call that filled it", async () => {
    const first = await get("/api/tests");
    const second = await get("/api/tests");
    expect(reached["/api/tests"]).toBe(1);
    expect(JSON.parse(second.body.toString()).count).toBe(1);
    expect(first.headers["x-request-id"]).toBe("request-1");
    expect(second.headers["x-request-id"]).toBeUndefined();
    await get("/api/blog/slug/a-post");
    await get("/api/blog/slug/a-post");
    await get("/api/blog/slug/another");
    expect(reached["/api/blog/slug/a-post"]).toBe(1);
    expect(reached["/api/blog/slug/another"]).toBe(1);
  });

  it("forgets everything at a content change, including an answer under way", async () => {
    await get("/api/blog");
    cache.purge();
    expect(JSON.parse((await get("/api/blog")).body.toString()).count).toBe(2);

    holdNext = true;
    const underway = get("/api/blog/latest");
    await new Promise((resolve) => setTimeout(resolve, 50));
    cache.purge();
    holdNext = false;
    held.shift()?.();
    expect(JSON.parse((await underway).body.toString()).count).toBe(1);
    expect(JSON.parse((await get("/api/blog/latest")).body.toString()).count).toBe(2);
  });

  it("is fresh for a second, then lets one request refresh it while the others get the copy", async () => {
    await get("/page");
    clock = 999;
    await get("/page");
    expect(reached["/page"]).toBe(1);
    clock = 1_500;
    holdNext = true;
    const refreshing = get("/page");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await get("/page");
    expect(meanwhile.body.toString()).toContain("render 1");
    holdNext = false;
    held.shift()?.();
    expect((await refreshing).body.toString()).toContain("render 2");
    expect((await get("/page")).body.toString()).toContain("render 2");
    expect(reached["/page"]).toBe(2);
  });

  it("drops its copy when the refresh is not an answer it may keep", async () => {
    await get("/page?gone=1");
    clock = 1_500;
    failNext = true;
    expect((await get("/page?gone=1")).status).toBe(404);
    failNext = false;
    // The old copy is gone: a request meanwhile waits for the next answer instead of getting it.
    holdNext = true;
    const leader = get("/page?gone=1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = get("/page?gone=1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    holdNext = false;
    held.shift()?.();
    expect((await leader).body.toString()).toContain("render 3");
    expect((await meanwhile).body.toString()).toContain("render 3");
  });

  it("makes concurrent first requests wait for one answer", async () => {
    holdNext = true;
    const all = [get("/page?x=1"), get("/page?x=1"), get("/page?x=1")];
    await new Promise((resolve) => setTimeout(resolve, 50));
    holdNext = false;
    held.shift()?.();
    const answers = await Promise.all(all);
    expect(reached["/page"]).toBe(1);
    for (const answer of answers) expect(answer.body.toString()).toContain("render 1");
  });

  it("answers a browser's revalidation with 304 and HEAD without a body", async () => {
    const first = await get("/page", { "accept-encoding": "br" });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\//);
    const revalidated = await get("/page", { "accept-encoding": "br", "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    const changed = await get("/page", { "accept-encoding": "br", "if-none-match": '"other"' });
    expect(changed.status).toBe(200);
    const head = await get("/page", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(reached["/page"]).toBe(1);
  });
});
