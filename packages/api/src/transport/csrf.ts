import { settings } from "@coach/config";

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
  // Only a configured APP_URL is trusted (settings() has checked it is a URL).
  const configured = settings();
  if (configured.appUrlConfigured) allowed.add(new URL(configured.appUrl).host);
  return !allowed.has(originHost);
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";
