import type { NextConfig } from "next";
import { fileURLToPath } from "node:url";
import { TEST_TYPES } from "@coach/db/enums";

/**
 * Security headers on every response. The Content-Security-Policy is not here: a prerendered page's
 * holds the hashes of its inline scripts (cache-handler.mjs), a per-request page's a nonce
 * (src/proxy.ts); decision 20. This is not an authorization layer: procedures and pages check
 * permissions themselves.
 */
const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

const config: NextConfig = {
  poweredByHeader: false,
  // Next.js would hash every prerendered page's whole HTML on every request for its ETag (a tenth of
  // the CPU a page hit costs); cache-handler.mjs stores one per page when the page is made (decision 26).
  generateEtags: false,
  reactStrictMode: true,
  // The stylesheet travels inside each page: on slow links a first visit paints without waiting a
  // second round trip for it (decision 55; measured by `pnpm bench slow4g`).
  experimental: { inlineCss: true },
  // Internal packages ship TypeScript source and are compiled by the app.
  transpilePackages: [
    "@coach/api",
    "@coach/assessments",
    "@coach/auth",
    "@coach/db",
    "@coach/email",
    "@coach/payments",
    "@coach/scheduling",
    "@coach/ui",
    "@coach/validators",
  ],
  // Native or WASM packages that must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "redis"],
  typedRoutes: false,
  // Parallel work in one tree may skip the type check in `next build` (each change runs tsc itself); CI never does.
  typescript: { ignoreBuildErrors: process.env.NEXT_IGNORE_TYPE_ERRORS === "1" && process.env.CI !== "true" },
  // Lets several builds of the same tree coexist (parallel work, benchmarks).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Pages and cached reads in Redis (several instances) or this process's memory, never the build's
  // files; the handler also gives each page its CSP (decision 19). Next's own memory copy is off, so
  // every instance sees one copy.
  cacheHandler: fileURLToPath(new URL("./cache-handler.mjs", import.meta.url)),
  cacheMaxMemorySize: 0,
  // A shared cache may serve a page this long past its s-maxage while it asks again
  // (stale-while-revalidate); also how long Next.js serves a page before it must re-render it.
  expireTime: 3600,
  // /tests?type=iq is a prerendered page of its own, with that tab's title and canonical address
  // (app/tests/catalogue/[type]); an unknown type stays on /tests, the All Tests tab, as before.
  rewrites: async () => ({
    beforeFiles: [
      {
        source: "/tests",
        has: [{ type: "query", key: "type", value: `(?<type>${TEST_TYPES.join("|")})` }],
        destination: "/tests/catalogue/:type",
      },
    ],
    afterFiles: [],
    fallback: [],
  }),
  // The blog's old addresses move permanently (308) to Continuous Leadership Education. Answered by
  // Next.js's routing before any page renders, so no cached page can carry the Location twice.
  redirects: async () => [
    { source: "/blog", destination: "/continuous-leadership-education", permanent: true },
    { source: "/blog/:slug", destination: "/continuous-leadership-education/:slug", permanent: true },
  ],
  headers: async () => [{ source: "/:path*", headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }],
};

export default config;
