// @ts-check
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { contentSecurityPolicy, frameworkScriptHashes } from "./csp.mjs";
import { paintBeforeBundles } from "./paint-first.mjs";
import { LRUCache } from "lru-cache";

/**
 * What the production server does to Next.js's responses on their way out:
 * - HTML is held until complete (a page is tens of KB), so the Content-Security-Policy can carry
 *   the hashes of its inline scripts (csp.mjs);
 * - a prerendered page starts its bundles after its first paint (paint-first.mjs);
 * - a prerendered page's Cache-Control lets a shared cache keep it (`public`, a short `s-maxage`,
 *   `stale-while-revalidate`); per-visitor pages keep Next.js's `no-store`;
 * - text is compressed, with Brotli when the client accepts it. A page or bundle that many visitors
 *   get is compressed once at the best level and remembered by its content's hash; the rest
 *   (per-visitor HTML, API answers) is compressed quickly, streamed where it streams.
 */

/** The longest a shared cache keeps a page before asking again, and how long it may serve it stale meanwhile. */
export const SHARED_MAX_AGE_SECONDS = 300;
export const STALE_WHILE_REVALIDATE_SECONDS = 3600;
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|x-component)|image\/svg\+xml)/i;

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, on a background thread while it streams in, instead of each one on the
 * main thread at its first call. The bundles in /_next/static/chunks/ are what a page runs as it
 * loads (React, the router, the page's components; or a form's code, fetched when it is used), and
 * lazy compilation was about two thirds of the longest task of every page load (React's start-up).
 * Other engines read a comment. docs/decisions/0010-csp-and-caching.md (2026-11-24).
 */
export const COMPILE_HINT = Buffer.from("//# allFunctionsCalledOnLoad\n");

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bounded by the bytes they hold, least recently used out first. @type {LRUCache<string, Buffer>} */
const compressed = new LRUCache({ maxSize: Number(process.env.COMPRESSED_CACHE_MAX_BYTES ?? 32 * 1024 * 1024) });
/** @type {LRUCache<string, string>} */
const policies = new LRUCache({ maxSize: 4 * 1024 * 1024 });
/** One compression per body at a time, however many requests want it. */
const pending = new Map();

/** "br", "gzip" or null, from an Accept-Encoding header (a q=0 refuses). */
export function pickEncoding(acceptEncoding) {
  const offered = new Map();
  for (const part of String(acceptEncoding ?? "")
    .toLowerCase()
    .split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((offered.get("br") ?? 0) > 0) return "br";
  if ((offered.get("gzip") ?? 0) > 0) return "gzip";
  return null;
}

/**
 * A page Next.js serves from its prerender cache (it says `s-maxage`) becomes public for shared
 * caches, with a short lifetime: a cache in front does not hear of a revalidated tag, so it asks
 * again within SHARED_MAX_AGE_SECONDS (pages that show posts: within their own 60 s). Browsers
 * revalidate each time (max-age=0, answered by ETag). Anything else is left as Next.js set it.
 */
export function sharedCacheControl(value) {
  const text = String(value ?? "");
  const sMaxage = /(?:^|[\s,])s-maxage=(\d+)/.exec(text)?.[1];
  if (!sMaxage || /private|no-store|no-cache/.test(text)) return undefined;
  return `public, max-age=0, s-maxage=${Math.min(Number(sMaxage), SHARED_MAX_AGE_SECONDS)}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}

async function compress(body, encoding, { key, best }) {
  const cacheKey = key && `${encoding}:${key}`;
  const hit = cacheKey && compressed.get(cacheKey);
  if (hit) return hit;
  if (cacheKey && pending.has(cacheKey)) return pending.get(cacheKey);
  const work = (
    encoding === "br"
      ? brotli(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzip(body, { level: best ? 9 : 6 })
  ).then((output) => {
    if (cacheKey) compressed.set(cacheKey, output, { size: Math.max(1, output.length) });
    return output;
  });
  if (!cacheKey) return work;
  pending.set(cacheKey, work);
  try {
    return await work;
  } finally {
    pending.delete(cacheKey);
  }
}

function policyFor(body, hash, { https }) {
  const key = `${hash}:${https}`;
  let policy = policies.get(key);
  if (!policy) {
    policy = contentSecurityPolicy(frameworkScriptHashes(body.toString("utf8")), { https });
    policies.set(key, policy, { size: Math.max(1, policy.length) });
  }
  return policy;
}

function toBuffer(chunk, encoding) {
  if (chunk === undefined || chunk === null) return Buffer.alloc(0);
  return Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
}

/**
 * @typedef {object} Finished what was sent: the status, the final headers (CSP, encoding and length
 *   included) and the body as it went on the wire.
 * @property {number} status
 * @property {import("node:http").OutgoingHttpHeaders} headers
 * @property {Buffer} body
 */
/** @typedef {{ bufferAll?: boolean; onFinished?: (finished: Finished) => void }} InstrumentOptions */

/**
 * Wraps `response` before Next.js writes to it. Headers are decided at the first write (or
 * writeHead / flushHeaders), when Next.js has set its own.
 * `options.bufferAll`: hold a 200 answer until complete whatever its type (HTML always is), so
 * `options.onFinished` sees every buffered answer whole (the micro-cache keeps them, micro-cache.mjs).
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {InstrumentOptions} [options]
 */
export function instrumentResponse(request, response, options = {}) {
  const original = { write: response.write, end: response.end, writeHead: response.writeHead, flushHeaders: response.flushHeaders };
  /** @type {"pass" | "buffer" | "stream" | undefined} */
  let mode;
  let isHtml = false;
  /** A bundle that gets COMPILE_HINT in front. */
  let hinted = false;
  /** @type {"br" | "gzip" | null} */
  let encoding = null;
  /** @type {Buffer[]} */
  const chunks = [];
  /** @type {zlib.BrotliCompress | zlib.Gzip | undefined} */
  let compressor;
  const https = request.headers["x-forwarded-proto"] === "https" || Boolean(/** @type {any} */ (request.socket).encrypted);

  const sendHead = () => {
    if (!response.headersSent) original.writeHead.call(response, response.statusCode);
  };

  const decide = () => {
    if (mode) return;
    const status = response.statusCode;
    // Next.js sets a redirect's Location twice when it renders the page for the cache (a prerendered
    // page is rendered on its first request here, see cache-handler.mjs); one is the answer.
    const location = response.getHeader("location");
    if (Array.isArray(location)) response.setHeader("Location", location[0] ?? "");
    const type = String(response.getHeader("content-type") ?? "");
    isHtml = /^text\/html/i.test(type);
    const compressible = COMPRESSIBLE.test(type) && !response.getHeader("content-encoding") && status !== 206;
    if (compressible) response.appendHeader("Vary", "Accept-Encoding");
    if (isHtml) {
      const shared = sharedCacheControl(response.getHeader("cache-control"));
      if (shared) response.setHeader("Cache-Control", shared);
    }
    hinted = status === 200 && /^\/_next\/static\/chunks\/[^?]+\.js(?:\?|$)/.test(request.url ?? "") && /javascript/i.test(type);
    if (request.method === "HEAD" || status === 204 || status === 304 || status < 200) {
      const length = response.getHeader("content-length");
      if (hinted && length !== undefined) response.setHeader("Content-Length", Number(length) + COMPILE_HINT.length);
      mode = "pass";
      return;
    }
    encoding =
      compressible && !/no-transform/.test(String(response.getHeader("cache-control") ?? ""))
        ? pickEncoding(request.headers["accept-encoding"])
        : null;
    if (isHtml || hinted || (encoding && request.url?.startsWith("/_next/static/")) || (options.bufferAll && status === 200)) {
      mode = "buffer";
    } else if (encoding) {
      mode = "stream";
      response.setHeader("Content-Encoding", encoding);
      response.removeHeader("Content-Length");
      compressor =
        encoding === "br"
          ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.createGzip({ level: 6 });
      compressor.on("data", (data) => {
        sendHead();
        original.write.call(response, data);
      });
    } else {
      mode = "pass";
    }
  };

  const finishBuffered = async (callback) => {
    let body = Buffer.concat(hinted ? [COMPILE_HINT, ...chunks] : chunks);
    let changed = hinted;
    const hash = () => createHash("sha256").update(body).digest("base64url");
    // Shared (prerendered) pages and immutable bundles are the same bytes for many visitors.
    const shared = /public|immutable/.test(String(response.getHeader("cache-control") ?? ""));
    if (isHtml && shared && response.statusCode === 200) {
      const html = body.toString("utf8");
      const painted = paintBeforeBundles(html);
      if (painted !== html) {
        body = Buffer.from(painted, "utf8");
        changed = true;
      }
    }
    const key = isHtml || (encoding && shared) ? hash() : undefined;
    if (isHtml) {
      const policy = policyFor(body, key, { https });
      response.setHeader("Content-Security-Policy", policy);
    }
    if (encoding && body.length >= MIN_COMPRESS_BYTES) {
      try {
        body = await compress(body, encoding, { key: shared ? key : undefined, best: shared });
        response.setHeader("Content-Encoding", encoding);
        changed = true;
      } catch {
        // Send it uncompressed rather than not at all.
      }
    }
    // Next.js's ETag names the bytes it sent: compressed or hinted ones are only equivalent.
    const etag = response.getHeader("etag");
    if (changed && typeof etag === "string" && !etag.startsWith("W/")) response.setHeader("ETag", `W/${etag}`);
    response.setHeader("Content-Length", body.length);
    options.onFinished?.({ status: response.statusCode, headers: response.getHeaders(), body });
    sendHead();
    original.end.call(response, body, callback);
  };

  response.writeHead = /** @type {any} */ (
    function writeHead(statusCode, reason, headers) {
      if (typeof reason !== "string") [headers, reason] = [reason, undefined];
      response.statusCode = statusCode;
      if (reason) response.statusMessage = reason;
      if (Array.isArray(headers)) {
        const pairs = Array.isArray(headers[0]) ? headers : headers.flatMap((_, i) => (i % 2 ? [] : [[headers[i], headers[i + 1]]]));
        for (const [name, value] of pairs) response.setHeader(name, value);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
      }
      decide();
      if (mode === "pass") sendHead();
      return response;
    }
  );

  response.flushHeaders = function flushHeaders() {
    decide();
    if (mode === "pass") original.flushHeaders.call(response);
  };

  response.write = /** @type {any} */ (
    function write(chunk, encodingArg, callback) {
      decide();
      if (mode === "pass") return original.write.call(response, chunk, encodingArg, callback);
      if (typeof encodingArg === "function") [callback, encodingArg] = [encodingArg, undefined];
      const buffer = toBuffer(chunk, encodingArg);
      if (mode === "buffer") chunks.push(buffer);
      else if (compressor) {
        compressor.write(buffer);
        // Streamed answers (React Server Components) must not wait in the compressor.
        compressor.flush();
      }
      if (typeof callback === "function") process.nextTick(callback);
      return true;
    }
  );

  response.end = /** @type {any} */ (
    function end(chunk, encodingArg, callback) {
      if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
      else if (typeof encodingArg === "function") [callback, encodingArg] = [encodingArg, undefined];
      decide();
      if (mode === "pass") return original.end.call(response, chunk, encodingArg, callback);
      if (chunk !== undefined && chunk !== null) {
        const buffer = toBuffer(chunk, encodingArg);
        if (mode === "buffer") chunks.push(buffer);
        else compressor?.write(buffer);
      }
      if (mode === "buffer") {
        finishBuffered(callback).catch((error) => {
          console.error("response failed", error);
          response.destroy(error);
        });
      } else if (compressor) {
        compressor.once("end", () => {
          sendHead();
          original.end.call(response, callback);
        });
        compressor.end();
      }
      return response;
    }
  );
}
