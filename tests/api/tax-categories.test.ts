/**
 * The host's choice of a guest's tourist-tax category: the guest form offers the categories
 * eVisitor offers for the stay's facility (as the workers last read them), a chosen one is kept
 * on the guest, and a category the facility does not offer is refused at the field. Another host
 * neither reads the list nor chooses for the guest.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { properties } from "@core/db/schema/properties.ts";
import { guests } from "@core/db/schema/guests.ts";
import { MESSAGES } from "@shared/messages.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { BIRGITTE } from "../support/guests.ts";

const NOW = new Date("2026-11-20T10:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

const OFFERED = [
  { code: "1", name: "Djeca do 12 godina" },
  { code: "11", name: "Studenti" },
  { code: "18", name: "Vlasnici kuće za odmor i članovi njegove obitelji" },
];

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];

async function setUp(ctx: Ctx) {
  const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
  const bruno = await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
  await seedMirroredAccount(ctx.db, ana);
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
  return { token, other, propertyId: property.id as string, code: (await stay.json()).code };
}

const listOf = async (ctx: Ctx, code: string, token: string) =>
  await getWith(ctx.app, `/api/Guests/TaxCategories?ReservationCode=${code}`, token);

Deno.test("tax categories: the form offers the facility's categories once the workers read them", async () => {
  await withTestApp(async (ctx) => {
    const { token, other, code, propertyId } = await setUp(ctx);

    // Never read from eVisitor: nothing to offer but the choice by age.
    const before = await listOf(ctx, code, token);
    assert.equal(before.status, 200);
    assert.deepEqual(await before.json(), { available: false, categories: [] });

    await ctx.db.update(properties).set({ taxCategories: OFFERED })
      .where(eq(properties.id, propertyId));
    assert.deepEqual(await (await listOf(ctx, code, token)).json(), {
      available: true,
      categories: OFFERED,
    });

    // Another host's stay is unknown; no stay code is a bad request.
    assert.equal((await listOf(ctx, code, other)).status, 404);
    assert.equal(
      (await getWith(ctx.app, "/api/Guests/TaxCategories", token)).status,
      400,
    );
  }, { now: NOW });
});

Deno.test("tax categories: a chosen category is kept, a category not offered is refused", async () => {
  await withTestApp(async (ctx) => {
    const { token, other, code, propertyId } = await setUp(ctx);
    const add = (taxCategory: unknown, id?: string, t = token) =>
      postWith(ctx.app, "/api/Guests/checkin", [{
        id,
        reservationCode: code,
        guest: BIRGITTE,
        taxCategory,
      }], t);

    // The list was never read: no category can be checked, so none is taken.
    const unread = await add("11");
    assert.equal(unread.status, 400);
    assert.deepEqual((await unread.json()).errors, {
      "0.taxCategory": [MESSAGES.taxCategoryNotOffered],
    });

    await ctx.db.update(properties).set({ taxCategories: OFFERED })
      .where(eq(properties.id, propertyId));
    const notOffered = await add("14");
    assert.equal(notOffered.status, 400);
    assert.deepEqual((await notOffered.json()).errors, {
      "0.taxCategory": [MESSAGES.taxCategoryNotOffered],
    });

    const chosen = await add("18");
    assert.equal(chosen.status, 200, await chosen.clone().text());
    const [guest] = await chosen.json();
    assert.equal(guest.taxCategory, "18");

    // A fix that says nothing about the category keeps it; "" goes back to the choice by age.
    const kept = await add(undefined, guest.id);
    assert.equal((await kept.json())[0].taxCategory, "18");
    const automatic = await add("", guest.id);
    assert.equal((await automatic.json())[0].taxCategory, null);

    // "Send again" with a choice, as a held guest's row does it.
    await ctx.db.update(guests).set({
      registrationState: "failed",
      registrationFailure: "payment-category-choice",
      registrationError: "18+: 1 Djeca do 12 godina, 11 Studenti",
    }).where(eq(guests.id, guest.id));
    const refused = await postWith(ctx.app, "/api/Guests/sendAgain", [{
      id: guest.id,
      taxCategory: "2",
    }], token);
    assert.equal(refused.status, 400);
    assert.deepEqual((await refused.json()).errors, {
      "0.taxCategory": [MESSAGES.taxCategoryNotOffered],
    });
    const foreign = await postWith(ctx.app, "/api/Guests/sendAgain", [{
      id: guest.id,
      taxCategory: "11",
    }], other);
    assert.equal(foreign.status, 404, "another host cannot choose for ana's guest");
    const again = await postWith(ctx.app, "/api/Guests/sendAgain", [{
      id: guest.id,
      taxCategory: "11",
    }], token);
    assert.equal(again.status, 202, await again.clone().text());
    const [stored] = await ctx.db.select().from(guests).where(eq(guests.id, guest.id));
    assert.equal(stored.taxCategory, "11");
    assert.equal(stored.registrationState, "queued");
    assert.equal(stored.registrationFailure, null);
  }, { now: NOW });
});
