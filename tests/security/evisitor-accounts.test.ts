/**
 * Issue 17, L7: whether an eVisitor username is connected to some host is told only to someone
 * eVisitor accepted the password of; anyone else learns nothing but "wrong password".
 */
import assert from "node:assert/strict";
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
