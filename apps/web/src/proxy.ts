import { NextResponse, type NextRequest } from "next/server";

/**
 * Security headers on every response, and a Content-Security-Policy with a fresh nonce on every
 * page. Next.js reads the nonce from the request's Content-Security-Policy header and puts it on
 * its own inline and bundle scripts, so pages render dynamically (measured in bench/lighthouse.mjs).
 * This is not an authorization layer: procedures and pages check permissions themselves.
 */

const BASE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce-bearing bundles load their chunks; eval only for React's dev tooling.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // Style attributes (next/image, React) cannot carry a nonce; scripts are the injection risk.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

function isPage(pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/")) return false;
  // Files (robots.txt, sitemap.xml, images, icons) carry no scripts.
  return !/\.[a-z0-9]+$/i.test(pathname);
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!isPage(pathname)) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(BASE_HEADERS)) response.headers.set(name, value);
    return response;
  }

  const nonce = btoa(crypto.randomUUID());
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", https });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(BASE_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's immutable build assets (fingerprinted JS/CSS served by the framework).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
