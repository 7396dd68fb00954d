import { defineConfig } from "vitest/config";
import { DB_TEST_MAX_WORKERS, dbTestProjects } from "./src/vitest-projects.ts";

export default defineConfig({ test: { maxWorkers: DB_TEST_MAX_WORKERS, projects: dbTestProjects() } });
