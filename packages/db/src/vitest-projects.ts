import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/**
 * How many test files run at once. Vitest's default is one fewer than the cores, one on a 2-core CI
 * machine; database test files spend much of their time waiting on PostgreSQL or in start-up, so
 * two at a time there nearly halves the wall time (measured: the API suite took 13 min with one).
 */
export const DB_TEST_MAX_WORKERS = Math.max(2, availableParallelism());

/**
 * A worker runs its test files one after another in the modules it has already loaded instead of
 * loading the API's whole graph (and PGlite) again for each file: the API suite's import time fell
 * from 688 s to 27 s and its wall time from 14 to about 4 minutes (decision 61). Each file still gets
 * its own database, and the environment is reset between files (vitest-fresh-env.ts).
 */
const FRESH_ENV = fileURLToPath(new URL("./vitest-fresh-env.ts", import.meta.url));

/**
 * Tests that compare how long two kinds of request take (a timing leak) run after every other file,
 * one database at a time, with nothing else beside them: a neighbour loading PostgreSQL stretched one
 * kind of request more than the other in CI and failed a measurement three times in a row.
 */
const TIMING = "src/**/*-timing.db.test.ts";

/**
 * Vitest projects for packages with database tests: `*.db.test.ts` files run on PGlite always,
 * and again on PostgreSQL when TEST_DATABASE_URL is set; `*.pg.test.ts` files (PostgreSQL-only behaviour,
 * such as the server going away) run only then. Plain `*.test.ts` files run once.
 */
export function dbTestProjects(extra: { setupFiles?: string[] } = {}) {
  const base = { setupFiles: [FRESH_ENV, ...(extra.setupFiles ?? [])], isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };
  const everything = { ...base, sequence: { groupOrder: 0 }, exclude: [TIMING] };
  const alone = (groupOrder: number) => ({ ...base, include: [TIMING], sequence: { groupOrder } });
  const projects = [
    {
      test: {
        ...everything,
        name: "unit",
        include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
        exclude: ["src/**/*.db.test.ts", "src/**/*.pg.test.ts"],
      },
    },
    { test: { ...everything, name: "pglite", include: ["src/**/*.db.test.ts"], env: { TEST_DB_DRIVER: "pglite" } } },
    { test: { ...alone(1), name: "pglite-timing", env: { TEST_DB_DRIVER: "pglite" } } },
  ];
  // eslint-disable-next-line no-restricted-properties -- test harness: TEST_DATABASE_URL is a test-run switch, not an application setting
  if (process.env.TEST_DATABASE_URL) {
    projects.push(
      {
        test: {
          ...everything,
          name: "postgres",
          include: ["src/**/*.db.test.ts", "src/**/*.pg.test.ts"],
          env: { TEST_DB_DRIVER: "postgres" },
        },
      },
      { test: { ...alone(2), name: "postgres-timing", env: { TEST_DB_DRIVER: "postgres" } } },
    );
  }
  return projects;
}
