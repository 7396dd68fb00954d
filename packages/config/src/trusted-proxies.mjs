// @ts-check
/**
 * TRUSTED_PROXIES: which reverse proxies may tell the app a visitor's address, and so which address
 * per-address limits (sign-in, registration, contact, newsletter, resets) are counted under.
 * Plain JavaScript so that both the production server (apps/web/server.mjs, run by Node as is) and
 * the validated settings (settings.ts) use this one parser.
 *
 * - unset or 0: no proxy. The socket's peer is the client; any X-Forwarded-For it sends is ignored.
 * - a number N (1-10): N proxies in a row, each appending to X-Forwarded-For; the client is the
 *   address the outermost proxy wrote. The app must be reachable only through them.
 * - a list of addresses or CIDR ranges ("127.0.0.1, 10.0.0.0/8, ::1"): hops from those addresses
 *   are proxies; the client is the nearest address in the chain that is not one of them.
 */
import { BlockList, isIP } from "node:net";

/** @typedef {{ kind: "none" } | { kind: "hops"; count: number } | { kind: "list"; entries: string[]; list: BlockList }} TrustedProxies */

const MAX_HOPS = 10;

/** `::ffff:203.0.113.7` (IPv4 over an IPv6 socket) is 203.0.113.7; `[2001:db8::1]` loses its brackets. */
export function normalizeAddress(address) {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  return trimmed.toLowerCase().startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

/**
 * Parses the setting; throws an Error whose message says what is wrong (settings validation and the
 * server's start-up show it).
 * @param {string | undefined} value
 * @returns {TrustedProxies}
 */
export function parseTrustedProxies(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "0") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count > MAX_HOPS) throw new Error(`TRUSTED_PROXIES: a count of proxies must be between 0 and ${MAX_HOPS}`);
    return { kind: "hops", count };
  }
  const list = new BlockList();
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) {
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" is not an address or CIDR range; give a count of proxies (e.g. 1) or addresses such as 127.0.0.1, 10.0.0.0/8, ::1`,
      );
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return { kind: "list", entries, list };
}

/**
 * The client's address for a request: the socket's peer unless trusted proxies stand between, and
 * then the address the outermost trusted proxy wrote. Never an address the client chose itself.
 * @param {{ socketAddress: string; forwardedFor?: string | string[] | undefined; trusted: TrustedProxies }} request
 */
export function clientAddress({ socketAddress, forwardedFor, trusted }) {
  const socket = normalizeAddress(socketAddress || "");
  if (trusted.kind === "none") return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  // The chain as seen from here: what earlier hops wrote, then the peer this server is talking to.
  const chain = [...header.split(",").map(normalizeAddress).filter(Boolean), socket];
  let chosen;
  if (trusted.kind === "hops") {
    chosen = chain[Math.max(0, chain.length - 1 - trusted.count)];
  } else {
    chosen = chain[0];
    for (let i = chain.length - 1; i >= 0; i--) {
      const hop = /** @type {string} */ (chain[i]);
      const family = isIP(hop);
      if (!family || !trusted.list.check(hop, family === 6 ? "ipv6" : "ipv4")) {
        chosen = hop;
        break;
      }
    }
  }
  // Whatever a proxy wrote must at least be an address; anything else counts as the proxy's own.
  return chosen && isIP(chosen) ? chosen : socket;
}
