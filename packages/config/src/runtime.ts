/**
 * Build-time facts that are safe in client bundles: Next.js inlines NODE_ENV and
 * NEXT_RUNTIME, so these read no server secret. Everything else is in `settings()`.
 */
export const isDevelopment = process.env.NODE_ENV === "development";
export const isProduction = process.env.NODE_ENV === "production";
export const isTest = process.env.NODE_ENV === "test";
/** True in the Node.js server runtime (not the edge runtime or the browser). */
export const isNodeRuntime = () => process.env.NEXT_RUNTIME === "nodejs";
/** True while `next build` collects pages (nothing may connect then). */
export const isBuildPhase = () => process.env.NEXT_PHASE === "phase-production-build";
