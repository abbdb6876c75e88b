/**
 * Issue 17, L9: text in the exported calendar is escaped as RFC 5545 says, so a unit name (typed
 * by the host or mirrored from eVisitor) cannot end its line and add events or properties.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { bearer, createHost, postWith, signIn } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { seedMirroredAccount } from "../support/properties.ts";

const NAME = "Soba 1\r\nBEGIN:VEVENT\nSUMMARY:Injected\rEND:VEVENT, a; b\\c";

Deno.test("the calendar export escapes CR, LF, comma, semicolon and backslash in text values", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId);
    const [unit] = await db.select().from(accommodationUnits).limit(1);
    await db.update(accommodationUnits).set({ name: NAME })
      .where(eq(accommodationUnits.id, unit.id));
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const booked = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2026-12-01T14:00:00Z",
      endDateUTC: "2026-12-04T09:00:00Z",
    }, token);
    assert.equal(booked.status, 200);
    const link = await app.request(`/api/Calendars/Export/${unit.code}`, {
      method: "POST",
      headers: bearer(token),
    });
    const { exportUrl } = await link.json();
    const res = await app.request(new URL(exportUrl).pathname);
    assert.equal(res.status, 200);
    const body = await res.text();

    // Every line break is a CRLF that ends a content line; no bare CR or LF anywhere.
    assert.ok(!/\r(?!\n)|(?<!\r)\n/.test(body), "bare CR or LF in the feed");
    const lines = body.replace(/\r\n[ \t]/g, "").split("\r\n");
    assert.equal(lines.filter((l) => l === "BEGIN:VEVENT").length, 1, body);
    assert.ok(!lines.some((l) => l.startsWith("SUMMARY:Injected")), body);
    assert.ok(
      lines.includes(
        "X-WR-CALNAME:Prijavko – Soba 1\\nBEGIN:VEVENT\\nSUMMARY:Injected\\nEND:VEVENT\\, a\\; b\\\\c",
      ),
      body,
    );
    // And a calendar reader gets one event with the fixed summary back.
    const calendar = new ICAL.Component(ICAL.parse(body));
    const events = calendar.getAllSubcomponents("vevent");
    assert.equal(events.length, 1);
    assert.equal(events[0].getFirstPropertyValue("summary"), "Reserved");
  }, { now: new Date("2026-11-20T10:00:00Z") }));
