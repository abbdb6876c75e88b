import assert from "node:assert/strict";
import { loadApiConfig } from "../../../api/env.ts";
import { ConfigError } from "../../../api/lib/config.ts";
import { loadWorkersConfig } from "../../../workers/env.ts";

Deno.test("loadApiConfig applies the documented defaults", () => {
  const config = loadApiConfig({});
  assert.equal(config.PORT, 8000);
  assert.equal(config.DATABASE_URL, "file:data/app.db");
  assert.equal(config.NATS_URL, "nats://127.0.0.1:4222");
});

Deno.test("loadApiConfig names each bad variable in its error", () => {
  assert.throws(
    () => loadApiConfig({ PORT: "eighty", DATABASE_URL: "postgres://x" }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /PORT:/);
      assert.match(error.message, /DATABASE_URL: must be a file: path or a libsql:\/\//);
      return true;
    },
  );
});

Deno.test("loadApiConfig accepts a libSQL server URL unchanged", () => {
  const config = loadApiConfig({
    DATABASE_URL: "libsql://db.example.turso.io",
    DATABASE_AUTH_TOKEN: "t",
  });
  assert.equal(config.DATABASE_URL, "libsql://db.example.turso.io");
});

Deno.test("loadWorkersConfig selects workers by name and refuses unknown ones", () => {
  assert.deepEqual(loadWorkersConfig({ WORKERS: "relay" }).WORKERS, ["relay"]);
  assert.deepEqual(loadWorkersConfig({}).WORKERS, ["relay", "notifications"]);
  assert.throws(() => loadWorkersConfig({ WORKERS: "relay,mailman" }), /WORKERS/);
  assert.throws(() => loadWorkersConfig({ SMTP_URL: "http://mail" }), /SMTP_URL/);
});
