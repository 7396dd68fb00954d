// @ts-check
/**
 * The production server (`pnpm start`): Next.js's own request handler (its documented custom-server
 * API), which serves prerendered and regenerated pages, their Cache-Control and compression. In
 * front of it only what Next.js cannot do:
 * - the client address from the socket, or from what TRUSTED_PROXIES wrote (server/client-address.mjs),
 *   so no request chooses the address its rate limits are counted under;
 * - 400 for a target that is not a path of this site or whose percent-encoding does not decode, and
 *   204 for `OPTIONS *` (server/request-target.mjs), where Next.js would answer 500 or redirect;
 * - a stop that lets the proxy finish a request it is sending (server/graceful-stop.mjs).
 * Settings: PORT (3000), HOSTNAME (all interfaces), `--port N` / `-p N` as `next start` takes them;
 * TRUSTED_PROXIES (README, "Deploying"); NEXT_DIST_DIR as for the build. Decision 19.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { parseTrustedProxies } from "@coach/config/trusted-proxies";
import { trustSocketAddress } from "./server/client-address.mjs";
import { stopGracefully } from "./server/graceful-stop.mjs";
import { rejectedTarget } from "./server/request-target.mjs";

const argument = (names) => {
  const index = process.argv.findIndex((arg) => names.includes(arg));
  return index === -1 ? undefined : process.argv[index + 1];
};
const port = Number(argument(["--port", "-p"]) ?? process.env.PORT ?? 3000);
const hostname = argument(["--hostname", "-H"]) ?? process.env.HOSTNAME ?? undefined;
process.env.NODE_ENV = "production";
// Checked before anything listens: a mistyped proxy list must not silently trust nobody or everybody.
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);

const app = next({ dev: false, dir: path.dirname(fileURLToPath(import.meta.url)), port, hostname: hostname ?? "localhost" });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((request, response) => {
  trustSocketAddress(request, trustedProxies);
  const rejected = rejectedTarget(request.method, request.url);
  if (rejected) {
    const headers = {
      "cache-control": "no-store",
      ...(rejected.status === 204 ? { allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" } : {}),
    };
    response.writeHead(rejected.status, { "content-type": "text/plain; charset=utf-8", ...headers }).end(rejected.message);
    return;
  }
  void handle(request, response);
});
server.listen(port, hostname, () => console.warn(`ready on http://${hostname ?? "localhost"}:${port}`));

stopGracefully(server);
