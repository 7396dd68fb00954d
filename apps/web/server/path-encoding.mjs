// @ts-check

export const BAD_ENCODING_MESSAGE = "This address contains an invalid character code (such as %ff). Please check the link and try again.";

/**
 * True when the request path's percent-encoding does not decode (`/api/%ff`, `/tests/%E0%A4%A`).
 * Next.js answers those with a 500 on every dynamic route; they are the client's mistake, so the
 * server answers 400 before Next.js sees them.
 * @param {string | undefined} url the request target (path and query)
 */
export function hasBrokenPathEncoding(url) {
  const path = (url ?? "/").split("?")[0] ?? "/";
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
