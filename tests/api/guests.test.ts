import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { DocumentType, Gender } from "@shared/enums.ts";
import { addDays, STAY_TIME_ZONE, todayIn } from "@shared/local-date.ts";
import { guests } from "@core/db/schema/guests.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { decodeBase64 } from "@core/platform/crypto/base64.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 20 November 2026, 11:00 in Zagreb: the fixtures' reference day. */
const NOW = new Date("2026-11-20T10:00:00Z");
const TODAY = "2026-11-20";
const at = (date: string) => `${date}T12:00:00.000Z`;

type Unit = { id: string; code: string; propertyId: string; name: string };
type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0] & {
  /** ana@example.com, the host of every stay unless a test says otherwise. */
  token: string;
  /** bruno@example.com, another host with a property of his own. */
  other: string;
  units: Unit[];
  propertyId: string;
  otherPropertyId: string;
};

function withHosts(fn: (ctx: Ctx) => Promise<void>) {
  return withTestApp(async (ctx) => {
    const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    const bruno = await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    // Door guests go to eVisitor at once, without the host's approval (issue 20).
    await seedMirroredAccount(ctx.db, ana, undefined, { automaticCheckIn: true });
    await seedMirroredAccount(ctx.db, bruno, [demoFacility("fac-bruno", "0099001")], {
      automaticCheckIn: true,
    });
    const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const other = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    const first = async (t: string) =>
      (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", t)).json())
        .items[0];
    const property = await first(token);
    const otherProperty = await first(other);
    await fn({
      ...ctx,
      token,
      other,
      units: property.accommodationUnits,
      propertyId: property.id,
      otherPropertyId: otherProperty.id,
    });
  }, { now: NOW });
}

/** A stay in one of ana's units (or another host's, with `token`); returns its code. */
async function book(
  ctx: Ctx,
  start: string,
  end: string,
  { unit = 0, token = ctx.token }: { unit?: number; token?: string } = {},
): Promise<string> {
  const unitId = token === ctx.token ? ctx.units[unit].id : await firstUnitOf(ctx, token);
  const res = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: unitId,
    startDateUTC: at(start),
    endDateUTC: at(end),
  }, token);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).code;
}

async function firstUnitOf(ctx: Ctx, token: string): Promise<string> {
  const list = await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token))
    .json();
  return list.items[0].accommodationUnits[0].id;
}

const marta = {
  firstName: "Marta",
  surname: "Kowalska",
  gender: Gender.Female,
  dateOfBirth: "1990-05-14",
  citizenship: "POL",
  countryOfBirth: "POL",
  cityOfBirth: "Kraków",
  countryOfResidence: "POL",
  cityOfResidence: "Warszawa",
  documentType: DocumentType.IdentityCard,
  documentNumber: "ABC123456",
};
const jan = {
  ...marta,
  firstName: "Jan",
  gender: Gender.Male,
  dateOfBirth: "1988-02-01",
  documentType: DocumentType.Passport,
  documentNumber: "EN7654321",
};
const zofia = { ...marta, firstName: "Zofia", dateOfBirth: "2016-08-30", documentNumber: "ZZ111" };

/** The public check-in: no sign-in, the reservation code is the key. */
const checkIn = (ctx: Ctx, code: string, reservationGuests: unknown[]) =>
  ctx.app.request(
    postJson("/api/Reservations/Guests", { reservationCode: code, reservationGuests }),
  );

async function errorsOf(res: Response) {
  assert.equal(res.status, 400);
  return (await res.json()).errors as Record<string, string[]>;
}

async function guestCount(ctx: Ctx): Promise<number> {
  return (await ctx.db.select({ n: count() }).from(guests))[0].n;
}

async function eventsOf(ctx: Ctx, subject: string): Promise<string[]> {
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => (r.payload as { guestId: string }).guestId);
}
const checkInEvents = (ctx: Ctx) => eventsOf(ctx, "evisitor.guest.checkin.requested");
const checkOutEvents = (ctx: Ctx) => eventsOf(ctx, "evisitor.guest.checkout.requested");

/** The host's view of a stay, guests with their documents. */
const hostView = async (ctx: Ctx, code: string) =>
  await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json();

async function setStatus(ctx: Ctx, guestId: string, status: "CheckedIn" | "CheckedOut") {
  await ctx.db.update(guests).set({ status, registrationState: "registered", registeredAt: NOW })
    .where(eq(guests.id, guestId));
}

const deleteStay = (ctx: Ctx, code: string) =>
  ctx.app.request(`/api/Reservations/${code}`, { method: "DELETE", headers: bearer(ctx.token) });

// ---------------------------------------------------------------------------------------------
// The public check-in
// ---------------------------------------------------------------------------------------------

