/**
 * Issue 17, L7: whether an eVisitor username is connected to some host is told only to someone
 * eVisitor accepted the password of; anyone else learns nothing but "wrong password".
 * L6: the free trial is had once per eVisitor account (its OIB), not once per registration.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { subscriptions } from "@core/db/schema/billing.ts";
import { type EVisitorSession } from "@core/evisitor/types.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { bearer, createHost, postWith, signIn } from "../support/accounts.ts";
import { simulatorAccess, withTestApp } from "../support/app.ts";
import { DEMO_HOST, OTHER_DEMO_HOST, startEVisitorSim } from "../support/evisitor-sim.ts";

Deno.test("connecting or editing to a connected eVisitor username without its password says only that the password is wrong", async () => {
  const sim = await startEVisitorSim();
  try {
    await withTestApp(async ({ app, db }) => {
      await createHost(app, db, { email: "ana@example.com" });
      await createHost(app, db, { email: "bruno@example.com" });
      const ana = (await signIn(app, "ana@example.com")).accessToken;
      const bruno = (await signIn(app, "bruno@example.com")).accessToken;
      assert.equal((await postWith(app, "/api/ExternalAccounts", DEMO_HOST, ana)).status, 200);
      const probe = { username: DEMO_HOST.username, password: "Nagadam-Lozinku-1" };

      const connect = await postWith(app, "/api/ExternalAccounts", probe, bruno);
      assert.equal(connect.status, 400);
      assert.equal((await connect.json()).code, "ExternalAccountInvalid");

      // The holder of the password is told, as before.
      const taken = await postWith(app, "/api/ExternalAccounts", DEMO_HOST, bruno);
      assert.equal(taken.status, 409);
      assert.equal((await taken.json()).code, "ExternalAccountExists");

      const own = await postWith(app, "/api/ExternalAccounts", OTHER_DEMO_HOST, bruno);
      assert.equal(own.status, 200);
      const { id } = await own.json();
      const edit = await app.request(`/api/ExternalAccounts/${id}`, {
        method: "PUT",
        headers: { ...bearer(bruno), "Content-Type": "application/json" },
        body: JSON.stringify(probe),
      });
      assert.equal(edit.status, 400);
      assert.equal((await edit.json()).code, "ExternalAccountInvalid");
    }, { evisitor: simulatorAccess(sim.baseUrl) });
  } finally {
    await sim.stop();
  }
});

/** An eVisitor that accepts every login (the trial rule comes after the credential check). */
const anyLogin: EVisitorAccess = {
  endpoint: { baseUrl: "http://evisitor.test", timeoutMs: 2000 },
  openSession: () =>
    Promise.resolve({ logout: () => Promise.resolve() } as unknown as EVisitorSession),
};

Deno.test("a new registration on the trial cannot take over an eVisitor account (OIB) that had one", () =>
  withTestApp(async ({ app, db }) => {
    const ids = {
      ana: await createHost(app, db, { email: "ana@example.com" }),
      bruno: await createHost(app, db, { email: "bruno@example.com" }),
    };
    const ana = (await signIn(app, "ana@example.com")).accessToken;
    const bruno = (await signIn(app, "bruno@example.com")).accessToken;
    const connect = (token: string, username: string) =>
      postWith(app, "/api/ExternalAccounts", { username, password: "Lozinka-1" }, token);
    const remove = (token: string, id: string) =>
      app.request(`/api/ExternalAccounts/${id}`, { method: "DELETE", headers: bearer(token) });

    const first = await connect(ana, "12345678901.api");
    assert.equal(first.status, 200);
    assert.equal((await remove(ana, (await first.json()).id)).status, 204);

    // Bruno registered anew and moves Ana's eVisitor account over, as itself or a sub-user.
    for (const username of ["12345678901", "12345678901.api", "12345678901.drugi"]) {
      const moved = await connect(bruno, username);
      assert.equal(moved.status, 403, username);
      const problem = await moved.json();
      assert.equal(problem.code, "SubscriptionLimitReached");
      assert.match(problem.detail, /free trial already/);
    }
    // Nor by editing an account of his own over to it.
    const own = await connect(bruno, "98765432109");
    assert.equal(own.status, 200);
    const { id } = await own.json();
    const edited = await app.request(`/api/ExternalAccounts/${id}`, {
      method: "PUT",
      headers: { ...bearer(bruno), "Content-Type": "application/json" },
      body: JSON.stringify({ username: "12345678901", password: "Lozinka-1" }),
    });
    assert.equal(edited.status, 403);
    assert.equal((await edited.json()).code, "SubscriptionLimitReached");

    // Ana comes back to her own; once Bruno pays, the account can move to him.
    const again = await connect(ana, "12345678901.api");
    assert.equal(again.status, 200);
    assert.equal((await remove(ana, (await again.json()).id)).status, 204);
    await db.update(subscriptions).set({ isTrial: false })
      .where(eq(subscriptions.userId, ids.bruno));
    assert.equal((await remove(bruno, id)).status, 204);
    assert.equal((await connect(bruno, "12345678901")).status, 200);
  }, { evisitor: anyLogin }));
