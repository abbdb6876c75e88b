import assert from "node:assert/strict";
import { createHost, getWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

const LIST = "/api/Properties?PageNumber=1&PageSize=20";

async function twoHosts(
  app: Parameters<typeof createHost>[0],
  db: Parameters<typeof createHost>[1],
) {
  const ana = await createHost(app, db, { email: "ana@example.com" });
  const bruno = await createHost(app, db, { email: "bruno@example.com" });
  await seedMirroredAccount(db, ana, [
    demoFacility("fac-1", "0034643"),
    demoFacility("fac-2", "0000022"),
  ]);
  await seedMirroredAccount(db, bruno, [demoFacility("fac-9", "0099999")]);
  return {
    ana: (await signIn(app, "ana@example.com")).accessToken,
    bruno: (await signIn(app, "bruno@example.com")).accessToken,
  };
}

Deno.test("GET /api/Properties lists only the caller's properties with their units", () =>
  withTestApp(async ({ app, db }) => {
    const { ana, bruno } = await twoHosts(app, db);
    const page = await (await getWith(app, LIST, ana)).json();
    assert.equal(page.totalCount, 2);
    assert.deepEqual(page.items.map((p: { name: string }) => p.name), [
      "Vila 0000022",
      "Vila 0034643",
    ]);
    const [first] = page.items;
    assert.equal(first.address, "Obala 5, Split");
    assert.deepEqual(first.accommodationUnits.map((u: { name: string }) => u.name), [
      "Apartman 1",
      "Apartman 2",
      "Apartman 3",
      "Soba",
    ]);
    assert.equal(first.automaticCheckOut, false);
    assert.equal(first.wifiDetails, null);
    const brunos = await (await getWith(app, LIST, bruno)).json();
    assert.deepEqual(brunos.items.map((p: { name: string }) => p.name), ["Vila 0099999"]);
  }));

Deno.test("GET /api/Properties searches by name and needs paging parameters", () =>
  withTestApp(async ({ app, db }) => {
    const { ana } = await twoHosts(app, db);
    const found = await (await getWith(app, `${LIST}&SearchValue=0022`, ana)).json();
    assert.equal(found.totalCount, 1);
    const bad = await getWith(app, "/api/Properties", ana);
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys((await bad.json()).errors).sort(), ["PageNumber", "PageSize"]);
    assert.equal((await app.request(LIST)).status, 401);
  }));

Deno.test("PUT /api/Properties/Settings/{id} saves the host's settings and validates WiFi", () =>
  withTestApp(async ({ app, db }) => {
    const { ana, bruno } = await twoHosts(app, db);
    const [property] = (await (await getWith(app, LIST, ana)).json()).items;
    const put = (token: string, body: unknown) =>
      app.request(`/api/Properties/Settings/${property.id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    const noName = await put(ana, {
      propertyId: property.id,
      wifiPassword: "tajna-lozinka",
      wifiEncryptionType: 2,
    });
    assert.equal(noName.status, 400);
    assert.deepEqual((await noName.json()).errors, { wifiName: ["WiFi name is required"] });

    const ok = await put(ana, {
      propertyId: property.id,
      defaultCheckInTime: "14:00",
      defaultCheckOutTime: "10:00",
      maxNumberOfGuests: 8,
      defaultNumberOfNights: 3,
      automaticCheckOut: true,
      automaticCheckIn: true,
      wifiName: "Vila-Gosti",
      wifiPassword: "more-i-sunce",
      wifiEncryptionType: 2,
    });
    assert.equal(ok.status, 200);
    const saved = await ok.json();
    assert.equal(saved.defaultCheckInTime, "14:00");
    assert.equal(saved.automaticCheckOut, true);
    assert.deepEqual(saved.wifiDetails, {
      ssid: "Vila-Gosti",
      password: "more-i-sunce",
      encryptionType: 2,
    });

    const foreign = await put(bruno, { propertyId: property.id, automaticCheckOut: false });
    assert.equal(foreign.status, 404, "another host's property is unknown to them");
  }));

Deno.test("DELETE /api/Properties/{id} removes the caller's property with its units, nobody else's", () =>
  withTestApp(async ({ app, db }) => {
    const { ana, bruno } = await twoHosts(app, db);
    const [property] = (await (await getWith(app, LIST, ana)).json()).items;
    const del = (token: string) =>
      app.request(`/api/Properties/${property.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${token}` },
      });
    assert.equal((await del(bruno)).status, 404);
    assert.equal((await del(ana)).status, 204);
    const after = await (await getWith(app, LIST, ana)).json();
    assert.equal(after.totalCount, 1);
    const unit = await getWith(
      app,
      `/api/AccommodationUnits/${property.accommodationUnits[0].code}`,
      ana,
    );
    assert.equal(unit.status, 404, "its units went with it");
  }));