Deno.test("POST /api/Reservations/Guests checks guests in and shows back only names, initials and states", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    const res = await checkIn(ctx, code, [{ ...marta, documentNumber: "abc 123456" }, jan, zofia]);
    assert.equal(res.status, 200, await res.clone().text());
    const stay = await res.json();
    assert.equal(stay.code, code);
    assert.equal(stay.guests.length, 3);
    for (const guest of stay.guests) {
      assert.deepEqual(Object.keys(guest).sort(), [
        "awaitingHost",
        "id",
        "initials",
        "name",
        "registrationError",
        "registrationRetryAt",
        "registrationState",
        "status",
        "surname",
      ]);
      assert.equal(guest.status, "PreCheckIn");
      assert.equal(guest.registrationState, "queued", "the stay has begun: registered at once");
    }
    assert.deepEqual(
      stay.guests.map((g: { name: string }) => g.name),
      ["Marta", "Jan", "Zofia"],
      "in the order of the form",
    );
    assert.deepEqual(
      (await checkInEvents(ctx)).sort(),
      stay.guests.map((g: { id: string }) => g.id).sort(),
      "one registration request per guest",
    );

    // Anyone with the link sees the same public view; the host sees the documents.
    const anonymous = await ctx.app.request(`/api/Reservations/${code}`);
    assert.equal(anonymous.status, 200);
    const shown = await anonymous.json();
    assert.equal(shown.guests.length, 3);
    assert.equal(shown.guests[0].documentNumber, undefined);
    assert.equal(shown.guests[0].dateOfBirth, undefined);
    assert.equal(shown.guests[0].name, null, "without the check-in's receipt: initials only");
    assert.equal(shown.description, undefined);

    const host = await hostView(ctx, code);
    assert.equal(host.guests[0].documentNumber, "ABC123456", "stored as eVisitor compares it");
    assert.equal(host.guests[0].dateOfBirth, "1990-05-14");
    assert.equal(host.guests[1].documentNumber, "EN7654321");
    assert.equal(
      host.guests[0].nextDeadline,
      "2026-11-21T13:00:00.000Z",
      "registration is due 24 hours after the 14:00 arrival",
    );
    assert.equal(host.status, "Active", "nobody is registered with eVisitor yet");
  }));

Deno.test("guests who check in before arrival wait for the arrival day, and nothing is queued", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-12-01", "2026-12-05");
    const res = await checkIn(ctx, code, [marta]);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).guests[0].registrationState, "waiting");
    assert.deepEqual(await checkInEvents(ctx), []);
    assert.equal((await hostView(ctx, code)).status, "Pending");
  }));

Deno.test("check-in is closed for a stay that ended yesterday or was cancelled; an unknown code is not found", () =>
  withHosts(async (ctx) => {
    const over = await book(ctx, "2026-11-16", "2026-11-19");
    const late = await checkIn(ctx, over, [marta]);
    assert.equal(late.status, 409);
    assert.equal((await late.json()).code, "CheckInClosed");

    const canceled = await book(ctx, "2026-11-21", "2026-11-25");
    await ctx.db.update(reservations).set({ canceledAt: NOW })
      .where(eq(reservations.code, canceled));
    const refused = await checkIn(ctx, canceled, [marta]);
    assert.equal(refused.status, 409);
    assert.equal((await refused.json()).code, "CheckInClosed");

    const unknown = await checkIn(ctx, "NOSUCHCODE", [marta]);
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).code, "UnknownCode");
    assert.equal((await ctx.app.request("/api/Reservations/NOSUCHCODE")).status, 404);

    assert.equal(await guestCount(ctx), 0);
    assert.deepEqual(await checkInEvents(ctx), []);
  }));

Deno.test("more guests than the unit sleeps are refused with TooManyGuests, counting those already in", () =>
  withHosts(async (ctx) => {
    const unit = ctx.units[0];
    const put = await ctx.app.request(`/api/AccommodationUnits/${unit.id}`, {
      method: "PUT",
      headers: { ...bearer(ctx.token), "Content-Type": "application/json" },
      body: JSON.stringify({ propertyId: unit.propertyId, name: unit.name, capacity: 2 }),
    });
    assert.equal(put.status, 200, await put.clone().text());
    const code = await book(ctx, TODAY, "2026-11-23");

    const three = await checkIn(ctx, code, [marta, jan, zofia]);
    assert.equal(three.status, 400);
    const problem = await three.json();
    assert.equal(problem.code, "TooManyGuests");
    assert.deepEqual(problem.errors, { reservationGuests: ["At most 2 guests can stay here."] });
    assert.equal(await guestCount(ctx), 0, "nobody of a refused party is stored");

    assert.equal((await checkIn(ctx, code, [marta, jan])).status, 200);
    const third = await checkIn(ctx, code, [zofia]);
    assert.equal(third.status, 400);
    assert.equal((await third.json()).code, "TooManyGuests");
    assert.equal(await guestCount(ctx), 2);
  }));

