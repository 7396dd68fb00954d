import { defineConfig } from "vitest/config";

// The multi-instance suite (`pnpm test:multi`): two production servers behind nginx on a build.
// One test file, multi.test.ts, runs every *.suite.ts on one cluster: a file is a process here, and
// a second file would start (and pay for) a second cluster.
export default defineConfig({
  test: {
    include: ["multi/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
