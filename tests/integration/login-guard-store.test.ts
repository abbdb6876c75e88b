/**
 * The eVisitor login guard's memory in the database: what one process learns (a refused password,
 * a lockout) keeps every other process from sending the same login to eVisitor.
 */
import assert from "node:assert/strict";
import { evisitorLoginGuards } from "@core/db/schema/evisitor-login-guards.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import { LoginGuard } from "@core/evisitor/login-guard.ts";
import { databaseLoginGuardStore } from "@core/evisitor/login-guard-store.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { createTestDatabase } from "../support/database.ts";
import { TEST_SECRETS } from "../support/app.ts";

const account = {
  baseUrl: "https://www.evisitor.hr/eVisitorRhetos_API",
  username: "12345678903",
  password: "Krivo-123",
};

async function processes(count: number, now: () => number) {
  const database = await createTestDatabase();
  const secretBox = await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY);
  const fingerprint = (label: string) => (text: string) =>
    secretBox.fingerprint(`${label}\n${text}`);
  const guards = Array.from({ length: count }, () =>
    new LoginGuard({
      now,
      store: databaseLoginGuardStore(database.db, fingerprint("account")),
      digest: fingerprint("password"),
    }));
  return { database, guards };
}

Deno.test("a password eVisitor refused in one process is not sent by another", async () => {
  const { database, guards: [api, worker, otherWorker] } = await processes(3, Date.now);
  try {
    let attempts = 0;
    const refuse = () => {
      attempts++;
      return Promise.reject(new EVisitorError("invalid-credentials", "Neispravno korisničko ime"));
    };
    await assert.rejects(api.run(account, refuse), { kind: "invalid-credentials" });
    await assert.rejects(worker.run(account, refuse), { kind: "invalid-credentials" });
    await assert.rejects(otherWorker.run(account, refuse), { kind: "invalid-credentials" });
    assert.equal(attempts, 1, "eVisitor saw the wrong password once");

    // Nothing readable is kept: neither the username nor the password.
    const rows = await database.db.select().from(evisitorLoginGuards);
    assert.equal(rows.length, 1);
    const stored = JSON.stringify(rows);
    assert.ok(!stored.includes(account.username) && !stored.includes(account.password), stored);

    // The host types the right password: any process sends it, and the refusal is forgotten.
    await worker.run({ ...account, password: "Dobro-123" }, () => {
      attempts++;
      return Promise.resolve();
    });
    assert.equal(attempts, 2);
    assert.equal((await database.db.select().from(evisitorLoginGuards)).length, 0);
  } finally {
    await database.dispose();
  }
});

Deno.test("after a lockout seen by one process, no process logs in until it ends", async () => {
  let now = Date.parse("2026-11-25T10:00:00Z");
  const { database, guards: [worker, otherWorker] } = await processes(2, () => now);
  try {
    let attempts = 0;
    await assert.rejects(
      worker.run(account, () => {
        attempts++;
        return Promise.reject(new EVisitorError("locked-out", "locked; try again in 20 minutes"));
      }),
      { kind: "locked-out" },
    );
    const succeed = () => {
      attempts++;
      return Promise.resolve();
    };
    now += 19 * 60_000;
    await assert.rejects(otherWorker.run({ ...account, password: "Dobro-123" }, succeed), {
      kind: "locked-out",
      message: /not trying again for 1 minutes/,
    });
    assert.equal(attempts, 1);
    now += 60_000 + 1;
    await otherWorker.run({ ...account, password: "Dobro-123" }, succeed);
    assert.equal(attempts, 2);
  } finally {
    await database.dispose();
  }
});
