import { defineConfig } from "drizzle-kit";

// Generates migrations from the schema; they are committed and applied at start-up.
export default defineConfig({
  dialect: "turso",
  schema: "./api/core/db/schema/*.ts",
  out: "./api/core/db/migrations",
  casing: "snake_case",
});
