import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "@core/db/schema/users.ts";
import { getWith, postWith } from "../support/accounts.ts";
import { BIRGITTE } from "../support/guests.ts";
import { premiumHost, teamMember, type TeamWorld, withTeamWorld } from "../support/team.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");

type World = TeamWorld;
const withWorld = (fn: (w: World) => Promise<void>) => withTeamWorld(NOW, fn);
const member = teamMember;

interface Entry {
  kind: string;
  details: { propertyName?: string; reservationCode?: string; byEmail?: string };
}

async function history(w: World, session: string): Promise<Entry[]> {
  const res = await getWith(w.app, "/api/Users/manage/history?PageNumber=1&PageSize=50", session);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).items;
}

/** The entries about stays and guests, oldest first, as [kind, code, by]. */
async function workOf(w: World, session: string) {
  return (await history(w, session))
    .filter((e) => e.kind.startsWith("Member") && !e.kind.startsWith("PropertyMember"))
    .map((e) => [e.kind, e.details.reservationCode, e.details.byEmail, e.details.propertyName])
    .reverse();
}

const stay = (unitId: string, start: string, end: string, description = "") => ({
  accommodationUnitId: unitId,
  startDateUTC: `${start}T12:00:00.000Z`,
  endDateUTC: `${end}T12:00:00.000Z`,
  description,
});

function send(w: World, method: string, path: string, session: string, body?: unknown) {
  return w.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${session}`,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

Deno.test("the owner's history names the member who added, changed and deleted a stay and checked guests in", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com", "0034643");
    const ivo = await member(w, ana, "ivo@example.com", "CoHost");
    const rita = await member(w, ana, "rita@example.com", "Reception");

    // The owner's own work is not an entry: it is the everyday work of the account.
    const own = await postWith(
      w.app,
      "/api/Reservations",
      stay(ana.unit.id, "2026-08-20", "2026-08-22"),
      ana.session,
    );
    assert.equal(own.status, 200, await own.clone().text());

    const added = await postWith(
      w.app,
      "/api/Reservations",
      stay(ana.unit.id, "2026-08-10", "2026-08-12"),
      ivo,
    );
    assert.equal(added.status, 200, await added.clone().text());
    const { code } = await added.json();
    const changed = await send(
      w,
      "PUT",
      `/api/Reservations/${code}`,
      ivo,
      stay(ana.unit.id, "2026-08-10", "2026-08-12", "Late arrival"),
    );
    assert.equal(changed.status, 200, await changed.clone().text());
    // Two guests in one request are one entry for the stay.
    const checkedIn = await postWith(w.app, "/api/Guests/checkin", [
      { reservationCode: code, guest: BIRGITTE },
      { reservationCode: code, guest: { ...BIRGITTE, firstName: "Karen", documentNumber: "X1" } },
    ], rita);
    assert.equal(checkedIn.status, 200, await checkedIn.clone().text());

    const second = await postWith(
      w.app,
      "/api/Reservations",
      stay(ana.unit.id, "2026-08-25", "2026-08-27"),
      rita,
    );
    const secondCode = (await second.json()).code;
    assert.equal((await send(w, "DELETE", `/api/Reservations/${secondCode}`, rita)).status, 204);

    const name = ana.property.name;
    assert.deepEqual(await workOf(w, ana.session), [
      ["MemberStayAdded", code, "ivo@example.com", name],
      ["MemberStayChanged", code, "ivo@example.com", name],
      ["MemberGuestsCheckedIn", code, "rita@example.com", name],
      ["MemberStayAdded", secondCode, "rita@example.com", name],
      ["MemberStayDeleted", secondCode, "rita@example.com", name],
    ]);
    // The members' own histories do not hold the owner's property's work.
    assert.deepEqual(await workOf(w, ivo), []);
    assert.deepEqual(await workOf(w, rita), []);
  });
});

Deno.test("a shared property in the member's list names its owner; the owner's own names nobody", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com", "0034643");
    await w.db.update(users).set({ fullName: "Ana Anić" }).where(eq(users.id, ana.userId));
    const ivo = await member(w, ana, "ivo@example.com", "CoHost");
    const list = async (session: string) => {
      const res = await getWith(w.app, "/api/Properties?PageNumber=1&PageSize=10", session);
      assert.equal(res.status, 200);
      return (await res.json()).items as { id: string; role: string; owner: unknown }[];
    };
    assert.deepEqual((await list(ivo)).map((p) => [p.id, p.role, p.owner]), [[
      ana.property.id,
      "CoHost",
      { email: "ana@example.com", name: "Ana Anić" },
    ]]);
    assert.deepEqual((await list(ana.session)).map((p) => [p.role, p.owner]), [["Owner", null]]);
  });
});
