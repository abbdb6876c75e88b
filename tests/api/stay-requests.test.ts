/**
 * Issue 20 item 5, walk-ins: a guest at a door with no stay today asks for one; the host confirms
 * (the stay is entered and the door admits it) or declines in one tap; the request holds its
 * nights for 2 hours, one per unit, and is read only with the token its device got.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { reservations } from "@core/db/schema/reservations.ts";
import { stayRequests } from "@core/db/schema/stay-requests.ts";
import { subscriptionPackages } from "@core/db/schema/billing.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { newStayRequestLinkToken } from "@core/services/stay-requests/answer-stay-request.ts";
import { removeOldStayRequests } from "@core/services/stay-requests/holds.ts";
import { createHost, getWith, postWith, signIn, userIdOf } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";

/** 20 November 2026, 11:00 in Zagreb. */
const NOW = new Date("2026-11-20T10:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0] & {
  token: string;
  other: string;
  units: { id: string; code: string; propertyId: string }[];
};

function withUnits(fn: (ctx: Ctx) => Promise<void>) {
  return withTestApp(async (ctx) => {
    const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    await seedMirroredAccount(ctx.db, ana);
    const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const other = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    const [property] =
      (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
        .items;
    await fn({ ...ctx, token, other, units: property.accommodationUnits });
  }, { now: NOW });
}

const ask = (ctx: Ctx, body: Record<string, unknown>) =>
  ctx.app.request(postJson("/api/StayRequests", {
    accommodationUnitCode: ctx.units[0].code,
    endDate: "2026-11-22",
    guestCount: 2,
    ...body,
  }));

async function askOk(ctx: Ctx, body: Record<string, unknown> = {}) {
  const res = await ask(ctx, body);
  assert.equal(res.status, 201, await res.clone().text());
  return await res.json();
}

const statusOf = (ctx: Ctx, token?: string) =>
  ctx.app.request("/api/StayRequests/Status", {
    headers: token ? { "Stay-Request-Token": token } : {},
  });

const requestsOf = async (ctx: Ctx, token: string) =>
  await (await getWith(ctx.app, "/api/StayRequests", token)).json();

const book = (ctx: Ctx, unit: number, start: string, end: string) =>
  postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: ctx.units[unit].id,
    startDateUTC: at(start),
    endDateUTC: at(end),
  }, ctx.token);

Deno.test("walk-in: the host confirms, the stay is entered and the door admits the guest", () =>
  withUnits(async (ctx) => {
    const door = `/api/Reservations/Current/${ctx.units[0].code}`;
    assert.equal((await (await ctx.app.request(door)).json()).code, "NoStayToday");
    const created = await askOk(ctx, { name: "Ana Gost", phone: "+385 91 123 4567" });
    assert.equal(created.state, "Pending");
    assert.deepEqual([created.startDate, created.endDate], ["2026-11-20", "2026-11-22"]);
    assert.equal(created.expiresAt, "2026-11-20T12:00:00.000Z", "two hours to answer");
    assert.ok(created.token.length >= 32);

    const status = await statusOf(ctx, created.token);
    assert.equal(status.status, 200);
    assert.equal((await status.json()).state, "Pending");
    assert.equal((await statusOf(ctx)).status, 400, "no token, no read");
    assert.equal((await statusOf(ctx, "x".repeat(43))).status, 400);
    assert.equal(
      (await ctx.app.request(door)).status,
      404,
      "nothing is admitted before the host confirms",
    );

    const [waiting] = await requestsOf(ctx, ctx.token);
    assert.equal(waiting.guestCount, 2);
    assert.equal(waiting.name, "Ana Gost");
    assert.equal(waiting.phone, "+385 91 123 4567");
    assert.deepEqual(await requestsOf(ctx, ctx.other), [], "another host sees nothing");
    const [notice] = await ctx.db.select().from(userNotifications)
      .where(eq(userNotifications.template, "StayRequested"));
    assert.equal(notice.placeholders.requestId, waiting.id);
    assert.equal(notice.userId, await userIdOf(ctx.db, "ana@example.com"));

    const stranger = await postWith(
      ctx.app,
      `/api/StayRequests/${waiting.id}/confirm`,
      {},
      ctx.other,
    );
    assert.equal(stranger.status, 404, "another host cannot confirm");
    const declineByStranger = await postWith(
      ctx.app,
      `/api/StayRequests/${waiting.id}/decline`,
      {},
      ctx.other,
    );
    assert.equal(declineByStranger.status, 404, "nor decline");

    const confirmed = await postWith(
      ctx.app,
      `/api/StayRequests/${waiting.id}/confirm`,
      {},
      ctx.token,
    );
    assert.equal(confirmed.status, 200, await confirmed.clone().text());
    const answer = await confirmed.json();
    assert.equal(answer.state, "Confirmed");
    assert.match(answer.reservationCode, /^[A-HJ-NP-Z2-9]{10}$/);
    assert.equal((await (await statusOf(ctx, created.token)).json()).state, "Confirmed");

    const admitted = await ctx.app.request(door);
    assert.equal(admitted.status, 200, "the door now admits the new stay");
    const stay = await admitted.json();
    assert.deepEqual([stay.startDate, stay.endDate], ["2026-11-20", "2026-11-22"]);
    const hostView =
      await (await getWith(ctx.app, `/api/Reservations/${answer.reservationCode}`, ctx.token))
        .json();
    assert.equal(hostView.type, "Manual");
    assert.equal(hostView.description, "Ana Gost, +385 91 123 4567");

    const again = await postWith(ctx.app, `/api/StayRequests/${waiting.id}/decline`, {}, ctx.token);
    assert.equal(again.status, 409);
    assert.equal((await again.json()).code, "StayRequestClosed");
    const [row] = await ctx.db.select().from(stayRequests);
    assert.deepEqual([row.name, row.phone], [null, null], "the guest's name and phone leave");
    const [answered] = await ctx.db.select().from(userNotifications)
      .where(eq(userNotifications.template, "StayRequested"));
    assert.equal(answered.placeholders.answer, "confirmed", "the notification says so");
    assert.deepEqual(await requestsOf(ctx, ctx.token), []);
  }));

