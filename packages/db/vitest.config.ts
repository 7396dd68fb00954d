import { defineConfig } from "vitest/config";
import { dbTestProjects } from "./src/vitest-projects.ts";

export default defineConfig({ test: { projects: dbTestProjects() } });
