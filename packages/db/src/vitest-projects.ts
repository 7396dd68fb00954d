import { availableParallelism } from "node:os";

/**
 * How many test files run at once. Vitest's default is one fewer than the cores, one on a 2-core CI
 * machine; database test files spend much of their time waiting on PostgreSQL or in start-up, so
 * two at a time there nearly halves the wall time (measured: the API suite took 13 min with one).
 */
export const DB_TEST_MAX_WORKERS = Math.max(2, availableParallelism());

/**
 * Vitest projects for packages with database tests: `*.db.test.ts` files run on PGlite always,
 * and again on PostgreSQL when TEST_DATABASE_URL is set; `*.pg.test.ts` files (PostgreSQL-only behaviour,
 * such as the server going away) run only then. Plain `*.test.ts` files run once.
 */
export function dbTestProjects(extra: { setupFiles?: string[] } = {}) {
  const base = { setupFiles: extra.setupFiles ?? [], testTimeout: 30_000, hookTimeout: 60_000 };
  const projects = [
    {
      test: {
        ...base,
        name: "unit",
        include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
        exclude: ["src/**/*.db.test.ts", "src/**/*.pg.test.ts"],
      },
    },
    { test: { ...base, name: "pglite", include: ["src/**/*.db.test.ts"], env: { TEST_DB_DRIVER: "pglite" } } },
  ];
  // eslint-disable-next-line no-restricted-properties -- test harness: TEST_DATABASE_URL is a test-run switch, not an application setting
  if (process.env.TEST_DATABASE_URL) {
    projects.push({
      test: { ...base, name: "postgres", include: ["src/**/*.db.test.ts", "src/**/*.pg.test.ts"], env: { TEST_DB_DRIVER: "postgres" } },
    });
  }
  return projects;
}
