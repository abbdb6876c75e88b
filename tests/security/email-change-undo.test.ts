/**
 * Issue 30, N4: the old address's link that undoes an e-mail change cannot be blocked by
 * registering the old address (never confirming it) after the change. The undo wins, and the
 * unconfirmed registration goes, with its pending links; an account that did confirm the address
 * still blocks the undo (the address is someone's). Failed on the code before the fix: the undo
 * answered InvalidToken.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { users } from "@core/db/schema/users.ts";
import { userTokens } from "@core/db/schema/user-tokens.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import { createHost, emailedCode, PASSWORD, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, postJson, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";

const NOW = new Date("2026-11-20T10:00:00Z");

async function withApp(fn: (ctx: { app: TestApp; db: Database }) => Promise<void>) {
  const database = await createTestDatabase();
  try {
    const app = await createTestApp({ db: database.db, clock: new TestClock(NOW).now });
    await fn({ app, db: database.db });
  } finally {
    await database.dispose();
  }
}

/**
 * Ana's account with its address moved to the thief's by someone holding her session (and
 * password), the change confirmed; returns the undo code e-mailed to her old address.
 */
async function stolenAddress(app: TestApp, db: Database) {
  const userId = await createHost(app, db, { email: "ana@example.com" });
  const thief = await signIn(app, "ana@example.com");
  const moved = await postWith(app, "/api/Users/manage/info", {
    newEmail: "thief@example.com",
    oldPassword: PASSWORD,
  }, thief.accessToken);
  assert.equal(moved.status, 200);
  // The two codes the notifications worker e-mails for the change (one to each address).
  const undo = await issueUserToken(db, {
    userId,
    purpose: "RevertEmailChange",
    newEmail: "ana@example.com",
    now: NOW,
  });
  const confirm = await emailedCode(db, userId, "ChangeEmail", "thief@example.com");
  const confirmed = await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${confirm}`);
  assert.equal(confirmed.status, 200);
  return { userId, undo };
}

const revert = (app: TestApp, body: unknown) =>
  app.request(postJson("/api/Users/revertEmailChange", body));

const emailOf = async (db: Database, id: string) =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

Deno.test("N4: a registration never confirmed under the old address does not block the undo", () =>
  withApp(async ({ app, db }) => {
    const { userId, undo } = await stolenAddress(app, db);
    // The thief registers the freed address and never opens its confirmation link.
    const squatter = await createHost(app, db, { email: "ana@example.com", confirmed: false });
    const squatterLink = await emailedCode(db, squatter, "ConfirmEmail");

    const res = await revert(app, { userId, code: undo });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(await emailOf(db, userId), "ana@example.com", "Ana's address is hers again");
    await signIn(app, "ana@example.com");

    assert.equal(await emailOf(db, squatter), undefined, "the unconfirmed registration is gone");
    assert.deepEqual(
      await db.select().from(userTokens).where(eq(userTokens.userId, squatter)),
      [],
      "with its pending links",
    );
    const late = await app.request(
      `/api/Users/confirmEmail?userId=${squatter}&code=${squatterLink}`,
    );
    assert.equal(late.status, 400);
    assert.equal((await late.json()).code, "InvalidToken");
    // The address is Ana's: registering it again is refused.
    const again = await app.request(
      postJson("/api/Users/register", {
        email: "ana@example.com",
        password: PASSWORD,
        acceptLegalDocuments: true,
      }),
    );
    assert.equal(again.status, 400);
    assert.equal((await again.json()).code, "DuplicateEmail");
  }));

Deno.test("N4: an account that confirmed the old address still blocks the undo, nothing changed", () =>
  withApp(async ({ app, db }) => {
    const { userId, undo } = await stolenAddress(app, db);
    const other = await createHost(app, db, { email: "ana@example.com" });

    const res = await revert(app, { userId, code: undo });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, "InvalidToken");
    assert.equal(await emailOf(db, userId), "thief@example.com");
    assert.equal(await emailOf(db, other), "ana@example.com", "the confirmed account stays");
    await signIn(app, "ana@example.com");
  }));
