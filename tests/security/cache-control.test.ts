/**
 * Issue 17: every /api answer carrying personal data or credentials says `Cache-Control:
 * no-store`; only the public price list, the API description and the calendar feed may be kept,
 * and their problems may not.
 */
import assert from "node:assert/strict";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { seedMirroredAccount } from "../support/properties.ts";

const noStore = (res: Response) =>
  /(^|,)\s*no-store\s*(,|$)/.test(res.headers.get("Cache-Control") ?? "");

Deno.test("/api answers are no-store unless they are public and cacheable", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId);
    const [unit] = await db.select().from(accommodationUnits).limit(1);
    const login = await app.request(postJson("/api/Users/login", {
      email: "ana@example.com",
      password: "Sunce-More-2026",
    }));
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const booked = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2026-11-20T14:00:00Z",
      endDateUTC: "2026-11-23T09:00:00Z",
    }, token);
    const { code } = await booked.clone().json();
    const exported = await app.request(`/api/Calendars/Export/${unit.code}`, {
      method: "POST",
      headers: bearer(token),
    });
    const feedPath = new URL((await exported.clone().json()).exportUrl).pathname;

    const private_: Record<string, Response> = {
      "sign-in tokens": login,
      "a stay, to its host": booked,
      "the export address": exported,
      "the stay's public view": await app.request(`/api/Reservations/${code}`),
      "the current stay by unit code": await app.request(`/api/Reservations/Current/${unit.code}`),
      "the properties": await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token),
      "the subscription": await getWith(app, "/api/Subscriptions/current", token),
      "the check-in QR code": await getWith(
        app,
        `/api/AccommodationUnits/${unit.code}/qr.svg`,
        token,
      ),
      "a 401 problem": await app.request("/api/Properties?PageNumber=1&PageSize=5"),
      "a 404 problem": await app.request("/api/Nothing/here"),
      "a missing feed": await app.request("/api/Calendars/Export/aaaaaaaaaaaaaaaaaaaaaaaa.ics"),
      "a missing package": await app.request("/api/Subscriptions/packages/none"),
    };
    for (const [what, res] of Object.entries(private_)) {
      await res.body?.cancel();
      assert.ok(res.status !== 0, what);
      assert.ok(noStore(res), `${what} (${res.status}): ${res.headers.get("Cache-Control")}`);
    }

    const feed = await app.request(feedPath);
    await feed.body?.cancel();
    assert.equal(feed.status, 200);
    assert.equal(feed.headers.get("Cache-Control"), "private, max-age=300", "the feed as before");
    const packages = await app.request("/api/Subscriptions");
    await packages.body?.cancel();
    assert.equal(packages.status, 200);
    assert.ok(!noStore(packages), "the public price list may be cached");
  }, { now: new Date("2026-11-20T10:00:00Z") }));
