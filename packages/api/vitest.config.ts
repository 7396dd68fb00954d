import { defineConfig } from "vitest/config";
import { dbTestProjects } from "../db/src/vitest-projects.ts";

export default defineConfig({ test: { projects: dbTestProjects() } });