Deno.test("the check-in form's mistakes are named per guest and field, with the spec's messages", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    const tomorrow = addDays(todayIn(STAY_TIME_ZONE), 1);

    assert.deepEqual(
      await errorsOf(await checkIn(ctx, code, [{ ...marta, dateOfBirth: tomorrow }])),
      {
        "reservationGuests.0.dateOfBirth": ["The date must be in the past"],
      },
    );
    assert.deepEqual(
      await errorsOf(await checkIn(ctx, code, [marta, { ...jan, citizenship: "XYZ" }])),
      { "reservationGuests.1.citizenship": ["Invalid type selected"] },
    );
    assert.deepEqual(
      await errorsOf(await checkIn(ctx, code, [{ ...marta, gender: 7, documentType: 9 }])),
      {
        "reservationGuests.0.gender": ["Invalid type selected"],
        "reservationGuests.0.documentType": ["Invalid type selected"],
      },
    );

    const empty = await errorsOf(await checkIn(ctx, code, [{}]));
    const expected: Record<string, string> = {
      firstName: "First name is required",
      surname: "Surname is required",
      gender: "Gender is required",
      dateOfBirth: "Date of birth is required",
      citizenship: "Citizenship is required",
      countryOfBirth: "Country of birth is required",
      cityOfBirth: "City of birth is required",
      countryOfResidence: "Country of residence is required",
      cityOfResidence: "City of residence is required",
      documentType: "Document type is required",
      documentNumber: "Document number is required",
    };
    for (const [field, message] of Object.entries(expected)) {
      assert.deepEqual(empty[`reservationGuests.0.${field}`], [message], field);
    }
    assert.deepEqual(
      (await errorsOf(await checkIn(ctx, code, [{ ...marta, firstName: "   " }])))[
        "reservationGuests.0.firstName"
      ],
      ["First name is required"],
      "blank is missing",
    );

    const american = {
      ...marta,
      citizenship: "USA",
      countryOfBirth: "USA",
      cityOfBirth: "Boston",
      countryOfResidence: "USA",
      cityOfResidence: "Boston",
    };
    assert.deepEqual(await errorsOf(await checkIn(ctx, code, [american])), {
      "reservationGuests.0.borderCrossing": ["Border crossing is required"],
      "reservationGuests.0.passageDate": ["Date of entry is required"],
    });
    assert.deepEqual(
      await errorsOf(await checkIn(ctx, code, [{ ...american, borderCrossing: "053" }])),
      { "reservationGuests.0.passageDate": ["Date of entry is required"] },
    );
    const withEntry = { ...american, borderCrossing: "053", passageDate: "2026-11-18" };
    assert.deepEqual(
      await errorsOf(await checkIn(ctx, code, [{ ...withEntry, passageDate: tomorrow }])),
      { "reservationGuests.0.passageDate": ["The date must be in the past"] },
    );
    assert.deepEqual(
      await errorsOf(
        await checkIn(ctx, code, [{ ...marta, countryOfResidence: "DEU" }, {
          ...jan,
          countryOfResidence: "CHE",
        }]),
      ),
      {
        "reservationGuests.1.borderCrossing": ["Border crossing is required"],
        "reservationGuests.1.passageDate": ["Date of entry is required"],
      },
      "only guests living outside the EU are asked",
    );

    assert.deepEqual(await errorsOf(await checkIn(ctx, code, [])), {
      reservationGuests: ["At least one guest is required to proceed"],
    });
    assert.deepEqual(
      await errorsOf(
        await ctx.app.request(postJson("/api/Reservations/Guests", { reservationCode: code })),
      ),
      { reservationGuests: ["At least one guest is required to proceed"] },
    );

    assert.equal(await guestCount(ctx), 0, "nothing stored from a refused form");
    assert.equal((await checkIn(ctx, code, [withEntry])).status, 200, "complete, it goes through");
  }));

Deno.test("the same document twice on a stay is refused with GuestAlreadyCheckedIn and stored once", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    assert.equal((await checkIn(ctx, code, [marta])).status, 200);

    const again = await checkIn(ctx, code, [{ ...marta, documentNumber: "abc 123 456" }, jan]);
    assert.equal(again.status, 409, "the document as eVisitor compares it, case and spaces aside");
    assert.equal((await again.json()).code, "GuestAlreadyCheckedIn");
    const twice = await checkIn(ctx, code, [jan, { ...jan, firstName: "Janek" }]);
    assert.equal(twice.status, 409, "the same document twice in one form");

    const host = await hostView(ctx, code);
    assert.deepEqual(host.guests.map((g: { name: string }) => g.name), ["Marta"]);
    assert.equal((await checkInEvents(ctx)).length, 1);

    const elsewhere = await book(ctx, "2026-12-01", "2026-12-04");
    assert.equal(
      (await checkIn(ctx, elsewhere, [marta])).status,
      200,
      "the same guest may stay again another time",
    );
  }));

