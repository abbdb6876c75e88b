/**
 * Issue 32 item 6: the dashboard's first steps stay until each is done or the host hides them
 * (they used to vanish once eVisitor was connected, with the calendar link and the QR codes never
 * done). Each step is read from what the host has; printing a QR sheet leaves its mark once.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { users } from "@core/db/schema/users.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { invite, premiumHost, type TeamWorld, withTeamWorld } from "../support/team.ts";

const NOW = new Date("2026-08-10T07:00:00Z");
const PATH = "/api/Users/manage/gettingStarted";

type World = TeamWorld;
const withWorld = (fn: (w: World) => Promise<void>) => withTeamWorld(NOW, fn);

async function stepsOf(w: World, token: string) {
  const res = await getWith(w.app, PATH, token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

function put(w: World, token: string, body: unknown) {
  return w.app.request(PATH, {
    method: "PUT",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

Deno.test("each first step is done by doing it, and the steps stay until all are", async () => {
  await withWorld(async (w) => {
    const userId = await createHost(w.app, w.db, { email: "ana@example.com" });
    const token = (await signIn(w.app, "ana@example.com")).accessToken;
    const none = {
      eVisitorConnected: false,
      calendarLinked: false,
      qrPrinted: false,
      hidden: false,
      applies: true,
    };
    assert.deepEqual(await stepsOf(w, token), none);

    await seedMirroredAccount(w.db, userId, [demoFacility("fac-1", "0034643")]);
    assert.deepEqual(await stepsOf(w, token), { ...none, eVisitorConnected: true });

    const [unit] = await w.db.select().from(accommodationUnits)
      .where(eq(accommodationUnits.userId, userId));
    await w.db.insert(calendarFeeds).values({
      id: crypto.randomUUID(),
      userId,
      accommodationUnitId: unit.id,
      url: "https://www.airbnb.com/calendar/ical/1.ics?s=x",
      createdAt: NOW,
    });
    assert.deepEqual(await stepsOf(w, token), {
      ...none,
      eVisitorConnected: true,
      calendarLinked: true,
    });

    const printed = await postWith(w.app, `${PATH}/qrPrinted`, {}, token);
    assert.equal(printed.status, 200);
    assert.equal((await printed.json()).qrPrinted, true);
    // The first print counts: a later one leaves the mark as it was.
    w.clock.advanceMinutes(1);
    await postWith(w.app, `${PATH}/qrPrinted`, {}, token);
    const [row] = await w.db.select({ at: users.qrPrintedAt }).from(users)
      .where(eq(users.id, userId));
    assert.equal(row.at?.getTime(), NOW.getTime());
  });
});

Deno.test("the host hides the steps and shows them again; bad input is a problem", async () => {
  await withWorld(async (w) => {
    await createHost(w.app, w.db, { email: "ana@example.com" });
    const token = (await signIn(w.app, "ana@example.com")).accessToken;
    const hidden = await put(w, token, { hidden: true });
    assert.equal(hidden.status, 200);
    assert.equal((await hidden.json()).hidden, true);
    assert.equal((await stepsOf(w, token)).hidden, true);
    assert.equal((await (await put(w, token, { hidden: false })).json()).hidden, false);

    const bad = await put(w, token, { hidden: "yes" });
    assert.equal(bad.status, 400);
    assert.match(bad.headers.get("content-type") ?? "", /problem\+json/);
    assert.equal((await w.app.request(PATH)).status, 401);
  });
});

Deno.test("a team member with nothing of their own has no first steps", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com", "0034643");
    const code = await invite(w, ana, "rita@example.com", "Reception");
    await createHost(w.app, w.db, { email: "rita@example.com" });
    const rita = (await signIn(w.app, "rita@example.com")).accessToken;
    assert.equal((await stepsOf(w, rita)).applies, true, "before joining, a new host's own");
    await postWith(w.app, "/api/Properties/members/accept", { code }, rita);
    assert.equal((await stepsOf(w, rita)).applies, false);
    assert.equal((await stepsOf(w, ana.session)).applies, true);
  });
});
