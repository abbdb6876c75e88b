import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { guests } from "@core/db/schema/guests.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { GuestCheckInRequested } from "@shared/events.ts";
import { bearer, getWith, postWith } from "../support/accounts.ts";
import { postJson } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { premiumHost, teamMember, type TeamWorld, withTeamWorld } from "../support/team.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");

type World = TeamWorld;
const withWorld = (fn: (w: World) => Promise<void>) => withTeamWorld(NOW, fn);
const host = premiumHost;
const member = teamMember;

function send(w: World, method: string, path: string, session: string, body?: unknown) {
  return w.app.request(path, {
    method,
    headers: { ...bearer(session), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function propertyList(w: World, session: string, scope = "All") {
  const res = await getWith(
    w.app,
    `/api/Properties?PageNumber=1&PageSize=10&Scope=${scope}`,
    session,
  );
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).items as { id: string; role: string }[];
}

const settingsOf = (propertyId: string) => ({
  propertyId,
  maxNumberOfGuests: 3,
  automaticCheckIn: true,
});
const stay = (unitId: string, start: string, end: string) => ({
  accommodationUnitId: unitId,
  startDateUTC: `${start}T12:00:00.000Z`,
  endDateUTC: `${end}T12:00:00.000Z`,
});

Deno.test("a member sees only the property shared with them, with their role, beside their own", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const pero = await host(w, "pero@example.com", "0099999");
    const marko = await member(w, ana, "marko@example.com", "Reception");

    assert.deepEqual(await propertyList(w, marko), [{
      ...(await propertyList(w, marko))[0],
      id: ana.propertyId,
      role: "Reception",
    }]);
    assert.deepEqual((await propertyList(w, marko, "Own")).length, 0);
    assert.deepEqual((await propertyList(w, marko, "Shared")).map((p) => p.id), [ana.propertyId]);
    // The owner's own list is unchanged, with the role Owner; Pero sees only his.
    assert.deepEqual((await propertyList(w, ana.session)).map((p) => [p.id, p.role]), [[
      ana.propertyId,
      "Owner",
    ]]);
    assert.deepEqual((await propertyList(w, pero.session)).map((p) => p.id), [pero.propertyId]);
    assert.equal((await propertyList(w, ana.session, "Shared")).length, 0);
  });
});

