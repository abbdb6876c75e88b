/**
 * Issue 32 item 4: where the host looks (the guests page, a stay, the dashboard, which all read
 * these answers), a guest held for approval says so: `approval` is "waiting" while the host has
 * not approved, "declined" once they said "not my guest" on the e-mailed page (the guest stays,
 * unregistered), and null once approved.
 */
import assert from "node:assert/strict";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import type { Database } from "@core/db/client.ts";
import { newApprovalToken } from "@core/services/guests/approve-guests.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, type TestApp, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";

const NOW = new Date("2026-11-20T10:00:00Z");
const MALLORY = { ...BIRGITTE, firstName: "Mallory", surname: "Intruder", documentNumber: "Z9" };

async function stayOf(app: TestApp, db: Database) {
  const userId = await createHost(app, db, { email: "ana@example.com" });
  await seedMirroredAccount(db, userId);
  const [unit] = await db.select().from(accommodationUnits).limit(1);
  const { accessToken } = await signIn(app, "ana@example.com");
  const booked = await postWith(app, "/api/Reservations", {
    accommodationUnitId: unit.id,
    startDateUTC: "2026-11-19T14:00:00Z",
    endDateUTC: "2026-11-23T09:00:00Z",
  }, accessToken);
  assert.equal(booked.status, 200, await booked.clone().text());
  return { code: (await booked.json()).code as string, token: accessToken, unit };
}

Deno.test("the guest list and the stay say which guests wait for the host's approval", () =>
  withTestApp(async ({ app, db }) => {
    const { code, token, unit } = await stayOf(app, db);
    const res = await app.request(postJson("/api/Reservations/Guests", {
      reservationCode: code,
      reservationGuests: [BIRGITTE, MALLORY],
    }));
    assert.equal(res.status, 200, await res.clone().text());
    const ids = Object.fromEntries(
      (await res.json()).guests.map((g: { id: string; name: string }) => [g.name, g.id]),
    );
    const made = await db.transaction((tx) => newApprovalToken(tx, ids.Birgitte, NOW));
    const declined = await app.request(postJson("/api/Reservations/approveGuests/decline", {
      token: made!.token,
      guestId: ids.Mallory,
    }));
    assert.equal(declined.status, 200, await declined.clone().text());

    const approvalsOf = async () => {
      const list = await getWith(
        app,
        `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${unit.propertyId}`,
        token,
      );
      assert.equal(list.status, 200, await list.clone().text());
      const stay = await (await getWith(app, `/api/Reservations/${code}`, token)).json();
      const fromList = Object.fromEntries(
        (await list.json()).items.map((
          g: { surnameAndName: string; approval: string | null },
        ) => [g.surnameAndName.split(" ")[1], g.approval]),
      );
      const fromStay = Object.fromEntries(
        stay.guests.map((g: { name: string; approval: string | null }) => [g.name, g.approval]),
      );
      assert.deepEqual(fromStay, fromList, "the stay says what the list says");
      return fromList;
    };
    assert.deepEqual(await approvalsOf(), { Birgitte: "waiting", Mallory: "declined" });

    const approved = await postWith(app, `/api/Reservations/${code}/approveGuests`, {
      guestIds: [ids.Birgitte],
    }, token);
    assert.deepEqual(await approved.json(), { approved: 1 });
    assert.deepEqual(await approvalsOf(), { Birgitte: null, Mallory: "declined" });
  }, { now: NOW }));
