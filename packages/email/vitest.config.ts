import { defineConfig } from "vitest/config";
// Relative on purpose: the config is loaded by Node, which cannot import a package's .ts export.
import { DB_TEST_MAX_WORKERS, dbTestProjects } from "../db/src/vitest-projects.ts";

export default defineConfig({ test: { maxWorkers: DB_TEST_MAX_WORKERS, projects: dbTestProjects() } });
