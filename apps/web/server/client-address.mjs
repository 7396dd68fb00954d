// @ts-check
import { clientAddress, normalizeAddress } from "@coach/config/trusted-proxies";

/**
 * The client's address as the rest of the app reads it (x-forwarded-for, x-real-ip), decided here
 * and written over whatever the request claimed: the socket's peer, or with TRUSTED_PROXIES set, the
 * address the outermost trusted proxy wrote (packages/config/src/trusted-proxies.mjs). A visitor
 * writing their own X-Forwarded-For would otherwise pick a fresh address per request and reset every
 * per-address limit.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("@coach/config/trusted-proxies").TrustedProxies} trusted
 */
export function trustSocketAddress(request, trusted = { kind: "none" }) {
  const address = clientAddress({
    socketAddress: request.socket?.remoteAddress ?? "",
    forwardedFor: request.headers["x-forwarded-for"],
    trusted,
  });
  request.headers["x-forwarded-for"] = address;
  request.headers["x-real-ip"] = address;
}

export { normalizeAddress as normalize };