Deno.test("two identical check-ins at once store the guest exactly once", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    const answers = await Promise.all([checkIn(ctx, code, [marta]), checkIn(ctx, code, [marta])]);
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    assert.equal((await refused.json()).code, "GuestAlreadyCheckedIn");
    assert.equal(await guestCount(ctx), 1);
    assert.equal((await checkInEvents(ctx)).length, 1, "registered once");
  }));

// ---------------------------------------------------------------------------------------------
// The host's guest list, details and proof of residence
// ---------------------------------------------------------------------------------------------

Deno.test("GET /api/Guests and /Guests/details say which parameter must be defined", () =>
  withHosts(async (ctx) => {
    for (const query of ["", "&PropertyId=", "&PropertyId=%20%20"]) {
      const res = await getWith(ctx.app, `/api/Guests?PageNumber=1&PageSize=10${query}`, ctx.token);
      assert.deepEqual(await errorsOf(res), {
        PropertyId: ["The parameter 'PropertyId' must be defined."],
      }, query);
    }
    assert.deepEqual(await errorsOf(await getWith(ctx.app, "/api/Guests/details", ctx.token)), {
      ExternalId: ["The parameter 'ExternalId' must be defined."],
    });
    assert.deepEqual(
      await errorsOf(await getWith(ctx.app, "/api/Guests/proofOfResidence", ctx.token)),
      { ExternalId: ["The parameter 'ExternalId' must be defined."] },
    );
    assert.equal(
      (await ctx.app.request(`/api/Guests?PageNumber=1&PageSize=10&PropertyId=${ctx.propertyId}`))
        .status,
      401,
      "the host's list needs a sign-in",
    );
  }));

Deno.test("GET /api/Guests lists a property's guests with their states and deadlines, by search and status", () =>
  withHosts(async (ctx) => {
    const now = await book(ctx, TODAY, "2026-11-23");
    const later = await book(ctx, "2026-12-01", "2026-12-05", { unit: 1 });
    await checkIn(ctx, now, [marta, jan]);
    await checkIn(ctx, later, [zofia]);
    const [, registered] = (await hostView(ctx, now)).guests;
    await setStatus(ctx, registered.id, "CheckedIn");

    const list = async (query = "", token = ctx.token) => {
      const res = await getWith(
        ctx.app,
        `/api/Guests?PageNumber=1&PropertyId=${ctx.propertyId}${
          query.includes("PageSize") ? "" : "&PageSize=10"
        }${query}`,
        token,
      );
      assert.equal(res.status, 200, await res.clone().text());
      return await res.json();
    };
    const all = await list();
    assert.equal(all.totalCount, 3);
    assert.equal(all.items[0].surnameAndName, "Kowalska Zofia", "the latest arrival first");
    const byName = (name: string) =>
      all.items.find((g: { surnameAndName: string }) => g.surnameAndName === name);
    assert.deepEqual(
      {
        ...byName("Kowalska Marta"),
        id: undefined,
        externalId: undefined,
      },
      {
        id: undefined,
        externalId: undefined,
        surnameAndName: "Kowalska Marta",
        dateTimeOfArrival: "2026-11-20T13:00:00.000Z",
        dateTimeOfDeparture: "2026-11-23T09:00:00.000Z",
        checkedOutTourist: false,
        status: "PreCheckIn",
        registrationState: "queued",
        registrationError: null,
        registrationRetryAt: null,
        nextDeadline: "2026-11-21T13:00:00.000Z",
        reservationCode: now,
        accommodationUnitName: ctx.units[0].name,
        anonymisedAt: null,
        cancelRequestedAt: null,
        undoCheckOutRequestedAt: null,
        approval: null,
      },
    );
    const jansRow = byName("Kowalska Jan");
    assert.equal(jansRow.status, "CheckedIn");
    assert.equal(jansRow.registrationState, "registered");
    assert.equal(
      jansRow.nextDeadline,
      "2026-11-24T09:00:00.000Z",
      "check-out is due 24 hours after the 10:00 departure",
    );
    const zofiasRow = byName("Kowalska Zofia");
    assert.equal(zofiasRow.registrationState, "waiting");
    assert.equal(zofiasRow.nextDeadline, "2026-12-02T13:00:00.000Z");
    assert.equal(zofiasRow.accommodationUnitName, ctx.units[1].name);
    assert.equal(zofiasRow.externalId, (await hostView(ctx, later)).guests[0].guid);

    const names = (page: { items: { surnameAndName: string }[] }) =>
      page.items.map((g) => g.surnameAndName).sort();
    assert.deepEqual(names(await list("&SearchValue=zof")), ["Kowalska Zofia"]);
    assert.equal(names(await list("&SearchValue=KOWAL")).length, 3);
    assert.deepEqual(names(await list(`&SearchValue=${later}`)), ["Kowalska Zofia"]);
    assert.deepEqual(names(await list("&SearchValue=Horvat")), []);
    assert.deepEqual(names(await list("&Status=CheckedIn")), ["Kowalska Jan"]);
    assert.deepEqual(names(await list("&Status=PreCheckIn")), [
      "Kowalska Marta",
      "Kowalska Zofia",
    ]);
    assert.deepEqual(names(await list("&Status=CheckedIn&SearchValue=Marta")), []);
    const bad = await getWith(
      ctx.app,
      `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${ctx.propertyId}&Status=Asleep`,
      ctx.token,
    );
    assert.equal(bad.status, 400);
    assert.ok((await bad.json()).errors.Status);

    const paged = await list("&PageSize=2&SortBy=name");
    assert.equal(paged.items.length, 2);
    assert.equal(paged.totalCount, 3);
    assert.equal(paged.hasNextPage, true);

    // Another host's property is unknown to bruno; his own has nobody.
    const foreign = await getWith(
      ctx.app,
      `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${ctx.propertyId}`,
      ctx.other,
    );
    assert.equal(foreign.status, 404);
    const own = await getWith(
      ctx.app,
      `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${ctx.otherPropertyId}`,
      ctx.other,
    );
    assert.equal((await own.json()).totalCount, 0);
  }));

