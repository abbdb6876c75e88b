import assert from "node:assert/strict";
import { PACKAGE_CATALOGUE } from "@shared/billing/package-catalogue.ts";
import { listPackages } from "@core/services/billing/packages.ts";
import { createTestDatabase } from "../support/database.ts";

Deno.test("the landing page's package snapshot is what a fresh database is seeded with", async () => {
  const database = await createTestDatabase();
  try {
    assert.deepEqual(await listPackages(database), PACKAGE_CATALOGUE);
  } finally {
    await database.dispose();
  }
});
