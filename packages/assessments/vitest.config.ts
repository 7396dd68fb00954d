import { defineConfig } from "vitest/config";

// The psychometric simulations (*.sim.test.ts: N 4,000 per seed, three seeds) take minutes; they run
// with SIMULATION=1 (`pnpm test:sim`, `pnpm bench psychometrics`), while the default run keeps a fast
// version of each claim (docs/decisions/0039).
const simulation = process.env.SIMULATION === "1";

export default defineConfig({
  test: {
    include: simulation ? ["src/**/*.sim.test.ts"] : ["src/**/*.test.ts"],
    exclude: simulation ? ["**/node_modules/**"] : ["**/node_modules/**", "src/**/*.sim.test.ts"],
    // A timeout here only catches a hang: the fast IQ simulation takes about 20 s alone on a 2-core
    // machine and 35 s beside another suite, which once failed CI at 30 s.
    testTimeout: simulation ? 1_800_000 : 180_000,
  },
});