Deno.test("GET /api/Guests/details answers one of the host's guests by ExternalId, document included", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    await checkIn(ctx, code, [{ ...marta, telephone: "+385 91 665 5333", email: "m@example.pl" }]);
    const [guest] = (await hostView(ctx, code)).guests;

    const res = await getWith(ctx.app, `/api/Guests/details?ExternalId=${guest.guid}`, ctx.token);
    assert.equal(res.status, 200);
    const details = await res.json();
    assert.equal(details.id, guest.id);
    assert.equal(details.name, "Marta");
    assert.equal(details.documentNumber, "ABC123456");
    assert.equal(details.documentType, DocumentType.IdentityCard);
    assert.equal(details.dateOfBirth, "1990-05-14");
    assert.equal(details.cityOfBirth, "Kraków");
    assert.equal(details.telephone, "+385 91 665 5333");
    assert.equal(details.email, "m@example.pl");
    assert.equal(details.status, "PreCheckIn");
    assert.equal(details.nextDeadline, "2026-11-21T13:00:00.000Z");

    const upper = await getWith(
      ctx.app,
      `/api/Guests/details?ExternalId=${guest.guid.toUpperCase()}&PropertyId=${ctx.propertyId}`,
      ctx.token,
    );
    assert.equal(upper.status, 200, "a GUID in capitals is the same GUID");

    const wrongProperty = await getWith(
      ctx.app,
      `/api/Guests/details?ExternalId=${guest.guid}&PropertyId=${ctx.otherPropertyId}`,
      ctx.token,
    );
    assert.equal(wrongProperty.status, 404);
    const foreign = await getWith(
      ctx.app,
      `/api/Guests/details?ExternalId=${guest.guid}`,
      ctx.other,
    );
    assert.equal(foreign.status, 404, "another host's guest is unknown");
    const unknown = await getWith(
      ctx.app,
      `/api/Guests/details?ExternalId=${crypto.randomUUID()}`,
      ctx.token,
    );
    assert.equal(unknown.status, 404);
  }));

Deno.test("GET /api/Guests/proofOfResidence prints a translated, escaped page", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    await checkIn(ctx, code, [{
      ...marta,
      firstName: "<b>Ana</b>",
      surname: "<script>alert(1)</script>",
      citizenship: "DEU",
    }]);
    const [guest] = (await hostView(ctx, code)).guests;

    const proof = async (language: string, token = ctx.token) =>
      await getWith(
        ctx.app,
        `/api/Guests/proofOfResidence?ExternalId=${guest.guid}&LanguageCode=${language}`,
        token,
      );
    const pageOf = async (res: Response) => {
      assert.equal(res.status, 200);
      const body = await res.json();
      return { body, html: new TextDecoder().decode(decodeBase64(body.htmlBase64Encoded)) };
    };

    const hr = await pageOf(await proof("hr"));
    assert.match(hr.html, /<html lang="hr">/);
    assert.match(hr.html, /<h1>Potvrda o boravku<\/h1>/);
    assert.ok(hr.html.includes("&lt;b&gt;Ana&lt;/b&gt;"), "the name is escaped");
    assert.ok(hr.html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.ok(!hr.html.includes("<b>Ana"), "no markup from a guest's name");
    assert.ok(!hr.html.includes("<script>"));
    assert.ok(hr.html.includes("Njemačka"), "the citizenship in Croatian");
    assert.ok(hr.html.includes("ABC123456"), "the host's own document record");
    assert.ok(hr.html.includes("Još nije prijavljen u sustav eVisitor"));
    assert.equal(
      hr.body.proofOfResidenceUrl,
      `http://prijavko.test/app/gosti/potvrda?guest=${guest.guid}&lang=hr`,
    );

    const de = await pageOf(await proof("de-AT"));
    assert.match(de.html, /<html lang="de">/);
    assert.match(de.html, /<h1>Aufenthaltsbestätigung<\/h1>/);
    assert.ok(de.html.includes("Deutschland"));
    assert.ok(de.html.includes("&lt;b&gt;Ana&lt;/b&gt;"));
    assert.match(de.body.proofOfResidenceUrl, /lang=de$/);

    const fallback = await pageOf(await proof("sv"));
    assert.match(fallback.html, /<h1>Proof of residence<\/h1>/, "other languages get English");

    assert.equal((await proof("hr", ctx.other)).status, 404, "another host's guest is unknown");
  }));