Deno.test("walk-in: a declined request frees its nights and tells the guest's device", () =>
  withUnits(async (ctx) => {
    const created = await askOk(ctx);
    const [waiting] = await requestsOf(ctx, ctx.token);
    const res = await postWith(ctx.app, `/api/StayRequests/${waiting.id}/decline`, {}, ctx.token);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { state: "Declined", reservationCode: null });
    const status = await (await statusOf(ctx, created.token)).json();
    assert.equal(status.state, "Declined");
    assert.equal((await ctx.db.select().from(reservations)).length, 0, "no stay was made");
    assert.equal((await book(ctx, 0, "2026-11-20", "2026-11-22")).status, 200, "nights free");
  }));

Deno.test("walk-in: bad input is refused with the spec's messages", () =>
  withUnits(async (ctx) => {
    const today = await ask(ctx, { endDate: "2026-11-20" });
    assert.equal(today.status, 400);
    assert.deepEqual((await today.json()).errors, {
      endDate: ["The date must be after 2026-11-20"],
    });
    const long = await ask(ctx, { endDate: "2027-01-20" });
    assert.equal(long.status, 400);
    assert.deepEqual((await long.json()).errors, {
      endDate: ["The date must be before 2026-12-21"],
    });
    const crowd = await ask(ctx, { guestCount: 5 });
    assert.equal(crowd.status, 400, "the apartment sleeps 4");
    assert.deepEqual((await crowd.json()).errors, { guestCount: ["The value must be at most 4"] });
    const nobody = await ask(ctx, { guestCount: 0 });
    assert.equal(nobody.status, 400);
    assert.deepEqual((await nobody.json()).errors, {
      guestCount: ["The value must be at least 1"],
    });
    const link = await ask(ctx, { name: "Win a prize at https://example.com" });
    assert.equal(link.status, 400, "a name is not a way to mail the host links");
    assert.deepEqual((await link.json()).errors, { name: ["Spam detected."] });
    const unknown = await ask(ctx, { accommodationUnitCode: "NOSUCHCODE" });
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).code, "UnknownCode");
    assert.equal((await ctx.db.select().from(stayRequests)).length, 0);
  }));

Deno.test("walk-in: a waiting request holds its nights against stays and other requests", () =>
  withUnits(async (ctx) => {
    await askOk(ctx);
    const second = await ask(ctx, { endDate: "2026-11-21" });
    assert.equal(second.status, 409);
    assert.equal((await second.json()).code, "StayRequestLimit", "one waiting request per unit");
    const hostStay = await book(ctx, 0, "2026-11-21", "2026-11-24");
    assert.equal(hostStay.status, 409, "the host's stay on held nights sees the hold");
    const problem = await hostStay.json();
    assert.equal(problem.code, "ReservationOverlap");
    assert.match(problem.detail, /asked for these nights/);
    assert.equal((await book(ctx, 0, "2026-11-22", "2026-11-24")).status, 200, "after it: free");
    assert.equal((await askOk(ctx, { accommodationUnitCode: ctx.units[1].code })).state, "Pending");

    // A stay on the held nights that came in anyway (a calendar import) makes confirming fail.
    const [waiting] = (await requestsOf(ctx, ctx.token))
      .filter((r: { accommodationUnit: { id: string } }) =>
        r.accommodationUnit.id === ctx.units[1].id
      );
    await ctx.db.insert(reservations).values({
      id: crypto.randomUUID(),
      code: "IMPORT2345",
      userId: await userIdOf(ctx.db, "ana@example.com"),
      propertyId: ctx.units[1].propertyId,
      accommodationUnitId: ctx.units[1].id,
      startDate: "2026-11-21",
      endDate: "2026-11-23",
      kind: "booking",
      type: "Airbnb",
      createdAt: NOW,
      updatedAt: NOW,
    });
    const clash = await postWith(ctx.app, `/api/StayRequests/${waiting.id}/confirm`, {}, ctx.token);
    assert.equal(clash.status, 409);
    assert.equal((await clash.json()).code, "ReservationOverlap");

    // A request for nights a stay already takes is refused at once.
    const taken = await ask(ctx, { accommodationUnitCode: ctx.units[2].code });
    assert.equal(taken.status, 201);
    const onTaken = await ask(ctx, {
      accommodationUnitCode: ctx.units[0].code,
      endDate: "2026-11-23",
    });
    assert.equal(onTaken.status, 409);
  }));

