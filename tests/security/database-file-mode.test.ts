/**
 * Issue 17: the embedded database (guests' documents, sealed eVisitor passwords) is readable by
 * its owner only, however it is first opened: by the migration script dev/setup.sh runs, or by
 * the API or workers starting on an empty data folder.
 */
import assert from "node:assert/strict";
import { createDatabase } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";

const modeOf = (path: string) => Deno.statSync(path).mode! & 0o777;

async function inTempDir(fn: (dir: string) => Promise<void> | void) {
  const dir = await Deno.makeTempDir({ prefix: "db-mode-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("createDatabase creates the file and its journal with mode 0600", () =>
  inTempDir(async (dir) => {
    const { db, client } = createDatabase({ url: `file:${dir}/app.db` });
    try {
      await migrateDatabase(db, client);
      for (const file of ["app.db", "app.db-wal", "app.db-shm"]) {
        assert.equal(modeOf(`${dir}/${file}`).toString(8), "600", file);
      }
    } finally {
      client.close();
    }
  }));

Deno.test("createDatabase narrows an existing database others could read to its owner", () =>
  inTempDir((dir) => {
    const path = `${dir}/app.db`;
    Deno.writeFileSync(path, new Uint8Array());
    Deno.chmodSync(path, 0o644);
    const { client } = createDatabase({ url: `file:${path}` });
    client.close();
    assert.equal(modeOf(path).toString(8), "600");
  }));

Deno.test("the migration script (dev/setup.sh) creates data/app.db with mode 0600", () =>
  inTempDir(async (dir) => {
    const script = new URL("../../core/db/migrate.ts", import.meta.url).pathname;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script],
      cwd: dir,
      env: { DATABASE_URL: "file:data/app.db", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    assert.equal(modeOf(`${dir}/data/app.db`).toString(8), "600");
  }));