// ---------------------------------------------------------------------------------------------
// The host adds, fixes and checks out guests
// ---------------------------------------------------------------------------------------------

Deno.test("POST /api/Guests/checkin adds a guest and fixes one, queuing each for eVisitor once the stay has begun", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-11-19", "2026-11-23");
    const add = await postWith(ctx.app, "/api/Guests/checkin", [{
      reservationCode: code,
      guest: marta,
    }], ctx.token);
    assert.equal(add.status, 200, await add.clone().text());
    const [added] = await add.json();
    assert.equal(added.name, "Marta");
    assert.equal(added.documentNumber, "ABC123456");
    assert.equal(added.status, "PreCheckIn");
    assert.equal(added.registrationState, "queued");
    assert.deepEqual(await checkInEvents(ctx), [added.id]);

    const fix = await postWith(ctx.app, "/api/Guests/checkin", [{
      id: added.id,
      reservationCode: code,
      guest: { ...marta, cityOfResidence: "Gdańsk", documentNumber: "ABC123457" },
    }], ctx.token);
    assert.equal(fix.status, 200, await fix.clone().text());
    const [fixed] = await fix.json();
    assert.equal(fixed.id, added.id, "the same guest");
    assert.equal(fixed.guid, added.guid, "under the same registration id");
    assert.equal(fixed.cityOfResidence, "Gdańsk");
    assert.equal(fixed.documentNumber, "ABC123457");
    assert.equal(fixed.registrationState, "queued");
    assert.deepEqual(await checkInEvents(ctx), [added.id, added.id], "sent again as an edit");
    const host = await hostView(ctx, code);
    assert.equal(host.guests.length, 1, "a fix adds nobody");
    assert.equal(host.guests[0].cityOfResidence, "Gdańsk");

    // Adding the same document again is refused; fixing a guest keeps its own document.
    const twin = await postWith(ctx.app, "/api/Guests/checkin", [{
      reservationCode: code,
      guest: { ...marta, documentNumber: "ABC123457" },
    }], ctx.token);
    assert.equal(twin.status, 409);
    assert.equal((await twin.json()).code, "GuestAlreadyCheckedIn");

    const invalid = await postWith(ctx.app, "/api/Guests/checkin", [{
      reservationCode: code,
      guest: { ...marta, dateOfBirth: "" },
    }], ctx.token);
    assert.deepEqual(await errorsOf(invalid), {
      "0.guest.dateOfBirth": ["Date of birth is required"],
    });
  }));

Deno.test("POST /api/Guests/checkin before arrival keeps the guest waiting, and stays of other hosts are unknown", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-12-01", "2026-12-05");
    const res = await postWith(ctx.app, "/api/Guests/checkin", [{
      reservationCode: code,
      guest: jan,
    }], ctx.token);
    assert.equal(res.status, 200);
    const [waiting] = await res.json();
    assert.equal(waiting.registrationState, "waiting");
    assert.equal(waiting.nextDeadline, "2026-12-02T13:00:00.000Z");
    assert.deepEqual(await checkInEvents(ctx), [], "nothing goes to eVisitor before arrival");

    const brunos = await book(ctx, TODAY, "2026-11-22", { token: ctx.other });
    const foreign = await postWith(ctx.app, "/api/Guests/checkin", [{
      reservationCode: brunos,
      guest: marta,
    }], ctx.token);
    assert.equal(foreign.status, 404);
    const hijack = await postWith(ctx.app, "/api/Guests/checkin", [{
      id: waiting.id,
      reservationCode: code,
      guest: marta,
    }], ctx.other);
    assert.equal(hijack.status, 404, "bruno cannot fix ana's guest");
    const moved = await postWith(ctx.app, "/api/Guests/checkin", [{
      id: waiting.id,
      reservationCode: await book(ctx, TODAY, "2026-11-22"),
      guest: jan,
    }], ctx.token);
    assert.equal(moved.status, 404, "a fix names the guest's own stay");

    assert.equal(await guestCount(ctx), 1);
    assert.equal((await hostView(ctx, code)).guests[0].name, "Jan", "nothing changed");
  }));

