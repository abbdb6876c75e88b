/**
 * Issue 30, N7: the e-mailed "approve guests" link approves only the guests its e-mail names. It
 * used to approve every guest held at the stay when it was tapped, so anyone with the stay's code
 * could check a made-up guest in after the e-mail went out and have the host's tap send them to
 * eVisitor. The link now carries the guests held when the e-mail was written (the e-mail lists
 * their initials), its page lists them by name before the tap, and the tap approves them and no
 * one else.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { stayApprovalTokens } from "@core/db/schema/checkin-receipts.ts";
import { guests } from "@core/db/schema/guests.ts";
import type { Database } from "@core/db/client.ts";
import { newApprovalToken } from "@core/services/guests/approve-guests.ts";
import { hashToken } from "@core/platform/crypto/random-token.ts";
import { composeNotificationEmail } from "../../workers/notifications/notification-emails.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { postJson, type TestApp, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";

/** 20 November 2026, 11:00 in Zagreb: the stay below began yesterday. */
const NOW = new Date("2026-11-20T10:00:00Z");

const IVO = { ...BIRGITTE, firstName: "Ivo", surname: "Bašić", documentNumber: "AB1234567" };
const MALLORY = {
  ...BIRGITTE,
  firstName: "Mallory",
  surname: "Intruder",
  documentNumber: "ZZ9999999",
};

/** A host whose property holds door guests for approval, with a stay that began yesterday. */
async function stayOf(app: TestApp, db: Database): Promise<string> {
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
  return (await booked.json()).code;
}

/** Guests check in by the stay's link (anyone with its code can); answers their ids. */
async function checkIn(app: TestApp, code: string, ...forms: typeof BIRGITTE[]) {
  const res = await app.request(postJson("/api/Reservations/Guests", {
    reservationCode: code,
    reservationGuests: forms,
  }));
  assert.equal(res.status, 200, await res.clone().text());
  const { guests: seen } = await res.json();
  return forms.map((form) =>
    seen.find((g: { name: string | null }) => g.name === form.firstName).id as string
  );
}

/** The link the notifications worker writes into the e-mail about `guestId`. */
async function emailedLink(db: Database, guestId: string) {
  const made = await db.transaction((tx) => newApprovalToken(tx, guestId, NOW));
  assert.ok(made, "a held guest's e-mail gets a link");
  return made;
}

const preview = (app: TestApp, token: string) =>
  app.request(postJson("/api/Reservations/approveGuests/preview", { token }));
const approve = (app: TestApp, token: string) =>
  app.request(postJson("/api/Reservations/approveGuests", { token }));

async function approvedOf(db: Database, id: string) {
  const [row] = await db.select().from(guests).where(eq(guests.id, id));
  return { approved: row.approvedAt !== null, state: row.registrationState };
}

Deno.test("the approve link approves the guests its e-mail names, not one who came in after", () =>
  withTestApp(async ({ app, db }) => {
    const code = await stayOf(app, db);
    const [birgitte] = await checkIn(app, code, BIRGITTE);
    const link = await emailedLink(db, birgitte);
    assert.deepEqual(link.guests.map((g) => g.initials), ["B. R."]);

    // Someone with the stay's code checks a made-up guest in after the e-mail went out.
    const [mallory] = await checkIn(app, code, MALLORY);

    // The page lists who the tap approves, by name, before the tap.
    const shown = await preview(app, link.token);
    assert.equal(shown.status, 200, await shown.clone().text());
    const listed = await shown.json();
    assert.deepEqual(
      listed.guests.map((g: { name: string; surname: string }) => `${g.name} ${g.surname}`),
      ["Birgitte Rasmussen"],
    );
    assert.equal(listed.startDate, "2026-11-19");
    assert.equal(listed.endDate, "2026-11-23");
    assert.equal(typeof listed.accommodationUnitName, "string");
    // Looking does not spend the link.
    assert.equal((await preview(app, link.token)).status, 200);

    const res = await approve(app, link.token);
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), { approved: 1 });
    assert.deepEqual(await approvedOf(db, birgitte), { approved: true, state: "queued" });
    assert.deepEqual(
      await approvedOf(db, mallory),
      { approved: false, state: "waiting" },
      "the guest the e-mail did not name still waits",
    );
    // Spent: neither the page nor the tap works again.
    assert.equal((await preview(app, link.token)).status, 400);
    assert.equal((await approve(app, link.token)).status, 400);
  }, { now: NOW }));

