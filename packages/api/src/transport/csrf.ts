/**
 * Refuses state-changing requests sent by another site (CSRF). Browsers send Sec-Fetch-Site and Origin
 * on cross-site POSTs; a request with neither (curl, server-to-server) carries no ambient cookies of a victim.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const allowed = new Set<string>();
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) allowed.add(host);
  if (process.env.APP_URL) {
    try {
      allowed.add(new URL(process.env.APP_URL).host);
    } catch {
      /* an invalid APP_URL is reported at start-up */
    }
  }
  return !allowed.has(originHost);
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";
