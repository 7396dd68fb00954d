import { defineConfig } from "vitest/config";

// The multi-instance suite (`pnpm test:multi`): two production servers behind nginx on a build.
export default defineConfig({
  test: {
    include: ["multi/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
