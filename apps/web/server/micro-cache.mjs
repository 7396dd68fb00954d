// @ts-check
import { LRUCache } from "lru-cache";
import { pickEncoding } from "./respond.mjs";

/**
 * A short-lived copy of the answers every anonymous visitor gets alike, kept by the production
 * server in front of Next.js (like nginx's micro-caching): prerendered pages (HTML that Next.js
 * marks cacheable, made `public` by respond.mjs) and the public API reads (PUBLIC_READS, decision 13).
 * Repeated requests then cost a lookup instead of a pass through Next.js's router and handlers.
 *
 * - Shared only between requests without a session: a request carrying the session cookie (or an
 *   Authorization header, or Next.js's navigation headers) neither reads nor fills it, and an
 *   answer that sets a cookie, varies on anything else or is not a 200 is never kept.
 * - Keyed by host, scheme, the encoding the client accepts and the request target, so every entry
 *   holds exactly the bytes and headers (CSP, Cache-Control, ETag) that request would have got.
 * - Fresh for `ttlMs` (one second); after that one request asks Next.js again while the others still
 *   get the copy (at most `graceMs` longer), and concurrent first requests wait for one answer.
 * - Emptied at once by every content change (`purge`, wired to packages/api's content events in
 *   server.mjs, which also carry the changes of other instances), and a request under way when it
 *   happened never stores its answer: a publish is on the next request's page.
 * See docs/decisions/0010-csp-and-caching.md (2026-11-24).
 */