Deno.test("reception: stays and the QR sheet, no settings, units or removal", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const pero = await host(w, "pero@example.com", "0099999");
    const rita = await member(w, ana, "rita@example.com", "Reception");

    const created = await postWith(
      w.app,
      "/api/Reservations",
      stay(ana.unit.id, "2026-09-01", "2026-09-04"),
      rita,
    );
    assert.equal(created.status, 200, await created.clone().text());
    const { code } = await created.json();
    // The stay is Ana's, counted on Ana's plan.
    const [row] = await w.db.select().from(reservations).where(eq(reservations.code, code));
    assert.equal(row.userId, ana.userId);
    const listed = await getWith(w.app, "/api/Reservations?PageNumber=1&PageSize=10", rita);
    assert.deepEqual((await listed.json()).items.map((r: { code: string }) => r.code), [code]);
    assert.equal((await getWith(w.app, `/api/Reservations/${code}`, rita)).status, 200);
    assert.equal(
      (await send(
        w,
        "PUT",
        `/api/Reservations/${code}`,
        rita,
        stay(ana.unit.id, "2026-09-01", "2026-09-05"),
      ))
        .status,
      200,
    );
    assert.equal(
      (await getWith(w.app, `/api/AccommodationUnits/${ana.unit.code}`, rita)).status,
      200,
    );
    assert.equal(
      (await getWith(
        w.app,
        `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${ana.propertyId}`,
        rita,
      )).status,
      200,
    );

    for (
      const [method, path, body] of [
        ["PUT", `/api/Properties/Settings/${ana.propertyId}`, settingsOf(ana.propertyId)],
        ["DELETE", `/api/Properties/${ana.propertyId}`, undefined],
        ["POST", "/api/AccommodationUnits", { propertyId: ana.propertyId, name: "Extra" }],
        ["DELETE", `/api/AccommodationUnits/${ana.unit.code}`, undefined],
        ["POST", `/api/AccommodationUnits/${ana.unit.id}/renewCode`, undefined],
      ] as const
    ) {
      const res = await send(w, method, path, rita, body);
      assert.equal(res.status, 403, `${method} ${path}: ${await res.clone().text()}`);
    }
    // The guest form's settlement search works for her on Ana's stay, not on Pero's.
    const search = (stayCode: string) =>
      getWith(w.app, `/api/Guests/Settlements?ReservationCode=${stayCode}&Query=split`, rita);
    assert.equal((await search(code)).status, 200);
    const perosStay = await postWith(
      w.app,
      "/api/Reservations",
      stay(pero.unit.id, "2026-09-01", "2026-09-02"),
      pero.session,
    );
    assert.equal(perosStay.status, 200);
    assert.equal((await search((await perosStay.json()).code)).status, 404);
    // Reception sees the shared units' calendars for their stays, none of their links (issue 32
    // item 7), and none of Pero's.
    const calendars = await getWith(w.app, "/api/Calendars?PageNumber=1&PageSize=50", rita);
    const units = (await calendars.json()).items as {
      propertyId: string;
      canManage: boolean;
      exportUrl: string | null;
      feeds: unknown[];
    }[];
    assert.ok(units.length > 0);
    for (const unit of units) {
      assert.equal(unit.propertyId, ana.propertyId);
      assert.deepEqual([unit.canManage, unit.exportUrl, unit.feeds], [false, null, []]);
    }
    // Pero's property stays unknown to her.
    assert.equal(
      (await postWith(
        w.app,
        "/api/Reservations",
        stay(pero.unit.id, "2026-09-01", "2026-09-02"),
        rita,
      )).status,
      404,
    );
    assert.equal(
      (await getWith(w.app, `/api/AccommodationUnits/${pero.unit.code}`, rita)).status,
      404,
    );
  });
});

Deno.test("co-host: settings and units, not removing the property; the owner keeps everything", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const ivo = await member(w, ana, "ivo@example.com", "CoHost");
    const saved = await send(
      w,
      "PUT",
      `/api/Properties/Settings/${ana.propertyId}`,
      ivo,
      settingsOf(ana.propertyId),
    );
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.equal((await saved.json()).maxNumberOfGuests, 3);
    const unit = await postWith(w.app, "/api/AccommodationUnits", {
      propertyId: ana.propertyId,
      name: "Extra",
    }, ivo);
    assert.equal(unit.status, 200, await unit.clone().text());
    const [extra] = await w.db.select().from(accommodationUnits).where(
      eq(accommodationUnits.name, "Extra"),
    );
    assert.equal(extra.userId, ana.userId);
    // Calendars are the co-host's to manage, not reception's.
    const calendars = await getWith(w.app, "/api/Calendars?PageNumber=1&PageSize=50", ivo);
    assert.equal(calendars.status, 200);
    const units = (await calendars.json()).items as { propertyId: string }[];
    assert.ok(units.length > 0);
    assert.deepEqual([...new Set(units.map((u) => u.propertyId))], [ana.propertyId]);
    assert.equal((await send(w, "DELETE", `/api/Properties/${ana.propertyId}`, ivo)).status, 403);
    assert.equal(
      (await send(w, "DELETE", `/api/Properties/${ana.propertyId}`, ana.session)).status,
      204,
    );
    // The property is gone for the co-host too.
    assert.equal((await propertyList(w, ivo)).length, 0);
  });
});

