/**
 * Issue 17, M1 and L8: the plan's limits hold under parallel requests and on edits. Every limited
 * create counts and inserts in one write-locked transaction; the eVisitor login that sits between
 * the early check and the insert when connecting an account takes a while here on purpose.
 */
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { properties } from "@core/db/schema/properties.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { EVisitorError, type EVisitorSession } from "@core/evisitor/types.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { bearer, createHost, postWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** An eVisitor that accepts PASSWORD for any username, after a login that takes a moment. */
const EVISITOR_PASSWORD = "Ispravna-Lozinka-1";
const slowEVisitor: EVisitorAccess = {
  endpoint: { baseUrl: "http://evisitor.test", timeoutMs: 2000 },
  openSession: async (_endpoint, credentials) => {
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 30));
    if (credentials.password !== EVISITOR_PASSWORD) {
      throw new EVisitorError("invalid-credentials", "refused");
    }
    return { logout: () => Promise.resolve() } as unknown as EVisitorSession;
  },
};

const countOf = async (db: Database, table: typeof externalAccounts | typeof accommodationUnits) =>
  (await db.select({ n: count() }).from(table))[0].n;

async function onPackage(db: Database, userId: string, packageId: string) {
  await db.update(subscriptions).set({ packageId }).where(eq(subscriptions.userId, userId));
}

Deno.test("20 parallel POST /api/ExternalAccounts on a one-account plan connect exactly one", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postWith(app, "/api/ExternalAccounts", {
          username: `1234567890${i % 10}.api${i}`,
          password: EVISITOR_PASSWORD,
        }, token)),
    );
    const statuses = answers.map((res) => res.status);
    await Promise.all(answers.map((res) => res.body?.cancel()));
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(","));
    assert.ok(statuses.every((s) => s === 200 || s === 403), statuses.join(","));
    assert.equal(await countOf(db, externalAccounts), 1);
  }, { evisitor: slowEVisitor }));

Deno.test("20 parallel POST /api/AccommodationUnits on Basic leave one unit in the property", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId, [{ ...demoFacility(), units: [] }]);
    await onPackage(db, userId, "basic");
    const [property] = await db.select({ id: properties.id }).from(properties);
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postWith(app, "/api/AccommodationUnits", {
          propertyId: property.id,
          name: `Soba ${i}`,
        }, token)),
    );
    const statuses = answers.map((res) => res.status);
    await Promise.all(answers.map((res) => res.body?.cancel()));
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(","));
    assert.equal(await countOf(db, accommodationUnits), 1);
  }));

Deno.test("PUT /api/AccommodationUnits/{id} cannot move a unit into a property that is full on Basic", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const one = (id: string, code: string) => {
      const facility = demoFacility(id, code);
      return { ...facility, units: facility.units.slice(1) };
    };
    await seedMirroredAccount(db, userId, [one("fac-1", "0000001"), one("fac-2", "0000002")]);
    await onPackage(db, userId, "basic");
    const units = await db.select().from(accommodationUnits);
    assert.equal(units.length, 2);
    const [moving, staying] = units;
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const res = await app.request(`/api/AccommodationUnits/${moving.id}`, {
      method: "PUT",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ propertyId: staying.propertyId, name: moving.name }),
    });
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, "SubscriptionLimitReached");
    const [after] = await db.select().from(accommodationUnits)
      .where(eq(accommodationUnits.id, moving.id));
    assert.equal(after.propertyId, moving.propertyId);
  }));

/** Basic (30 stays a month) with January 2027 full: 30 stays in one unit, one a night. */
async function withFullJanuary(
  fn: (ctx: { app: Parameters<typeof postWith>[0]; db: Database; token: string }) => Promise<
    void
  >,
  { free = 0 } = {},
) {
  await withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId);
    await onPackage(db, userId, "basic");
    const [unit] = await db.select().from(accommodationUnits).limit(1);
    const now = new Date();
    await db.insert(reservations).values(
      Array.from({ length: 30 - free }, (_, i) => ({
        id: crypto.randomUUID(),
        code: `JAN${String(i).padStart(7, "0")}`,
        userId,
        propertyId: unit.propertyId,
        accommodationUnitId: unit.id,
        startDate: `2027-01-${String(i + 1).padStart(2, "0")}`,
        endDate: `2027-01-${String(i + 2).padStart(2, "0")}`,
        kind: "booking" as const,
        type: "Manual",
        createdAt: now,
        updatedAt: now,
      })),
    );
    const token = (await signIn(app, "ana@example.com")).accessToken;
    await fn({ app, db, token });
  }, { now: new Date("2026-11-20T10:00:00Z") });
}

const stayIn = async (db: Database, month: string) =>
  (await db.select({ start: reservations.startDate }).from(reservations))
    .filter((r) => r.start.startsWith(month)).length;

Deno.test("20 parallel POST /api/Reservations into a month with one stay left add exactly one", () =>
  withFullJanuary(async ({ app, db, token }) => {
    const units = await db.select().from(accommodationUnits);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postWith(app, "/api/Reservations", {
          // Three free units take turns, so no two stays of one unit share a night.
          accommodationUnitId: units[1 + (i % 3)].id,
          startDateUTC: `2027-01-${String(i + 1).padStart(2, "0")}T14:00:00Z`,
          endDateUTC: `2027-01-${String(i + 2).padStart(2, "0")}T09:00:00Z`,
        }, token)),
    );
    await Promise.all(answers.map((res) => res.body?.cancel()));
    assert.equal(answers.filter((res) => res.status === 200).length, 1);
    assert.equal(await stayIn(db, "2027-01"), 30);
  }, { free: 1 }));

Deno.test("PUT /api/Reservations/{code} cannot move a stay into a month at its cap", () =>
  withFullJanuary(async ({ app, db, token }) => {
    const units = await db.select().from(accommodationUnits);
    const unit = units[1];
    const created = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2027-02-10T14:00:00Z",
      endDateUTC: "2027-02-12T09:00:00Z",
    }, token);
    assert.equal(created.status, 200);
    const { code } = await created.json();
    const move = (start: string, end: string) =>
      app.request(`/api/Reservations/${code}`, {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify({
          accommodationUnitId: unit.id,
          startDateUTC: `${start}T14:00:00Z`,
          endDateUTC: `${end}T09:00:00Z`,
        }),
      });
    const refused = await move("2027-01-10", "2027-01-12");
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).code, "SubscriptionLimitReached");
    assert.equal(await stayIn(db, "2027-01"), 30);
    // Within its own month, or to a month with room, a stay still moves.
    const withinFebruary = await move("2027-02-14", "2027-02-16");
    assert.equal(withinFebruary.status, 200, await withinFebruary.text());
    const toMarch = await move("2027-03-01", "2027-03-03");
    assert.equal(toMarch.status, 200, await toMarch.text());
  }));
