import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/.next/**", "**/dist/**", "**/drizzle/**", "**/next-env.d.ts", "**/*.config.*"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-console": ["warn", { allow: ["warn", "error"] }],
    },
  },
  { files: ["**/*.test.ts", "**/*.test.tsx", "**/e2e/**", "**/cli/**", "**/scripts/**", "bench/**"], rules: { "no-console": "off" } },
  {
    // Settings are read and validated in one place (@coach/config); application code calls settings().
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through @coach/config (settings(), appUrl() or @coach/config/runtime).",
        },
      ],
    },
  },
  {
    // Exempt: the settings module itself, tests, test harnesses, scripts and config files.
    files: [
      "packages/config/**",
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/e2e/**",
      "apps/web/multi/**",
      "**/testing/**",
      "**/testing.ts",
      "**/scripts/**",
      "**/cli/**",
      "bench/**",
      "**/*.config.*",
      // The production server entry and Next's cache handler are plain Node modules loaded before
      // any TypeScript (so they cannot import @coach/config); they read only their own process
      // settings: PORT, HOSTNAME, the two memory caps and REDIS_URL.
      "apps/web/server.mjs",
      "apps/web/server/**",
      "apps/web/cache-handler.mjs",
    ],
    rules: { "no-restricted-properties": "off" },
  },
);