Deno.test("reception sees a stay's guests without their documents; the owner and co-host with", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const rita = await member(w, ana, "rita@example.com", "Reception");
    const ivo = await member(w, ana, "ivo@example.com", "CoHost");
    const created = await postWith(
      w.app,
      "/api/Reservations",
      stay(ana.unit.id, "2026-08-10", "2026-08-12"),
      ana.session,
    );
    const { code } = await created.json();
    const checkIn = await w.app.request(postJson("/api/Reservations/Guests", {
      reservationCode: code,
      reservationGuests: [{ ...BIRGITTE, documentNumber: "DK4815162342" }],
    }));
    assert.equal(checkIn.status, 200, await checkIn.clone().text());

    const read = async (session: string) => {
      const res = await getWith(w.app, `/api/Reservations/${code}`, session);
      assert.equal(res.status, 200);
      const text = await res.text();
      return { text, guests: JSON.parse(text).guests as { documentNumber: string }[] };
    };
    assert.equal((await read(ana.session)).guests[0].documentNumber, "DK4815162342");
    assert.equal((await read(ivo)).guests[0].documentNumber, "DK4815162342");
    const atReception = await read(rita);
    assert.equal(atReception.guests.length, 1);
    assert.ok(!atReception.text.includes("DK4815162342"));
    const list = await getWith(w.app, "/api/Reservations?PageNumber=1&PageSize=10", rita);
    assert.ok(!(await list.text()).includes("DK4815162342"));
  });
});

Deno.test("a member may leave a property themselves; then it is gone from their list", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const rita = await member(w, ana, "rita@example.com", "Reception");
    const [row] = await w.db.select().from(propertyMembers)
      .where(eq(propertyMembers.email, "rita@example.com"));
    // Reception cannot remove anyone else, but may leave.
    const left = await send(
      w,
      "DELETE",
      `/api/Properties/${ana.propertyId}/members/${row.id}`,
      rita,
    );
    assert.equal(left.status, 204);
    assert.equal((await propertyList(w, rita)).length, 0);
  });
});

Deno.test("reception sends a failed guest to eVisitor again as stored, without the documents", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const rita = await member(w, ana, "rita@example.com", "Reception");
    const stranger = await host(w, "zed@example.com", "0034644");
    const created = await postWith(
      w.app,
      "/api/Reservations",
      stay(ana.unit.id, "2026-08-10", "2026-08-12"),
      ana.session,
    );
    const { code } = await created.json();
    const checkIn = await w.app.request(postJson("/api/Reservations/Guests", {
      reservationCode: code,
      reservationGuests: [{ ...BIRGITTE, documentNumber: "DK4815162342" }],
    }));
    assert.equal(checkIn.status, 200, await checkIn.clone().text());
    const [guest] = await w.db.select().from(guests);
    const queuedEvents = async () =>
      (await w.db.select().from(outbox).where(eq(outbox.subject, GuestCheckInRequested.subject)))
        .filter((e) => (e.payload as { guestId: string }).guestId === guest.id).length;
    const before = await queuedEvents();
    await w.db.update(guests).set({
      registrationState: "failed",
      registrationFailure: "evisitor-refused",
      registrationError: "Neispravan dokument",
      registrationRetries: 3,
    }).where(eq(guests.id, guest.id));

    const again = () => send(w, "POST", "/api/Guests/sendAgain", rita, [{ id: guest.id }]);
    assert.equal((await again()).status, 202);
    const [sent] = await w.db.select().from(guests).where(eq(guests.id, guest.id));
    assert.equal(sent.registrationState, "queued");
    assert.equal(sent.registrationFailure, null);
    assert.equal(sent.registrationRetries, 0);
    assert.equal(sent.documentNumberSealed, guest.documentNumberSealed, "the stored document");
    assert.equal(await queuedEvents(), before + 1);
    assert.equal((await again()).status, 202, "a double click");
    assert.equal(await queuedEvents(), before + 1, "queued once");

    // Registered without trouble: nothing to send.
    await w.db.update(guests).set({ status: "CheckedIn", registrationState: "registered" })
      .where(eq(guests.id, guest.id));
    assert.equal((await again()).status, 409);
    // Cancelled: registered anew, under a new registration id.
    await w.db.update(guests).set({ status: "Cancelled", cancelledAt: NOW })
      .where(eq(guests.id, guest.id));
    assert.equal((await again()).status, 202);
    const [anew] = await w.db.select().from(guests).where(eq(guests.id, guest.id));
    assert.equal(anew.status, "PreCheckIn");
    assert.notEqual(anew.guid, guest.guid);

    // Another host's guest reads as unknown.
    const res = await send(w, "POST", "/api/Guests/sendAgain", stranger.session, [{
      id: guest.id,
    }]);
    assert.equal(res.status, 404);
  });
});
