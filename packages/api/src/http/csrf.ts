import { settings } from "@coach/config";

/**
 * Refuses state-changing requests sent by another site (CSRF). Browsers send Sec-Fetch-Site and Origin
 * on cross-site POSTs; a request with neither (curl, server-to-server) carries no ambient cookies of a victim.
 *
 * The Origin must be the site's own: scheme and host (and port) equal to APP_URL's. Headers a proxy or
 * a client can write (X-Forwarded-Host, X-Forwarded-Proto) are never consulted. Only without a
 * configured APP_URL (development) is the request's own Host accepted as the site's host.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null" || !URL.canParse(origin)) return true;
  return !allowedOrigins(request).has(new URL(origin).origin);
}

function allowedOrigins(request: Request): Set<string> {
  const configured = settings();
  const allowed = new Set([new URL(configured.appUrl).origin]);
  if (!configured.appUrlConfigured) {
    const host = request.headers.get("host");
    if (host)
      for (const scheme of ["http", "https"]) if (URL.canParse(`${scheme}://${host}`)) allowed.add(new URL(`${scheme}://${host}`).origin);
  }
  return allowed;
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";
