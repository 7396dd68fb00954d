// @ts-check

/**
 * The client's address as the rest of the app reads it (x-forwarded-for, x-real-ip): the socket's
 * peer, whatever the request claims. A visitor writing their own X-Forwarded-For would otherwise
 * pick a fresh address per request and reset every per-address limit. Behind a reverse proxy all
 * visitors share the proxy's address; reading the address the proxy wrote needs a trusted-proxy
 * setting (TRUSTED_PROXIES, to come), which this deliberately does not guess.
 */
export function trustSocketAddress(request) {
  const address = normalize(request.socket?.remoteAddress ?? "");
  request.headers["x-forwarded-for"] = address;
  request.headers["x-real-ip"] = address;
}

/** `::ffff:203.0.113.7` (IPv4 over an IPv6 socket) is 203.0.113.7. */
export function normalize(address) {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
