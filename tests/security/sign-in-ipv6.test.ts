/**
 * Third probe, N10: the sign-in lockout counted the full address, so a guesser over IPv6 dodged it
 * by taking a new address inside the /64 they hold for each attempt. It counts the /64 now, as the
 * rate limits do. Each test failed on the code before the fix.
 */
import assert from "node:assert/strict";
import { createHost, PASSWORD } from "../support/accounts.ts";
import { createTestApp, postJson, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import type { Database } from "@core/db/client.ts";

const NOW = new Date("2026-11-20T10:00:00Z");

/** The real app behind our proxy (X-Forwarded-For names the address), rate limits off. */
async function withApp(fn: (app: TestApp, db: Database) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  try {
    const clock = new TestClock(NOW);
    await fn(
      await createTestApp({ db: database.db, clock: clock.now, trustProxy: true }),
      database.db,
    );
  } finally {
    await database.dispose();
  }
}

const login = (app: TestApp, email: string, password: string, from: string) =>
  app.request(postJson("/api/Users/login", { email, password }, { "X-Forwarded-For": from }));

async function assertLockedOut(res: Response, what: string) {
  assert.equal(res.status, 429, what);
  assert.ok(Number(res.headers.get("Retry-After")) >= 1, `${what}: Retry-After`);
  assert.equal((await res.json()).code, "LockedOut", what);
}

Deno.test("N10: guessing one account from new addresses of one IPv6 /64 is locked like one address", () =>
  withApp(async (app, db) => {
    await createHost(app, db, { email: "ana@example.com" });
    for (let i = 1; i <= 5; i++) {
      const res = await login(app, "ana@example.com", `Wrong-${i}-2026!`, `2001:db8:1:2::${i}`);
      assert.equal(res.status, 401, `guess ${i}`);
      await res.body?.cancel();
    }
    // Even the right password, from yet another address of the same /64, waits out the lock.
    await assertLockedOut(
      await login(app, "ana@example.com", PASSWORD, "2001:db8:1:2:abcd:ef01:2345:6789"),
      "sixth attempt from the same /64",
    );
    // The owner elsewhere (another /64, or IPv4) is not turned away.
    const owner = await login(app, "ana@example.com", PASSWORD, "2001:db8:1:3::1");
    assert.equal(owner.status, 200, "the owner from another /64 gets in");
    await owner.body?.cancel();
  }));

Deno.test("N10: a /64 failing at many accounts from new addresses is locked as one client", () =>
  withApp(async (app, db) => {
    await createHost(app, db, { email: "ana@example.com" });
    // Twenty failures, each at another account and from another address of one /64.
    for (let i = 1; i <= 20; i++) {
      const from = `2001:db8:aa:bb:${i.toString(16)}::1`;
      const res = await login(app, `nobody${i}@example.com`, "Wrong-Password-1", from);
      assert.equal(res.status, 401, `failure ${i}`);
      await res.body?.cancel();
    }
    await assertLockedOut(
      await login(app, "ana@example.com", PASSWORD, "2001:db8:aa:bb:ffff:ffff:ffff:fffe"),
      "the /64 is locked, whichever account and address it tries next",
    );
    // IPv4 addresses are still counted one by one.
    const other = await login(app, "ana@example.com", PASSWORD, "192.0.2.7");
    assert.equal(other.status, 200);
    await other.body?.cancel();
  }));
