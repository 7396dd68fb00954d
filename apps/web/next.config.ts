import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Internal packages ship TypeScript source and are compiled by the app.
  transpilePackages: ["@coach/api", "@coach/assessments", "@coach/auth", "@coach/db", "@coach/email", "@coach/scheduling", "@coach/ui", "@coach/validators"],
  // Native or WASM packages that must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres"],
  typedRoutes: false,
  // Parallel work in one tree may skip the type check in `next build` (each change runs tsc itself); CI never does.
  typescript: { ignoreBuildErrors: process.env.NEXT_IGNORE_TYPE_ERRORS === "1" && process.env.CI !== "true" },
  // Lets several builds of the same tree coexist (parallel work, benchmarks).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
};

export default config;