Deno.test("guests held together when the e-mail is written are named and approved together", () =>
  withTestApp(async ({ app, db }) => {
    const code = await stayOf(app, db);
    const [birgitte, ivo] = await checkIn(app, code, BIRGITTE, IVO);
    const link = await emailedLink(db, ivo);
    assert.deepEqual(link.guests.map((g) => g.initials).sort(), ["B. R.", "I. B."]);
    const [mallory] = await checkIn(app, code, MALLORY);

    const listed = await (await preview(app, link.token)).json();
    assert.deepEqual(
      listed.guests.map((g: { name: string }) => g.name).sort(),
      ["Birgitte", "Ivo"],
    );
    assert.deepEqual(await (await approve(app, link.token)).json(), { approved: 2 });
    for (const id of [birgitte, ivo]) assert.equal((await approvedOf(db, id)).approved, true);
    assert.equal((await approvedOf(db, mallory)).approved, false);
  }, { now: NOW }));

Deno.test("a named guest already approved or removed is left out of the page and the count", () =>
  withTestApp(async ({ app, db }) => {
    const code = await stayOf(app, db);
    const [birgitte, ivo] = await checkIn(app, code, BIRGITTE, IVO);
    const link = await emailedLink(db, birgitte);
    await db.update(guests).set({ disownedAt: NOW }).where(eq(guests.id, ivo));
    const listed = await (await preview(app, link.token)).json();
    assert.deepEqual(listed.guests.map((g: { name: string }) => g.name), ["Birgitte"]);
    assert.deepEqual(await (await approve(app, link.token)).json(), { approved: 1 });
    assert.equal((await approvedOf(db, ivo)).approved, false);
  }, { now: NOW }));

Deno.test("a link made before links named their guests approves nobody", () =>
  withTestApp(async ({ app, db }) => {
    const code = await stayOf(app, db);
    const [birgitte] = await checkIn(app, code, BIRGITTE);
    const [guest] = await db.select().from(guests).where(eq(guests.id, birgitte));
    const token = "legacy-approval-link-token-0123456789abcdefgh";
    await db.insert(stayApprovalTokens).values({
      id: crypto.randomUUID(),
      reservationId: guest.reservationId,
      tokenHash: await hashToken(token),
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
      guestIds: null,
    });
    for (const res of [await preview(app, token), await approve(app, token)]) {
      assert.equal(res.status, 400);
      assert.equal((await res.json()).code, "InvalidToken");
    }
    assert.equal((await approvedOf(db, birgitte)).approved, false);
  }, { now: NOW }));

Deno.test("the e-mail lists the guests its approve link approves", () => {
  for (const [language, label] of [["hr", "Odobri goste"], ["en", "Approve guests"]]) {
    const mail = composeNotificationEmail("GuestAddedByGuest", {
      accommodationUnit: "Apartman 1",
      code: "ABCDEFGHJK",
      start: "2026-11-19",
      end: "2026-11-23",
      guestId: "g-1",
      initials: "I. B.",
      entrance: "link",
      held: "true",
    }, {
      to: "ana@example.com",
      from: "noreply@prijavko.test",
      publicUrl: "http://prijavko.test",
      language,
      approveUrl: "http://prijavko.test/app/odobri-goste#token",
      approveGuests: [
        { initials: "B. R.", citizenship: "DNK" },
        { initials: "I. B.", citizenship: "HRV" },
      ],
    });
    assert.ok(mail);
    const listed = language === "hr"
      ? "B. R. (Danska), I. B. (Hrvatska)"
      : "B. R. (Denmark), I. B. (Croatia)";
    const line = mail.text.split("\n").find((l) => l.includes(listed));
    assert.ok(line, mail.text);
    assert.ok(mail.text.includes(`${label}: http://prijavko.test/app/odobri-goste#token`));
    assert.ok((mail.html ?? "").includes(listed), mail.html);
  }
});
