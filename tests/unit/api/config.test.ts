import assert from "node:assert/strict";
import { loadApiConfig } from "../../../api/env.ts";
import { ConfigError } from "@core/platform/config.ts";
import { loadWorkersConfig } from "../../../workers/env.ts";
import { TEST_ENV } from "../../support/app.ts";

Deno.test("loadApiConfig applies the documented defaults", () => {
  const config = loadApiConfig({ ...TEST_ENV });
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
    ...TEST_ENV,
    DATABASE_URL: "libsql://db.example.turso.io",
    DATABASE_AUTH_TOKEN: "t",
  });
  assert.equal(config.DATABASE_URL, "libsql://db.example.turso.io");
});

Deno.test("loadWorkersConfig selects workers by name and refuses unknown ones", () => {
  assert.deepEqual(loadWorkersConfig({ ...TEST_ENV, WORKERS: "relay" }).WORKERS, ["relay"]);
  assert.deepEqual(loadWorkersConfig(TEST_ENV).WORKERS, [
    "relay",
    "notifications",
    "evisitor",
    "calendar",
    "mrz",
    "scheduler",
  ]);
  assert.throws(() => loadWorkersConfig({ ...TEST_ENV, WORKERS: "relay,mailman" }), /WORKERS/);
  assert.throws(() => loadWorkersConfig({ ...TEST_ENV, SMTP_URL: "http://mail" }), /SMTP_URL/);
});

Deno.test("loadApiConfig refuses to start without its secrets, naming them", () => {
  assert.throws(() => loadApiConfig({}), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /JWT_SECRET: is required/);
    assert.match(error.message, /DATA_ENCRYPTION_KEY: is required/);
    assert.match(
      error.message,
      /EVISITOR_URL: is required: "production", "test" or a simulator URL/,
    );
    return true;
  });
  assert.throws(
    () => loadApiConfig({ ...TEST_ENV, DATA_ENCRYPTION_KEY: "c2hvcnQ=" }),
    /DATA_ENCRYPTION_KEY: must be 32 bytes in base64/,
  );
});

Deno.test("loadApiConfig wants the first administrator's e-mail and password together", () => {
  assert.throws(
    () => loadApiConfig({ ...TEST_ENV, ADMIN_EMAIL: "admin@example.com" }),
    /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
  );
});

Deno.test("EVISITOR_URL accepts the two eVisitor services by name or a simulator's URL", () => {
  for (const value of ["production", "test", "http://127.0.0.1:8100"]) {
    assert.equal(loadApiConfig({ ...TEST_ENV, EVISITOR_URL: value }).EVISITOR_URL, value);
  }
  assert.throws(
    () => loadApiConfig({ ...TEST_ENV, EVISITOR_URL: "staging" }),
    /EVISITOR_URL: must be/,
  );
});

Deno.test("loadWorkersConfig wants a 32-byte backup key with BACKUP_DIR, and none without", () => {
  assert.equal(loadWorkersConfig(TEST_ENV).BACKUP_DIR, undefined);
  assert.throws(
    () => loadWorkersConfig({ ...TEST_ENV, BACKUP_DIR: "/backups" }),
    /BACKUP_ENCRYPTION_KEY: is required with BACKUP_DIR/,
  );
  assert.throws(
    () => loadWorkersConfig({ ...TEST_ENV, BACKUP_DIR: "/b", BACKUP_ENCRYPTION_KEY: "c2hvcnQ=" }),
    /BACKUP_ENCRYPTION_KEY: must be 32 random bytes/,
  );
  const config = loadWorkersConfig({
    ...TEST_ENV,
    BACKUP_DIR: "/backups",
    BACKUP_ENCRYPTION_KEY: "c7ZC3bm2S1i7ZYb0vYq3uYk1pQ9d3x0JmJq2VdZ8r2A=",
  });
  assert.equal(config.BACKUP_INTERVAL_MINUTES, 60);
  assert.deepEqual(
    [config.BACKUP_KEEP_LAST, config.BACKUP_KEEP_DAILY, config.BACKUP_KEEP_WEEKLY],
    [24, 7, 8],
  );
});
