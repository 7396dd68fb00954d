// @ts-check
/**
 * The production server (`pnpm start`): Next.js's request handler, as `next start` runs it, behind
 * a thin layer that
 * - sets the client address from the socket, or from what TRUSTED_PROXIES wrote
 *   (server/client-address.mjs), so no request can choose the address its rate limits are counted under;
 * - answers a path whose percent-encoding does not decode with 400 (Next.js would answer 500);
 * - adds the hash-based Content-Security-Policy to HTML, shared-cache headers to prerendered pages
 *   and Brotli/gzip compression (server/respond.mjs);
 * - answers repeated anonymous requests for prerendered pages and public API reads from a copy
 *   kept for a second and dropped at every content change (server/micro-cache.mjs).
 * Settings: PORT (3000), HOSTNAME (all interfaces), `--port N` / `-p N` as `next start` takes them;
 * TRUSTED_PROXIES (README, "Deploying");
 * NEXT_DIST_DIR as for the build. See docs/decisions/0010-csp-and-caching.md.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { parseTrustedProxies } from "@coach/config/trusted-proxies";
import { trustSocketAddress } from "./server/client-address.mjs";
import { BAD_ENCODING_MESSAGE, hasBrokenPathEncoding } from "./server/path-encoding.mjs";
import { MicroCache } from "./server/micro-cache.mjs";
import { instrumentResponse } from "./server/respond.mjs";

const dir = path.dirname(fileURLToPath(import.meta.url));

function argument(names) {
  const index = process.argv.findIndex((arg) => names.includes(arg));
  return index === -1 ? undefined : process.argv[index + 1];
}

const port = Number(argument(["--port", "-p"]) ?? process.env.PORT ?? 3000);
const hostname = argument(["--hostname", "-H"]) ?? process.env.HOSTNAME ?? undefined;
process.env.NODE_ENV = "production";
// Checked before anything listens: a mistyped proxy list must not silently trust nobody or everybody.
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);

const app = next({ dev: false, dir, port, hostname: hostname ?? "localhost" });
await app.prepare();
const handle = app.getRequestHandler();

const microCache = new MicroCache();
// packages/api's content events (shared/content-events.ts; a change on another instance arrives
// there too, over the bus): the registry lives on globalThis, so this plain module joins it.
const CONTENT_LISTENERS = Symbol.for("coach.api.contentListeners");
const registry = /** @type {Record<symbol, Set<() => void> | undefined>} */ (/** @type {unknown} */ (globalThis));
(registry[CONTENT_LISTENERS] ??= new Set()).add(() => microCache.purge());

const server = http.createServer((request, response) => {
  trustSocketAddress(request, trustedProxies);
  if (hasBrokenPathEncoding(request.url)) {
    response.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end(BAD_ENCODING_MESSAGE);
    return;
  }
  microCache.handle(request, response, (options) => {
    instrumentResponse(request, response, options);
    handle(request, response).catch((error) => {
      console.error("request failed", error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
});
server.listen(port, hostname, () => {
  console.warn(`ready on http://${hostname ?? "localhost"}:${port}`);
});

for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Open keep-alive connections must not hold the shutdown.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
