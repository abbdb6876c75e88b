/**
 * The eVisitor login guard's memory in the database: what one process learns (a refused password,
 * a lockout) keeps every other process from sending the same login to eVisitor.
 */
import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { createDatabase } from "@core/db/client.ts";
import { evisitorLoginGuards } from "@core/db/schema/evisitor-login-guards.ts";
import { evisitorLogins } from "@core/db/schema/evisitor-logins.ts";
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

Deno.test("the login cap holds for processes with their own database connections", async () => {
  const database = await createTestDatabase();
  const secretBox = await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY);
  const fingerprint = (text: string) => secretBox.fingerprint(`account\n${text}`);
  // Four processes, each with a connection of its own to the same file, claim 8 logins each at
  // once: exactly the cap gets through, whoever asks.
  const connections = Array.from({ length: 4 }, () => createDatabase({ url: database.url }));
  try {
    const now = Date.now();
    const claims = await Promise.all(
      connections.flatMap(({ db }) => {
        const store = databaseLoginGuardStore(db, fingerprint);
        return Array.from({ length: 8 }, () => store.claimLogin("account", now, 60_000, 5));
      }),
    );
    assert.equal(claims.filter((wait) => wait === 0).length, 5);
    // The others are told to wait until the oldest login leaves the minute.
    for (const wait of claims.filter((wait) => wait !== 0)) {
      assert.ok(wait > 59_000 && wait <= 60_000, `waits ${wait} ms`);
    }
    // Another account has its own slots; a minute later the first has them all again.
    const store = databaseLoginGuardStore(database.db, fingerprint);
    assert.equal(await store.claimLogin("other", now, 60_000, 5), 0);
    assert.equal(await store.claimLogin("account", now + 60_000, 60_000, 5), 0);
    const [{ n }] = await database.db.select({ n: count() }).from(evisitorLogins);
    assert.equal(n, 2, "logins older than the window are deleted");
  } finally {
    for (const { client } of connections) client.close();
    await database.dispose();
  }
});

Deno.test("a login over the cap waits for a slot, and gives up as unavailable past its wait", async () => {
  const database = await createTestDatabase();
  try {
    const secretBox = await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY);
    const fingerprint = (label: string) => (text: string) =>
      secretBox.fingerprint(`${label}\n${text}`);
    const guard = (maxWaitMs: number) =>
      new LoginGuard({
        store: databaseLoginGuardStore(database.db, fingerprint("account")),
        digest: fingerprint("password"),
        loginCap: { max: 2, windowMs: 600, maxWaitMs },
      });
    const [a, b] = [guard(2000), guard(2000)];
    const times: number[] = [];
    const login = () => Promise.resolve(void times.push(Date.now()));
    const started = Date.now();
    await Promise.all([a.run(account, login), b.run(account, login), a.run(account, login)]);
    assert.equal(times.length, 3);
    assert.ok(times[1] - started < 300, "two logins at once");
    assert.ok(
      times[2] - started >= 600,
      `the third waited for the window (${times[2] - started} ms)`,
    );
    // With two logins just made, a login that may not wait for the window fails at once,
    // without logging in.
    const other = { ...account, username: "12345678904" };
    await Promise.all([a.run(other, login), b.run(other, login)]);
    const impatient = guard(100);
    let tried = false;
    await assert.rejects(
      impatient.run(other, () => Promise.resolve(void (tried = true))),
      (error: EVisitorError) => error.kind === "unavailable" && error.isTransient,
    );
    assert.equal(tried, false);
  } finally {
    await database.dispose();
  }
});
