// @ts-check
/**
 * Next.js's cache (prerendered and regenerated pages, `unstable_cache` reads, tag expiries) through
 * the maintained handler library @fortedigital/nextjs-cache-handler (decision 19):
 * - REDIS_URL set: entries and tags in Redis, so every instance serves the same pages and one
 *   `revalidateTag` (src/server/revalidate.ts) expires them for all. Keys carry the build's id, so two
 *   releases side by side never serve each other's pages. A Redis call that fails or takes over
 *   REDIS_TIMEOUT_MS is answered from this process's memory instead; node-redis reconnects by itself.
 * - REDIS_URL unset, and always during `next build`: this process's memory only. The build's copies
 *   (made without a database) are never served: each process renders a page on its first request.
 * - Each HTML page gets its Content-Security-Policy here, from the hashes of its own inline scripts,
 *   when it is made (decision 20); Next.js serves the header with the page, a regenerated page with
 *   its new hashes. A stored 404 is marked for no shared cache.
 * - Each page also gets its ETag here, hashed once when it is made: Next.js's own (generateEtags,
 *   off in next.config.ts) hashed the whole page on every request. nginx answers If-None-Match
 *   from it with 304 (decision 26).
 */
import { createHash } from "node:crypto";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { createClient } from "redis";
import { contentSecurityPolicy } from "./server/csp.mjs";

const REDIS_TIMEOUT_MS = Number(process.env.REDIS_TIMEOUT_MS ?? 1_000);

CacheHandler.onCreation(({ buildId }) => {
  const memory = createLruHandler({ maxItemSizeBytes: Number(process.env.PAGE_CACHE_MAX_BYTES ?? 64 * 1024 * 1024) });
  const url = process.env.REDIS_URL;
  if (!url || process.env.NEXT_PHASE === "phase-production-build") return { handlers: [memory] };
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  let down = false;
  client.on("error", (error) => {
    if (!down) console.error(`Page cache: Redis unreachable (${error.message}); serving from memory until it answers`);
    down = true;
  });
  client.on("ready", () => (down = false));
  client.connect().catch(() => {});
  const shared = createRedisHandler({ client, keyPrefix: `coach:next:${buildId ?? "dev"}:`, timeoutMs: REDIS_TIMEOUT_MS });
  // The first handler that answers wins; one that throws (Redis away) passes the question on.
  return { handlers: [shared, memory] };
});

/** What Next.js serves with a stored page, before its own headers: the page's CSP and ETag; for a 404, no sharing. */
function headersFor(/** @type {any} */ page) {
  const https = (process.env.APP_URL ?? "").startsWith("https:");
  return {
    "content-security-policy": contentSecurityPolicy({ hashesOf: page.html, https }),
    // Weak: the page's HTML and its RSC payload share the stored entry, so this names the version of
    // the entry, not one representation's bytes.
    etag: `W/"${createHash("sha256").update(page.html).digest("base64url").slice(0, 27)}"`,
    // A missing, draft or deleted article is regenerated like the page it stands for; a shared cache
    // must not keep the "not found" (issue 30, finding 10). Next.js keeps a stored Cache-Control.
    ...(page.status === 404 ? { "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate" } : {}),
  };
}

export default class PageCacheHandler extends CacheHandler {
  /** @param {string} key @param {any} value @param {any} ctx */
  async set(key, value, ctx) {
    if (value?.kind === "APP_PAGE" && typeof value.html === "string" && value.html.length) {
      value.headers = { ...value.headers, ...headersFor(value) };
    }
    return super.set(key, value, ctx);
  }
}
