/**
 * A guest's registration has one writer, the core's registration module
 * (core/services/guests/registration/): no file under workers/ imports the database schema to
 * write the guests table itself (with drizzle, or in raw SQL). Workers read through core queries
 * and hand eVisitor's answers to `recordTransition`. A static check over the tree.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The names a source binds the guests table to, imported from the database schema. */
function guestTableNames(source: string): string[] {
  const names: string[] = [];
  const imports = source.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']*db\/schema[^"']*)["']/g,
  );
  for (const [, bindings] of imports) {
    for (const binding of bindings.split(",")) {
      const [name, alias] = binding.trim().replace(/^type\s+/, "").split(/\s+as\s+/);
      if (name === "guests") names.push((alias ?? name).trim());
    }
  }
  // A namespace import of the schema: `schema.guests`.
  for (const [, ns] of source.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*["'][^"']*db\/schema/g)) {
    names.push(`${ns}.guests`);
  }
  return names;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What in `source` writes the guests table: drizzle's update, insert or delete, or raw SQL. */
function guestWrites(source: string): string[] {
  const writes: string[] = [];
  for (const name of guestTableNames(source)) {
    const call = new RegExp(`\\.(update|insert|delete)\\(\\s*${escape(name)}\\s*\\)`, "g");
    for (const [match] of source.matchAll(call)) writes.push(match.replace(/\s+/g, ""));
  }
  const raw = /\b(update|insert\s+into|delete\s+from)\s+[`"']?guests\b/gi;
  for (const [match] of source.matchAll(raw)) writes.push(match.replace(/\s+/g, " "));
  return writes;
}

async function* sourcesUnder(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourcesUnder(path);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) yield path;
  }
}

Deno.test("the check finds a worker's own writes of the guests table", () => {
  assert.deepEqual(
    guestWrites(`import { eq } from "drizzle-orm";
import { guests } from "@core/db/schema/guests.ts";
await ctx.db.update(guests).set({ registrationState: "registered" }).where(eq(guests.id, id));
await tx.insert( guests ).values(row);`),
    [".update(guests)", ".insert(guests)"],
  );
  assert.deepEqual(
    guestWrites(`import { guests as g, properties } from "../../core/db/schema/guests.ts";
await db.delete(g).where(x);`),
    [".delete(g)"],
  );
  assert.deepEqual(
    guestWrites(`import * as schema from "@core/db/schema/index.ts";
await db.update(schema.guests).set({ status: "CheckedOut" });`),
    [".update(schema.guests)"],
  );
  assert.deepEqual(guestWrites("await db.run(sql`UPDATE guests SET status = 'x'`);"), [
    "UPDATE guests",
  ]);
  // Reading, or writing another table, is not a write of a guest.
  assert.deepEqual(
    guestWrites(`import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
const rows = await db.select().from(guests);
await db.update(properties).set({ taxCategories: [] });`),
    [],
  );
});

Deno.test("no file under workers/ writes a guest's registration itself", async () => {
  const offenders: string[] = [];
  let files = 0;
  for await (const path of sourcesUnder("workers")) {
    files++;
    const writes = guestWrites(await Deno.readTextFile(`${ROOT}${path}`));
    if (writes.length > 0) offenders.push(`${path}: ${writes.join(", ")}`);
  }
  assert.ok(files > 50, `every worker file is read (${files})`);
  assert.deepEqual(
    offenders,
    [],
    "a guest's registration moves through core/services/guests/registration/",
  );
});
