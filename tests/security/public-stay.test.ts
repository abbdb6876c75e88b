/**
 * Issue 17, M4: the check-in page's answers (by stay code, by unit code, after a check-in) never
 * carry the unit's code, which opens the unit's check-in page for every later stay too.
 */
import assert from "node:assert/strict";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";

const NOW = new Date("2026-11-20T10:00:00Z");

Deno.test("public stay answers leave out the unit's code", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId);
    const [unit] = await db.select().from(accommodationUnits).limit(1);
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const created = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2026-11-20T14:00:00Z",
      endDateUTC: "2026-11-23T09:00:00Z",
    }, token);
    assert.equal(created.status, 200);
    const { code, accommodationUnit } = await created.json();
    assert.equal(accommodationUnit.code, unit.code, "the host still sees it");

    const answers = {
      "by stay code": await app.request(`/api/Reservations/${code}`),
      "by unit code": await app.request(`/api/Reservations/Current/${unit.code}`),
      "after check-in": await app.request(postJson("/api/Reservations/Guests", {
        reservationCode: code,
        reservationGuests: [BIRGITTE],
      })),
    };
    for (const [what, res] of Object.entries(answers)) {
      const text = await res.text();
      assert.equal(res.status, 200, `${what}: ${text}`);
      const body = JSON.parse(text);
      assert.equal(body.code, code, what);
      assert.equal(body.accommodationUnit.name, unit.name, what);
      assert.equal("code" in body.accommodationUnit, false, what);
      assert.ok(!text.includes(unit.code), `${what} holds the unit's code`);
    }
  }, { now: NOW }));