Deno.test("POST /api/Guests/checkout takes only guests registered with eVisitor", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-11-18", "2026-11-22");
    await checkIn(ctx, code, [marta, jan]);
    const [pre, registered] = (await hostView(ctx, code)).guests;
    await setStatus(ctx, registered.id, "CheckedIn");

    const early = await postWith(ctx.app, "/api/Guests/checkout", [{ id: pre.id }], ctx.token);
    assert.equal(early.status, 409);
    assert.equal((await early.json()).code, "CannotCheckOut");
    const mixed = await postWith(
      ctx.app,
      "/api/Guests/checkout",
      [{ id: registered.id }, { id: pre.id }],
      ctx.token,
    );
    assert.equal(mixed.status, 409);
    assert.deepEqual(await checkOutEvents(ctx), [], "all or nothing");

    const foreign = await postWith(
      ctx.app,
      "/api/Guests/checkout",
      [{ id: registered.id }],
      ctx.other,
    );
    assert.equal(foreign.status, 404);

    const ok = await postWith(ctx.app, "/api/Guests/checkout", [{ id: registered.id }], ctx.token);
    assert.equal(ok.status, 202);
    assert.deepEqual(await checkOutEvents(ctx), [registered.id]);
  }));

Deno.test("POST /api/Guests/cancel takes a reason and only registered guests not checked out", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-11-18", "2026-11-22");
    await checkIn(ctx, code, [marta, jan]);
    const [pre, registered] = (await hostView(ctx, code)).guests;
    await setStatus(ctx, registered.id, "CheckedIn");
    const cancel = (ids: string[], reason: unknown, token = ctx.token) =>
      postWith(ctx.app, "/api/Guests/cancel", { guests: ids.map((id) => ({ id })), reason }, token);
    const cancelEvents = () => eventsOf(ctx, "evisitor.guest.cancel.requested");

    const noReason = await cancel([registered.id], "  ");
    assert.equal(noReason.status, 400);
    assert.ok((await noReason.json()).errors.reason, "the reason is named");

    const notYet = await cancel([pre.id], "Pogrešni podaci");
    assert.equal(notYet.status, 409);
    assert.equal((await notYet.json()).code, "CannotCancelRegistration");
    const mixed = await cancel([registered.id, pre.id], "Pogrešni podaci");
    assert.equal(mixed.status, 409);
    assert.deepEqual(await cancelEvents(), [], "all or nothing");

    const foreign = await cancel([registered.id], "Pogrešni podaci", ctx.other);
    assert.equal(foreign.status, 404, "another host's guest is unknown");

    const ok = await cancel([registered.id], "Pogrešni podaci");
    assert.equal(ok.status, 202);
    const doubleClick = await cancel([registered.id], "Pogrešni podaci");
    assert.equal(doubleClick.status, 202);
    assert.deepEqual(await cancelEvents(), [registered.id], "queued once");
    const [row] = await ctx.db.select().from(guests).where(eq(guests.id, registered.id));
    assert.equal(row.cancelReason, "Pogrešni podaci");

    // A check-out while the cancellation is on its way is refused, and the other way round.
    const out = await postWith(ctx.app, "/api/Guests/checkout", [{ id: registered.id }], ctx.token);
    assert.equal(out.status, 409);
  }));

Deno.test("POST /api/Guests/undoCheckout takes only checked-out guests of the caller", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-11-18", "2026-11-22");
    await checkIn(ctx, code, [marta, jan]);
    const [inside, out] = (await hostView(ctx, code)).guests;
    await setStatus(ctx, inside.id, "CheckedIn");
    await setStatus(ctx, out.id, "CheckedOut");
    const undo = (id: string, token = ctx.token) =>
      postWith(ctx.app, "/api/Guests/undoCheckout", [{ id }], token);

    const notOut = await undo(inside.id);
    assert.equal(notOut.status, 409);
    assert.equal((await notOut.json()).code, "CannotUndoCheckOut");
    assert.equal((await undo(out.id, ctx.other)).status, 404);
    assert.equal((await undo(out.id)).status, 202);
    assert.equal((await undo(out.id)).status, 202, "a double click");
    assert.deepEqual(await eventsOf(ctx, "evisitor.guest.undocheckout.requested"), [out.id]);
  }));