Deno.test("walk-in: a request expires after 2 hours and frees its nights", () =>
  withUnits(async (ctx) => {
    const created = await askOk(ctx);
    const [waiting] = await requestsOf(ctx, ctx.token);
    ctx.clock.advanceMinutes(121);
    ctx.token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    assert.equal((await (await statusOf(ctx, created.token)).json()).state, "Expired");
    assert.deepEqual(await requestsOf(ctx, ctx.token), [], "no longer waiting");
    const late = await postWith(ctx.app, `/api/StayRequests/${waiting.id}/confirm`, {}, ctx.token);
    assert.equal(late.status, 409);
    assert.equal((await late.json()).code, "StayRequestClosed");
    assert.equal((await book(ctx, 0, "2026-11-21", "2026-11-22")).status, 200, "nights free");
    assert.equal((await ask(ctx, { endDate: "2026-11-21" })).status, 201, "a new request may come");

    // The daily retention deletes a request a day after its time ran out, with its name.
    assert.equal(await removeOldStayRequests(ctx.db, ctx.clock.now()), 0, "not yet");
    ctx.clock.advanceMinutes(24 * 60);
    assert.equal(await removeOldStayRequests(ctx.db, ctx.clock.now()), 1);
    assert.equal((await statusOf(ctx, created.token)).status, 400, "gone");
    assert.equal((await ctx.db.select().from(stayRequests)).length, 1, "the newer one stays");
  }));

Deno.test("walk-in: the e-mailed link answers once; a wrong token answers nothing", () =>
  withUnits(async (ctx) => {
    const created = await askOk(ctx);
    const [waiting] = await requestsOf(ctx, ctx.token);
    const link = (await ctx.db.transaction((tx) => newStayRequestLinkToken(tx, waiting.id, NOW)))!;
    const answer = (token: string, decision: string) =>
      ctx.app.request(postJson("/api/StayRequests/answer", { token, decision }));
    assert.equal((await answer("not-a-token", "confirm")).status, 400);
    const res = await answer(link, "confirm");
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).state, "Confirmed");
    assert.equal((await (await statusOf(ctx, created.token)).json()).state, "Confirmed");
    const reuse = await answer(link, "decline");
    assert.equal(reuse.status, 400);
    assert.equal((await reuse.json()).code, "InvalidToken", "the link works once");
    assert.equal(
      await ctx.db.transaction((tx) => newStayRequestLinkToken(tx, waiting.id, NOW)),
      undefined,
      "an answered request gets no new link",
    );
  }));

Deno.test("walk-in: the plan's stays a month apply when the host confirms", () =>
  withUnits(async (ctx) => {
    for (const pkg of await ctx.db.select().from(subscriptionPackages)) {
      await ctx.db.update(subscriptionPackages)
        .set({ policy: { ...pkg.policy, maxBookingsPerMonth: 1 } })
        .where(eq(subscriptionPackages.id, pkg.id));
    }
    assert.equal((await book(ctx, 1, "2026-11-25", "2026-11-27")).status, 200);
    await askOk(ctx);
    const [waiting] = await requestsOf(ctx, ctx.token);
    const refused = await postWith(
      ctx.app,
      `/api/StayRequests/${waiting.id}/confirm`,
      {},
      ctx.token,
    );
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).code, "SubscriptionLimitReached");
    assert.equal((await requestsOf(ctx, ctx.token)).length, 1, "it still waits");
  }));

Deno.test("approval: the notification stops saying the guests wait once they are approved", () =>
  withUnits(async (ctx) => {
    const booked = await (await book(ctx, 0, "2026-11-20", "2026-11-22")).json();
    const res = await ctx.app.request(postJson("/api/Reservations/Guests", {
      accommodationUnitCode: ctx.units[0].code,
      reservationGuests: [BIRGITTE],
    }));
    assert.equal(res.status, 200, await res.clone().text());
    const noticeOf = async () =>
      (await ctx.db.select().from(userNotifications)
        .where(eq(userNotifications.template, "GuestAddedByGuest")))[0];
    const before = await noticeOf();
    assert.equal(before.placeholders.held, "true");
    ctx.clock.advanceMinutes(1);
    const approved = await postWith(
      ctx.app,
      `/api/Reservations/${booked.code}/approveGuests`,
      { guestIds: [before.placeholders.guestId] },
      ctx.token,
    );
    assert.deepEqual(await approved.json(), { approved: 1 });
    const after = await noticeOf();
    assert.equal(after.placeholders.held, "approved");
    assert.equal(after.placeholders.guestId, before.placeholders.guestId, "the rest is kept");
    assert.ok(after.lastModifiedAt > before.lastModifiedAt, "the next sync brings the change");
  }));
