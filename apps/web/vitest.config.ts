import { defineConfig } from "vitest/config";

// Unit tests of the web app live next to their code in src/ and server/; e2e/ belongs to Playwright.
export default defineConfig({
  resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx", "server/**/*.test.mjs"], passWithNoTests: true },
});
