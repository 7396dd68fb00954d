import type { NextConfig } from "next";
import { fileURLToPath } from "node:url";
import { TEST_TYPES } from "@coach/db/enums";

/**
 * Security headers on every response. The Content-Security-Policy is not here: it holds the hashes
 * of each page's inline scripts, so the production server (server.mjs) computes it from the HTML.
 * This is not an authorization layer: procedures and pages check permissions themselves.
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
  reactStrictMode: true,
  // Internal packages ship TypeScript source and are compiled by the app.
  transpilePackages: [
    "@coach/api",
    "@coach/assessments",
    "@coach/auth",
    "@coach/db",
    "@coach/email",
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
  // Prerendered pages live in this process's memory, never in files from the build (see the handler).
  cacheHandler: fileURLToPath(new URL("./cache-handler.mjs", import.meta.url)),
  cacheMaxMemorySize: 0,
  // server.mjs compresses (Brotli or gzip) after it has read the HTML for the CSP.
  compress: false,
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
  headers: async () => [{ source: "/:path*", headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }],
};

export default config;