/** The spec's public reads: the same answer for every anonymous caller. */
const PUBLIC_READS = /^\/api\/(?:tests|blog|blog\/latest|blog\/slug\/[^/?#]+)(?:\?|$)/;
/** next-auth's session cookie (both names, and the numbered parts of a split one), and Next.js's draft-mode cookie. */
const SESSION_COOKIE = /(?:^|;)\s*(?:(?:__Secure-)?next-auth\.session-token(?:\.\d+)?|__prerender_bypass)=/;
/** Requests that Next.js (or the API) answers per caller or as something else than the document. */
const BYPASS_HEADERS = [
  "authorization",
  "rsc",
  "next-action",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "x-request-id",
  "range",
];
/** What an answer kept here may vary on: the encoding is in the key, the others never reach it. */
const VARY_ALLOWED = new Set([
  "accept-encoding",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
]);
/** Per-request headers that a copy must not repeat. */
const NOT_KEPT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"]);
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/**
 * @typedef {object} Entry
 * @property {number} status
 * @property {Record<string, string | string[] | number>} headers
 * @property {Buffer} body
 * @property {string | undefined} etag without its W/ prefix
 * @property {number} storedAt
 */

/** @param {import("node:http").IncomingHttpHeaders} headers */
function cacheableRequest(headers) {
  const cookie = headers.cookie;
  if (cookie && SESSION_COOKIE.test(cookie)) return false;
  for (const name of BYPASS_HEADERS) if (headers[name] !== undefined) return false;
  return true;
}

/** @param {string | undefined} value */
function opaqueTag(value) {
  return value?.trim().replace(/^W\//, "");
}

/** Weak comparison (RFC 9110 13.1.2): what a browser revalidating its copy sends. */
function matchesEtag(ifNoneMatch, etag) {
  if (!etag) return false;
  return String(ifNoneMatch)
    .split(",")
    .some((tag) => tag.trim() === "*" || opaqueTag(tag) === etag);
}

export class MicroCache {
  /** @param {{ ttlMs?: number; graceMs?: number; maxBytes?: number; now?: () => number }} [options] */
  constructor({ ttlMs = 1_000, graceMs = 10_000, maxBytes = 32 * 1024 * 1024, now = Date.now } = {}) {
    this.ttlMs = ttlMs;
    this.graceMs = graceMs;
    this.now = now;
    /** Bounded by the bytes the copies hold, least recently used out first. @type {LRUCache<string, Entry>} */
    this.entries = new LRUCache({ maxSize: maxBytes });
    /** Requests under way per key: their answer is awaited by the `waiters`. @type {Map<string, { waiters: Array<() => void> }>} */
    this.inflight = new Map();
    /** Bumped by every purge: an answer that started before one is not kept. */
    this.generation = 0;
  }

  /** Forgets everything (a content change). */
  purge() {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * The key of a request that may be answered from here, or undefined.
   * @param {import("node:http").IncomingMessage} request
   */
  keyOf(request) {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = request.url ?? "/";
    if (url.startsWith("/api/") ? !PUBLIC_READS.test(url) : url.startsWith("/_next/")) return undefined;
    if (!cacheableRequest(request.headers)) return undefined;
    const https = request.headers["x-forwarded-proto"] === "https" || Boolean(/** @type {any} */ (request.socket).encrypted);
    const host = `${request.headers.host ?? ""} ${request.headers["x-forwarded-host"] ?? ""}`;
    return `${host}|${https ? "s" : ""}|${pickEncoding(request.headers["accept-encoding"]) ?? ""}|${url}`;
  }

  /**
   * Answers `request` from the cache, or calls `pass(options)` to let Next.js answer it (through
   * respond.mjs's instrumentResponse, with the options given, which keep the answer when it may be shared).
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:http").ServerResponse} response
   * @param {(options?: import("./respond.mjs").InstrumentOptions) => void} pass
   */
  handle(request, response, pass) {
    const key = this.keyOf(request);
    if (!key) return pass();
    const entry = /** @type {Entry | undefined} */ (this.entries.get(key));
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < this.ttlMs) return this.#serve(entry, request, response);
    const flight = this.inflight.get(key);
    if (flight) {
      // Someone is already asking Next.js: the copy is good enough meanwhile, or wait for theirs.
      if (entry && age < this.ttlMs + this.graceMs) return this.#serve(entry, request, response);
      flight.waiters.push(() => {
        const fresh = /** @type {Entry | undefined} */ (this.entries.get(key));
        if (fresh && this.now() - fresh.storedAt < this.ttlMs) this.#serve(fresh, request, response);
        else pass();
      });
      return;
    }
    if (request.method === "HEAD") return pass();
    const ours = { waiters: /** @type {Array<() => void>} */ ([]) };
    this.inflight.set(key, ours);
    let stored = false;
    const settle = () => {
      if (this.inflight.get(key) !== ours) return;
      this.inflight.delete(key);
      // An answer that may not be kept (an error, a page gone) also ends the old copy's grace.
      if (!stored) this.entries.delete(key);
      for (const waiter of ours.waiters.splice(0)) waiter();
    };
    response.once("close", settle);
    const generation = this.generation;
    const publicRead = (request.url ?? "").startsWith("/api/");
    pass({
      bufferAll: publicRead,
      onFinished: (finished) => {
        if (generation === this.generation && this.#storable(finished, publicRead)) {
          /** @type {Entry["headers"]} */
          const headers = {};
          for (const [name, value] of Object.entries(finished.headers))
            if (value !== undefined && !NOT_KEPT.has(name)) headers[name] = value;
          const etag = typeof headers.etag === "string" ? opaqueTag(headers.etag) : undefined;
          /** @type {Entry} */
          const entry = { status: finished.status, headers, body: finished.body, etag, storedAt: this.now() };
          this.entries.set(key, entry, { size: finished.body.length + 1024 });
          stored = true;
        }
        // The waiters get the copy before these bytes are even on the wire.
        settle();
      },
    });
  }

  /** @param {import("./respond.mjs").Finished} finished @param {boolean} publicRead */
  #storable({ status, headers, body }, publicRead) {
    if (status !== 200 || headers["set-cookie"] !== undefined || body.length > MAX_ENTRY_BYTES) return false;
    const vary = String(headers.vary ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (vary.some((name) => !VARY_ALLOWED.has(name))) return false;
    const type = String(headers["content-type"] ?? "");
    const cacheControl = String(headers["cache-control"] ?? "");
    // A page: only what respond.mjs made public (Next.js served it from its prerender cache).
    if (!publicRead) return /^text\/html/i.test(type) && /\bpublic\b/.test(cacheControl) && !/private|no-store/.test(cacheControl);
    return /^application\/json/i.test(type);
  }

  /** @param {Entry} entry @param {import("node:http").IncomingMessage} request @param {import("node:http").ServerResponse} response */
  #serve(entry, request, response) {
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch && matchesEtag(ifNoneMatch, entry.etag)) {
      /** @type {Record<string, string | string[] | number>} */
      const headers = {};
      for (const name of ["etag", "vary", "cache-control"]) if (entry.headers[name] !== undefined) headers[name] = entry.headers[name];
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(entry.status, entry.headers);
    if (request.method === "HEAD") response.end();
    else response.end(entry.body);
  }
}
