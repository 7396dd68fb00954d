// @ts-check
import net from "node:net";

/**
 * Stops `server` on SIGTERM and SIGINT without failing a request a proxy is sending at that instant.
 *
 * New connections are refused at once (nginx then tries the other replica, which is safe for any
 * request, as none was sent), but open keep-alive connections are kept for `drainMs`:
 * http.Server#close would drop them now, and nginx may be writing a request on one at that instant;
 * a POST it has sent is never retried elsewhere, so the visitor would get a 502. Meanwhile every
 * answer says Connection: close, so the proxy lets each connection go after its last request; nginx
 * reuses its most recent connection first, so what is still idle at the end is not about to be used.
 *
 * @param {import("node:http").Server} server
 * A request still in progress after the drain gets `finishMs` more to finish; then the process exits
 * anyway, so a stuck request cannot hold a deploy.
 *
 * @param {{ drainMs?: number; finishMs?: number; exit?: (code: number) => void; signals?: NodeJS.Signals[] }} [options]
 * @returns {() => void} starts the same stop without a signal (for tests)
 */
export function stopGracefully(server, { drainMs = 2_000, finishMs = 5_000, exit = process.exit, signals = ["SIGTERM", "SIGINT"] } = {}) {
  let draining = false;
  server.prependListener("request", (_request, response) => {
    if (draining) response.setHeader("connection", "close");
  });
  const stop = () => {
    if (draining) return;
    draining = true;
    net.Server.prototype.close.call(server, () => exit(0));
    setTimeout(() => server.closeIdleConnections(), drainMs).unref();
    setTimeout(() => exit(0), drainMs + finishMs).unref();
  };
  for (const signal of signals) process.once(signal, stop);
  return stop;
}
