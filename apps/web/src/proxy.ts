import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy } from "../server/csp.mjs";
import { REQUEST_PATH_HEADER } from "./lib/request-path";

/**
 * Pages rendered per request (the signed-in areas, the forms that read a token) get a fresh nonce in
 * their Content-Security-Policy, which Next.js reads from the request and puts on its own scripts
 * (its documented nonce CSP). Prerendered and regenerated pages are not matched: their policy holds
 * the hashes of their inline scripts, stored with the page (cache-handler.mjs). Decision 20.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy({
    nonce,
    https: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  // The page's own path for the guards' sign-in redirect (set here, so a client cannot choose it).
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Every page under src/app/(app): rendered per visitor. Keep in step with that folder.
  matcher: [
    "/account/:path*",
    "/admin/:path*",
    "/appointments/:path*",
    "/auth/:path*",
    "/my-coaching/:path*",
    "/newsletter/:path*",
    "/request-password-reset/:path*",
    "/reset-password/:path*",
    "/settings/:path*",
    "/test-history/:path*",
    "/tests/((?!catalogue/).+)",
    // A public form posted before the scripts ran (src/server/form-posts.ts): the page rendered for
    // that post is made for this request, so it takes a nonce like the pages above.
    { source: "/((?!_next/|api/).*)", has: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
  ],
};
