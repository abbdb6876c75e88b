/**
 * Croatian settlements for a guest's city (issue 19 item 5): searched on the account's list kept
 * by the workers, by the check-in page with the stay's code and by the host's guest form with the
 * host's session, each scoped to the stay's eVisitor account.
 */
import assert from "node:assert/strict";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { deleteSettlements, replaceSettlements } from "@core/services/guests/settlements.ts";
import type { EVisitorSettlement } from "@core/evisitor/types.ts";
import type { SettlementSearch } from "@shared/schemas/settlement.ts";
import { SettlementsRequested } from "@shared/events.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { eq } from "drizzle-orm";

const NOW = new Date("2026-11-20T10:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

const settlement = (name: string, zipCode: string | null, active = true): EVisitorSettlement => ({
  id: crypto.randomUUID(),
  name,
  zipCode,
  active,
});

/** Named places, and enough filler to need several inserts and to cut a search at 20. */
const LIST = [
  settlement("Zagreb-Adamovec", "10363"),
  settlement("Zagreb-Sesvete", "10360"),
  settlement("Zagreb-Zagreb", "10000"),
  settlement("Velika Gorica-Zagrebačka Gora", "10410"),
  settlement("Đakovo-Đakovo", "31400"),
  settlement("Split-Kamen", "21000"),
  settlement("Zadar-Bokanjac", "23000", false),
  settlement("Ivanić-Grad-Ivanić-Grad", "10310"),
  settlement("Postotak-100%_Selo", "99999"),
  ...Array.from({ length: 1200 }, (_, i) => settlement(`Općina ${i}-Selo ${i}`, "40000")),
];

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];

async function setUp(ctx: Ctx) {
  const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
  const bruno = await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
  const account = await seedMirroredAccount(ctx.db, ana);
  await seedMirroredAccount(ctx.db, bruno, [demoFacility("fac-bruno", "0099001")]);
  const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
  const other = (await signIn(ctx.app, "bruno@example.com")).accessToken;
  const [property] =
    (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
      .items;
  const stay = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: property.accommodationUnits[0].id,
    startDateUTC: at("2026-11-20"),
    endDateUTC: at("2026-11-23"),
  }, token);
  assert.equal(stay.status, 200);
  return { account, token, other, code: (await stay.json()).code as string };
}

const search = async (ctx: Ctx, code: string, query: string) => {
  const res = await ctx.app.request(
    `/api/Reservations/${code}/Settlements?Query=${encodeURIComponent(query)}`,
  );
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as SettlementSearch;
};
const names = (found: SettlementSearch) => found.settlements.map((s) => s.name);

Deno.test("settlements: the check-in page searches the stay's account list", async () => {
  await withTestApp(async (ctx) => {
    const { account, code } = await setUp(ctx);

    const requests = async () =>
      (await ctx.db.select().from(outbox).where(
        eq(outbox.subject, SettlementsRequested.subject),
      )).length;
    // Not read from eVisitor yet: the page falls back to typing, and the worker is asked for the
    // list once, however many keys are typed, and again after ten minutes.
    assert.deepEqual(await search(ctx, code, "zagreb"), { available: false, settlements: [] });
    await search(ctx, code, "zagre");
    assert.equal(await requests(), 1);
    ctx.clock.advanceMinutes(11);
    await search(ctx, code, "zagreb");
    assert.equal(await requests(), 2);

    await replaceSettlements(ctx.db, account, LIST, ctx.clock.now());
    const zagreb = await search(ctx, code, "Zagreb");
    assert.equal(zagreb.available, true);
    // The settlement named so first, then the city's others, then a word that starts so.
    assert.deepEqual(names(zagreb), [
      "Zagreb-Zagreb",
      "Zagreb-Adamovec",
      "Zagreb-Sesvete",
      "Velika Gorica-Zagrebačka Gora",
    ]);
    assert.deepEqual(zagreb.settlements[0], { name: "Zagreb-Zagreb", zipCode: "10000" });
    // Every word counts; case and diacritics do not.
    assert.deepEqual(names(await search(ctx, code, "zagreb ses")), ["Zagreb-Sesvete"]);
    assert.deepEqual(names(await search(ctx, code, "DAKOVO")), ["Đakovo-Đakovo"]);
    assert.deepEqual(names(await search(ctx, code, "ivanić-grad")), ["Ivanić-Grad-Ivanić-Grad"]);
    // A post code; LIKE's wildcards are plain text; inactive entries are not offered.
    assert.deepEqual(names(await search(ctx, code, "1036")), ["Zagreb-Adamovec", "Zagreb-Sesvete"]);
    assert.deepEqual(names(await search(ctx, code, "0%_s")), ["Postotak-100%_Selo"]);
    assert.deepEqual(names(await search(ctx, code, "%%")), []);
    assert.deepEqual(names(await search(ctx, code, "Bokanjac")), []);
    // A broad search is cut at 20.
    assert.equal((await search(ctx, code, "selo")).settlements.length, 20);

    assert.equal(await requests(), 2, "a fresh list is not asked for");

    // A month-old list still serves while a new one is asked for.
    ctx.clock.advanceMinutes(31 * 24 * 60);
    assert.deepEqual(names(await search(ctx, code, "sesvete")), ["Zagreb-Sesvete"]);
    assert.equal(await requests(), 3);

    // A new list replaces the old one whole.
    await replaceSettlements(ctx.db, account, [settlement("Split-Split", "21000")], NOW);
    assert.deepEqual(names(await search(ctx, code, "zagreb")), []);
    assert.deepEqual(names(await search(ctx, code, "split")), ["Split-Split"]);
    await deleteSettlements(ctx.db, account);
    assert.equal((await search(ctx, code, "split")).available, false);
  }, { now: NOW });
});

Deno.test("settlements: unknown codes, short queries and other hosts are refused", async () => {
  await withTestApp(async (ctx) => {
    const { account, token, other, code } = await setUp(ctx);
    await replaceSettlements(ctx.db, account, LIST, NOW);

    const open = (path: string) => ctx.app.request(path);
    assert.equal((await open("/api/Reservations/NEPOSTOJI1/Settlements?Query=zagreb")).status, 404);
    assert.equal((await open(`/api/Reservations/${code}/Settlements?Query=z`)).status, 400);
    assert.equal((await open(`/api/Reservations/${code}/Settlements`)).status, 400);

    // The host's form: signed in, and only for the host's own stays.
    const host = (query: string, t?: string) =>
      t
        ? getWith(ctx.app, `/api/Guests/Settlements?${query}`, t)
        : open(`/api/Guests/Settlements?${query}`);
    const own = await host(`ReservationCode=${code}&Query=sesvete`, token);
    assert.equal(own.status, 200);
    assert.deepEqual(await own.json(), {
      available: true,
      settlements: [{ name: "Zagreb-Sesvete", zipCode: "10360" }],
    });
    assert.equal((await host(`ReservationCode=${code}&Query=sesvete`)).status, 401);
    assert.equal((await host(`ReservationCode=${code}&Query=sesvete`, other)).status, 404);
    assert.equal((await host(`ReservationCode=${code}&Query=s`, token)).status, 400);
  }, { now: NOW });
});