Deno.test("DELETE /api/Reservations/{code} keeps a stay with registered guests and removes one with only pre-check-ins", () =>
  withHosts(async (ctx) => {
    const registered = await book(ctx, "2026-11-18", "2026-11-22");
    await checkIn(ctx, registered, [marta]);
    await setStatus(ctx, (await hostView(ctx, registered)).guests[0].id, "CheckedIn");
    const kept = await deleteStay(ctx, registered);
    assert.equal(kept.status, 409);
    assert.equal((await kept.json()).code, "ReservationHasRegisteredGuests");
    assert.equal(
      (await getWith(ctx.app, `/api/Reservations/${registered}`, ctx.token)).status,
      200,
    );
    assert.equal(await guestCount(ctx), 1);

    const pending = await book(ctx, "2026-12-01", "2026-12-05", { unit: 1 });
    await checkIn(ctx, pending, [jan, zofia]);
    assert.equal(await guestCount(ctx), 3);
    const removed = await deleteStay(ctx, pending);
    assert.equal(removed.status, 204);
    assert.equal((await getWith(ctx.app, `/api/Reservations/${pending}`, ctx.token)).status, 404);
    assert.equal(await guestCount(ctx), 1, "the stay's guests went with it");
  }));

Deno.test("after check-in the guest sees the WiFi: the unit's own, else the one set for the property", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, TODAY, "2026-11-23");
    let receipt = "";
    const view = async () =>
      await (await ctx.app.request(`/api/Reservations/${code}`, {
        headers: { "Checkin-Receipt": receipt },
      })).json();
    const settings = await ctx.app.request(`/api/Properties/Settings/${ctx.propertyId}`, {
      method: "PUT",
      headers: { ...bearer(ctx.token), "Content-Type": "application/json" },
      body: JSON.stringify({
        propertyId: ctx.propertyId,
        wifiName: "Vila Gosti",
        wifiPassword: "more2026",
        wifiEncryptionType: 2,
        // Guests go at once: with it off the WiFi waits for the host's approval
        // (tests/security/approval-receipt.test.ts).
        automaticCheckIn: true,
      }),
    });
    assert.equal(settings.status, 200);
    assert.equal((await view()).accommodationUnit.wifiDetails, null, "not before check-in");
    const checkedIn = await checkIn(ctx, code, [marta]);
    assert.equal(checkedIn.status, 200);
    receipt = (await checkedIn.json()).receipt.token;
    assert.deepEqual((await view()).accommodationUnit.wifiDetails, {
      ssid: "Vila Gosti",
      password: "more2026",
      encryptionType: 2,
    });
  }));

Deno.test("POST /api/Guests/checkin refuses a guest beyond the unit's beds and extra beds", () =>
  withHosts(async (ctx) => {
    const unit = ctx.units[0];
    const put = await ctx.app.request(`/api/AccommodationUnits/${unit.id}`, {
      method: "PUT",
      headers: { ...bearer(ctx.token), "Content-Type": "application/json" },
      body: JSON.stringify({ propertyId: unit.propertyId, name: unit.name, capacity: 2 }),
    });
    assert.equal(put.status, 200, await put.clone().text());
    const code = await book(ctx, TODAY, "2026-11-23");
    const add = (guest: unknown) =>
      postWith(ctx.app, "/api/Guests/checkin", [{ reservationCode: code, guest }], ctx.token);
    assert.equal((await add(marta)).status, 200);
    assert.equal((await add(jan)).status, 200);

    const third = await add(zofia);
    assert.equal(third.status, 400);
    const problem = await third.json();
    assert.equal(problem.code, "TooManyGuests");
    assert.equal(
      problem.detail,
      "At most 2 guests can stay here (beds and extra beds); 2 are already entered. Remove a " +
        "guest from the stay or move the stay to a larger unit.",
    );
    assert.equal(await guestCount(ctx), 2, "the third is not stored");

    // A fix of a guest already in is no new guest.
    const entered = (await hostView(ctx, code)).guests as { id: string; name: string }[];
    const fix = await postWith(ctx.app, "/api/Guests/checkin", [{
      id: entered.find((g) => g.name === "Marta")!.id,
      reservationCode: code,
      guest: { ...marta, cityOfResidence: "Gdańsk" },
    }], ctx.token);
    assert.equal(fix.status, 200, await fix.clone().text());
  }));

Deno.test("POST /api/Guests/checkin on a checked-out guest says what can still be done", () =>
  withHosts(async (ctx) => {
    const code = await book(ctx, "2026-11-18", "2026-11-20");
    const add = await postWith(ctx.app, "/api/Guests/checkin", [{
      reservationCode: code,
      guest: marta,
    }], ctx.token);
    const [added] = await add.json();
    await setStatus(ctx, added.id, "CheckedOut");

    const edit = await postWith(ctx.app, "/api/Guests/checkin", [{
      id: added.id,
      reservationCode: code,
      guest: { ...marta, cityOfResidence: "Gdańsk" },
    }], ctx.token);
    assert.equal(edit.status, 409);
    const problem = await edit.json();
    assert.equal(problem.code, "GuestCheckedOut");
    assert.equal(
      problem.detail,
      "Nothing of a checked-out guest's registration can be changed: eVisitor edits only " +
        "registrations that are still active. To correct it, undo the check-out, save the " +
        "correction, then check the guest out again.",
    );
  }));
