import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Source } from "./csp.mjs";
import { bundleLoader } from "./paint-first.mjs";
import { COMPILE_HINT, instrumentResponse, pickEncoding, sharedCacheControl } from "./respond.mjs";

// A loopback server whose handler writes the way Next.js does (setHeader, then write/end in pieces).
const PAGE = `<!DOCTYPE html><html><body>${"<p>text</p>".repeat(400)}<script>self.__next_f.push([1,"x"])</script><script>alert(1)</script></body></html>`;
// A page as Next.js renders it, with its bundles as async scripts.
const BUNDLED = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body>${"<p>text</p>".repeat(200)}</body></html>`;
const SCRIPT = `(globalThis.TURBOPACK ||= []).push(["app.js", ${"function f(){return 1}".repeat(100)}]);`;
let server;
let base;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    instrumentResponse(request, response);
    if (request.url === "/page") {
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.setHeader("Cache-Control", "s-maxage=31536000");
      response.write(PAGE.slice(0, 1000));
      response.end(PAGE.slice(1000));
    } else if (request.url === "/private") {
      response.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate" });
      response.end(PAGE);
    } else if (request.url === "/bundled" || request.url === "/bundled-private") {
      const prerendered = request.url === "/bundled";
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.setHeader("Cache-Control", prerendered ? "s-maxage=300" : "private, no-cache, no-store, max-age=0, must-revalidate");
      response.end(BUNDLED);
    } else if (request.url === "/redirect") {
      response.statusCode = 308;
      response.appendHeader("Location", "/next");
      response.appendHeader("Location", "/next");
      response.end();
    } else if (request.url === "/_next/static/chunks/app.js" || request.url === "/script.js") {
      response.setHeader("Content-Type", "application/javascript; charset=UTF-8");
      response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      response.setHeader("ETag", '"bundle"');
      response.setHeader("Content-Length", Buffer.byteLength(SCRIPT));
      response.end(SCRIPT);
    } else if (request.url === "/json") {
      response.setHeader("Content-Type", "application/json");
      response.write(JSON.stringify({ a: "b".repeat(5000) }));
      response.end();
    } else {
      response.setHeader("Content-Type", "image/png");
      response.end(Buffer.alloc(4000, 1));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => server.close());

function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("production responses", () => {
  it("gives a prerendered page a CSP for its own scripts, shared-cache headers and Brotli", async () => {
    const { headers, body } = await get("/page", { "accept-encoding": "gzip, br" });
    expect(headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(body).toString()).toBe(PAGE);
    expect(headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=300, stale-while-revalidate=\d+$/);
    const scriptSrc = /script-src ([^;]*)/.exec(headers["content-security-policy"])?.[1].split(" ");
    expect(scriptSrc).toHaveLength(2);
    expect(headers.vary).toContain("Accept-Encoding");
  });

  it("sends identical bytes uncompressed to a client that accepts no encoding", async () => {
    const { headers, body } = await get("/page");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe(PAGE);
    expect(Number(headers["content-length"])).toBe(body.length);
  });

  it("keeps a per-visitor page out of shared caches", async () => {
    const { headers, body } = await get("/private", { "accept-encoding": "gzip" });
    expect(headers["cache-control"]).toContain("no-store");
    expect(zlib.gunzipSync(body).toString()).toBe(PAGE);
    expect(headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
  });

  it("starts a prerendered page's bundles after its first paint, by a loader its CSP allows", async () => {
    const { headers, body } = await get("/bundled");
    const html = body.toString();
    expect(html).not.toContain('<script src="/_next/static/chunks/a.js"');
    const loader = bundleLoader(["/_next/static/chunks/a.js"]);
    expect(html).toContain(`<script>${loader}</script>`);
    expect(headers["content-security-policy"]).toContain(sha256Source(loader));
    expect(Number(headers["content-length"])).toBe(body.length);
    // A per-visitor page keeps Next.js's own loading.
    expect((await get("/bundled-private")).body.toString()).toBe(BUNDLED);
  });

  it("streams other text compressed and leaves binary alone", async () => {
    const json = await get("/json", { "accept-encoding": "br" });
    expect(JSON.parse(zlib.brotliDecompressSync(json.body).toString()).a).toHaveLength(5000);
    const png = await get("/png", { "accept-encoding": "br" });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.length).toBe(4000);
  });
});

describe("bundles", () => {
  it("start with V8's compile hint, compressed or not, with a matching length and a weak ETag", async () => {
    const plain = await get("/_next/static/chunks/app.js");
    expect(plain.body.toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
    expect(plain.body.toString().startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.headers.etag).toBe('W/"bundle"');
    const brotli = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
    const head = await new Promise((resolve, reject) =>
      http.request(`${base}/_next/static/chunks/app.js`, { method: "HEAD" }, resolve).on("error", reject).end(),
    );
    expect(Number(head.headers["content-length"])).toBe(plain.body.length);
  });

  it("leaves other scripts as they are", async () => {
    const other = await get("/script.js");
    expect(other.body.toString()).toBe(SCRIPT);
  });
});

describe("headers", () => {
  it("sends a redirect with one Location", async () => {
    const { headers } = await get("/redirect");
    expect(headers.location).toBe("/next");
  });

  it("prefers Brotli and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it("makes only Next.js's cacheable answers public", () => {
    expect(sharedCacheControl("s-maxage=60, stale-while-revalidate=31535940")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=3600",
    );
    expect(sharedCacheControl("private, no-cache, no-store, max-age=0, must-revalidate")).toBeUndefined();
  });
});
