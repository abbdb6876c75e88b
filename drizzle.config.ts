import { defineConfig } from "drizzle-kit";

// Generates migrations from the schema; they are committed and applied at start-up.
export default defineConfig({
  dialect: "turso",
  schema: "./core/db/schema/*.ts",
  out: "./core/db/migrations",
  casing: "snake_case",
});
