/**
 * Import rules checked by `pnpm lint` (issue 28; docs/decisions/0025-api-layers.md). In packages/api
 * the layers are, from the bottom: shared/ < trpc/ < the domains < root.ts < http/; an import may
 * only go down. Tests may reach any layer (they drive the HTTP adapters).
 */
const API = "^packages/api/src/";
const TESTS = "\\.test\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle makes load order matter and the two modules one unit in disguise: extract what both need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "trpc-imports-no-domain",
      severity: "error",
      comment: "trpc/ (init, tiers, context, error mapping) is what the domains stand on: it imports only shared/ and packages.",
      from: { path: `${API}trpc/`, pathNot: TESTS },
      to: { path: API, pathNot: [`${API}(trpc|shared)/`] },
    },
    {
      name: "shared-imports-no-domain",
      severity: "error",
      comment: "shared/ is the bottom layer: logger, crypto, storage, rate limits, the account-data interfaces.",
      from: { path: `${API}shared/`, pathNot: TESTS },
      to: { path: API, pathNot: `${API}shared/` },
    },
    {
      name: "domains-do-not-import-http-or-root",
      severity: "error",
      comment: "http/ (REST adapter, OpenAPI, tRPC handler) and root.ts sit above the domains; a domain never reaches up.",
      from: { path: `${API}[^/]+/`, pathNot: [`${API}(http|testing)/`, TESTS] },
      to: { path: [`${API}http/`, `${API}root\\.ts$`] },
    },
    {
      name: "packages-do-not-import-apps",
      severity: "error",
      comment: "The packages are libraries of the apps, never the other way round.",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "\\.next", "/dist/", "/drizzle/", "next-env\\.d\\.ts"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "apps/web/tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts"],
      mainFields: ["module", "main", "types"],
    },
  },
};
