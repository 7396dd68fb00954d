// @ts-check

export const BAD_ENCODING_MESSAGE = "This address contains an invalid character code (such as %ff). Please check the link and try again.";
export const BAD_TARGET_MESSAGE = "This server only answers requests for a path on this site (such as /about).";

/**
 * Whether a request target is one Next.js should see, or the 400 (or 204) the front server answers
 * instead, before Next.js turns it into a 500 or a redirect:
 * - `OPTIONS *` (asterisk form) asks about the server itself: 204 with the methods it takes;
 * - any other target that is not a path (`GET http://evil.example/`, the absolute form, or `*`
 *   with another method): 400, never a redirect to the host it names;
 * - a path whose percent-encoding does not decode (`/api/%ff`): 400, the client's mistake.
 * @param {string | undefined} method
 * @param {string | undefined} url the request target as received
 * @returns {{ status: 204 | 400, message: string } | undefined}
 */
export function rejectedTarget(method, url = "/") {
  if (url === "*" && method === "OPTIONS") return { status: 204, message: "" };
  if (!url.startsWith("/") || url.startsWith("//")) return { status: 400, message: BAD_TARGET_MESSAGE };
  const path = url.split("?")[0] ?? "/";
  if (!path.includes("%")) return undefined;
  try {
    decodeURIComponent(path);
    return undefined;
  } catch {
    return { status: 400, message: BAD_ENCODING_MESSAGE };
  }
}
