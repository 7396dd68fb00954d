import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; both drivers apply them on start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
