import assert from "node:assert/strict";
import { createAdmin, createHost, getWith, postWith, signIn } from "../../support/accounts.ts";
import { postJson, withTestApp } from "../../support/app.ts";

Deno.test("GET /api/Users/list is for administrators only", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "host@example.com" });
    const host = await signIn(app, "host@example.com");
    assert.equal((await app.request("/api/Users/list?PageNumber=1&PageSize=10")).status, 401);
    const res = await getWith(app, "/api/Users/list?PageNumber=1&PageSize=10", host.accessToken);
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, "Forbidden");
  }));

Deno.test("GET /api/Users/list pages, searches and sorts users", () =>
  withTestApp(async ({ app, db, clock }) => {
    await createAdmin(db, "admin@example.com");
    for (const name of ["ana", "bruno", "cvita", "dora", "ema_x"]) {
      clock.advanceMinutes(1);
      await createHost(app, db, { email: `${name}@example.com`, confirmed: name !== "dora" });
    }
    const { accessToken } = await signIn(app, "admin@example.com");
    const list = async (query: string) =>
      await (await getWith(app, `/api/Users/list?${query}`, accessToken)).json();

    const first = await list("PageNumber=1&PageSize=2&SortBy=email&SortDescending=false");
    assert.deepEqual(first.items.map((u: { email: string }) => u.email), [
      "admin@example.com",
      "ana@example.com",
    ]);
    assert.equal(first.totalCount, 6);
    assert.equal(first.totalPages, 3);
    assert.equal(first.hasNextPage, true);
    assert.equal(first.hasPreviousPage, false);

    const search = await list("PageNumber=1&PageSize=10&SearchTerm=DORA");
    assert.equal(search.totalCount, 1);
    assert.deepEqual(Object.keys(search.items[0]).sort(), [
      "created",
      "currentSubscription",
      "email",
      "emailConfirmed",
      "id",
      "lastLogin",
    ]);
    assert.equal(search.items[0].emailConfirmed, false);
    assert.equal(search.items[0].lastLogin, null);

    const wildcard = await list("PageNumber=1&PageSize=10&SearchTerm=_x");
    assert.deepEqual(wildcard.items.map((u: { email: string }) => u.email), ["ema_x@example.com"]);

    const newest = await list("PageNumber=1&PageSize=1&SortBy=created&SortDescending=true");
    assert.equal(newest.items[0].email, "ema_x@example.com");
  }));

Deno.test("GET /api/Users/list needs its paging parameters", () =>
  withTestApp(async ({ app, db }) => {
    await createAdmin(db);
    const { accessToken } = await signIn(app, "admin@example.com");
    const res = await getWith(app, "/api/Users/list?PageSize=500&SortBy=password", accessToken);
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).errors, {
      PageNumber: ["A number is required"],
      PageSize: ["The value must be at most 100"],
      SortBy: ["Invalid type selected"],
    });
  }));

Deno.test("POST /api/Users/impersonate/{userId} lets an administrator act as a host, and only that", () =>
  withTestApp(async ({ app, db }) => {
    const adminId = await createAdmin(db);
    const hostId = await createHost(app, db, { email: "host@example.com" });
    const admin = await signIn(app, "admin@example.com");
    const host = await signIn(app, "host@example.com");

    assert.equal(
      (await postWith(app, `/api/Users/impersonate/${adminId}`, {}, host.accessToken)).status,
      403,
    );
    const self = await postWith(app, `/api/Users/impersonate/${adminId}`, {}, admin.accessToken);
    assert.equal((await self.json()).code, "CannotImpersonate");
    assert.equal(
      (await postWith(app, "/api/Users/impersonate/no-such-user", {}, admin.accessToken)).status,
      404,
    );

    const res = await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin.accessToken);
    assert.equal(res.status, 200);
    const result = await res.json();
    assert.equal(result.impersonatedUserId, hostId);
    assert.equal(result.impersonatedByUserId, adminId);
    assert.equal(result.tokenType, "Bearer");
    assert.ok(!Number.isNaN(Date.parse(result.impersonationStartTime)));

    const info = await (await getWith(app, "/api/Users/manage/info", result.accessToken)).json();
    assert.deepEqual(info, { email: "host@example.com", isEmailConfirmed: true, roles: [] });
    const nested = await postWith(app, `/api/Users/impersonate/${hostId}`, {}, result.accessToken);
    assert.equal(nested.status, 403, "a host session cannot impersonate");

    const refreshed = await app.request(
      postJson("/api/Users/refresh", { refreshToken: result.refreshToken }),
    );
    const again =
      await (await getWith(app, "/api/Users/manage/info", (await refreshed.json()).accessToken))
        .json();
    assert.equal(
      again.email,
      "host@example.com",
      "the impersonation session refreshes as the host",
    );
  }));

Deno.test("the first administrator comes from configuration and is created once", () =>
  withTestApp(async ({ app, db }) => {
    await createAdmin(db, "Boss@Example.com");
    await createAdmin(db, "boss@example.com");
    const { accessToken } = await signIn(app, "boss@example.com");
    const info = await (await getWith(app, "/api/Users/manage/info", accessToken)).json();
    assert.deepEqual(info.roles, ["Administrator"]);
  }));
