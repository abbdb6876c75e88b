import { defineConfig } from "drizzle-kit";

// Generates migrations from the schema; they are committed and applied at start-up.
export default defineConfig({
  dialect: "turso",
  schema: "./api/db/schema/*.ts",
  out: "./api/db/migrations",
  casing: "snake_case",
});
