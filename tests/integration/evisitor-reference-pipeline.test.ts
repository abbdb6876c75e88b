/**
 * The whole product (API, outbox, relay, NATS, evisitor worker) against the independently written
 * eVisitor of tests/support/reference-evisitor.ts, as issue 19 is judged: a batch of three guests
 * at once (one login, each code list once, one logout; categories by age among the facility's;
 * a guest living in Adamovec sent as "Zagreb-Adamovec"), a new departure re-sent whole under the
 * same ID with the arrival unchanged, a cancellation and an undone check-out as {ID, Reason}, and a
 * vacation home's own categories.
 */
import assert from "node:assert/strict";
import { DocumentType, Gender } from "@shared/enums.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, simulatorAccess, type TestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { checkGuestsInAutomatically } from "../support/evisitor-pipeline.ts";
import { BIRGITTE } from "../support/guests.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import {
  REFERENCE_FACILITIES,
  REFERENCE_HOST,
  ReferenceEVisitor,
} from "../support/reference-evisitor.ts";
import { startSmtp } from "../support/smtp.ts";
import { waitFor } from "../support/wait.ts";
import { startTestWorkers } from "../support/workers.ts";

interface Ctx {
  app: TestApp;
  token: string;
  ev: ReferenceEVisitor;
  database: TestDatabase;
  accountId: string;
}

interface HostGuest {
  id: string;
  guid: string;
  name: string;
  status: string;
  registrationState: string;
  registrationError: string | null;
}

const SESSION_IDLE_MS = 400;

async function withReferencePipeline(fn: (ctx: Ctx) => Promise<void>) {
  const database = await createTestDatabase();
  const nats = await startNatsServer();
  const smtp = await startSmtp();
  const ev = new ReferenceEVisitor();
  const evisitor = simulatorAccess(ev.baseUrl);
  const workers = await startTestWorkers({
    db: database.db,
    natsUrl: nats.urls.workers,
    smtpUrl: smtp.url,
    workers: ["relay", "evisitor", "scheduler"],
    evisitor,
    sessionIdleMs: SESSION_IDLE_MS,
  });
  try {
    const app = await createTestApp({ db: database.db, evisitor });
    await createHost(app, database.db, { email: "ana@example.com" });
    const { accessToken: token } = await signIn(app, "ana@example.com");
    const connected = await postWith(app, "/api/ExternalAccounts", REFERENCE_HOST, token);
    assert.equal(connected.status, 200, await connected.clone().text());
    const { id: accountId } = await connected.json();
    await waitFor(async () => {
      const page =
        await (await getWith(app, "/api/ExternalAccounts?PageNumber=1&PageSize=5", token))
          .json();
      return page.items[0]?.status === 2 && page.items[0].lastError === null;
    }, { what: "the account synced from the reference eVisitor", timeoutMs: 20_000 });
    await checkGuestsInAutomatically(database.db, accountId);
    await fn({ app, token, ev, database, accountId });
  } finally {
    await workers.stop();
    await ev.stop();
    await smtp.stop();
    await nats.dispose();
    await database.dispose();
  }
}

const noon = (date: string) => `${date}T12:00:00.000Z`;
const today = () => todayIn(STAY_TIME_ZONE);

/** A stay from yesterday to in two days in the unit of the facility named `name`. */
async function stayIn(ctx: Ctx, name: string): Promise<{ code: string; unitId: string }> {
  const page = await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=20", ctx.token))
    .json();
  const property = page.items.find((p: { name: string }) => p.name === name);
  assert.ok(property, `the property of facility ${name}`);
  const unitId = property.accommodationUnits[0].id as string;
  const booked = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: unitId,
    startDateUTC: noon(addDays(today(), -1)),
    endDateUTC: noon(addDays(today(), 2)),
  }, ctx.token);
  assert.equal(booked.status, 200, await booked.clone().text());
  return { code: (await booked.json()).code, unitId };
}

async function checkIn(ctx: Ctx, code: string, guests: Record<string, unknown>[]) {
  const res = await ctx.app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: code, reservationGuests: guests }),
  });
  assert.equal(res.status, 200, await res.clone().text());
}

const guestsOf = async (ctx: Ctx, code: string) =>
  (await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json())
    .guests as HostGuest[];

const allGuests = (ctx: Ctx, code: string, ready: (g: HostGuest) => boolean, what: string) =>
  waitFor(async () => {
    const guests = await guestsOf(ctx, code);
    return guests.length > 0 && guests.every(ready) && guests;
  }, { what, timeoutMs: 20_000 });

/** The settlement the check-in page offers for `query` (what a guest picks). */
async function settlementFor(ctx: Ctx, code: string, query: string): Promise<string> {
  const answer = await waitFor(async () => {
    const res = await ctx.app.request(
      `/api/Reservations/${code}/Settlements?Query=${encodeURIComponent(query)}`,
    );
    const body = await res.json();
    return body.available && body.settlements.length > 0 && body;
  }, { what: `settlements for ${query}` });
  return answer.settlements[0].name;
}

const bodies = (ev: ReferenceEVisitor, action: string) =>
  ev.to(`/${action}/`).map((r) => r.body as Record<string, unknown>);

Deno.test({
  name: "reference eVisitor, whole product: three guests at once make one login, one read of " +
    "each list and one logout; categories by age; 'Zagreb-Adamovec'; a new departure re-sent " +
    "whole; cancel and undo as {ID, Reason}",
  ...REAL_SERVERS,
  fn: () =>
    withReferencePipeline(async (ctx) => {
      const { ev } = ctx;
      const { code, unitId } = await stayIn(ctx, REFERENCE_FACILITIES[0].name);
      const adamovec = await settlementFor(ctx, code, "adamovec");
      const split = await settlementFor(ctx, code, "split");
      assert.equal(adamovec, "Zagreb-Adamovec");
      assert.equal(split, "Split-Split");

      // The sync's session has ended (as many logouts as logins); the batch starts from here.
      await waitFor(
        () => ev.to("Authentication/Logout").length === ev.to("Authentication/Login").length,
        { what: "the sync's session logged out" },
      );
      const from = ev.requests.length;
      const since = (part: string) => ev.requests.slice(from).filter((r) => r.path.includes(part));
      await checkIn(ctx, code, [
        BIRGITTE,
        {
          ...BIRGITTE,
          firstName: "Ida",
          dateOfBirth: addDays(today(), -8 * 365),
          documentNumber: "209957822",
        },
        {
          firstName: "Marko",
          surname: "Horvat",
          gender: Gender.Male,
          dateOfBirth: "1975-05-05",
          citizenship: "HRV",
          countryOfBirth: "HRV",
          cityOfBirth: split,
          countryOfResidence: "HRV",
          cityOfResidence: adamovec,
          documentType: DocumentType.IdentityCard,
          documentNumber: "112233445",
        },
      ]);
      const registered = await allGuests(ctx, code, (g) => g.status === "CheckedIn", "registered");
      assert.equal(registered.length, 3);
      await waitFor(() => since("Authentication/Logout").length === 1, {
        what: "the batch's session logged out",
      });
      assert.equal(since("Authentication/Login").length, 1, "one login for the batch");
      for (
        const list of [
          "DocumentTtypeLookup",
          "TTPaymentCategoryLookup2",
          "ArrivalOrganisationLookup",
          "OfferedServiceTypeLookup",
          "FacilityTouristCheckInLookup",
        ]
      ) {
        assert.equal(since(`/${list}/`).length, 1, `${list} read once`);
      }

      const sent = bodies(ev, "CheckInTourist");
      assert.equal(sent.length, 3);
      const byName = (name: string) => sent.find((b) => b.TouristName === name)!;
      assert.equal(byName("Birgitte").TTPaymentCategory, "14");
      assert.equal(byName("Ida").TTPaymentCategory, "1", "a child's category");
      assert.equal(byName("Marko").CityOfResidence, "Zagreb-Adamovec");
      assert.equal(byName("Marko").CityOfBirth, "Split-Split");
      assert.equal(byName("Marko").DocumentType, "051");
      for (const body of sent) {
        assert.ok(!("TTPayerID" in body), "no TTPayerID as an obveznik");
        assert.ok(!("IsTTFlatRatePaymentVacationHome" in body), "no flat rate outside a home");
      }

      // A new departure: the same registrations edited with all their fields, arrival unchanged.
      const later = addDays(today(), 5);
      const moved = await ctx.app.request(`/api/Reservations/${code}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(ctx.token) },
        body: JSON.stringify({
          accommodationUnitId: unitId,
          startDateUTC: noon(addDays(today(), -1)),
          endDateUTC: noon(later),
        }),
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      const edits = await waitFor(() => {
        const all = bodies(ev, "CheckInTourist").slice(3);
        return all.length === 3 && all;
      }, { what: "three edits", timeoutMs: 20_000 });
      for (const edit of edits) {
        const original = sent.find((b) => b.ID === edit.ID);
        assert.ok(original, "the same registration ID");
        assert.deepEqual(Object.keys(edit).sort(), Object.keys(original!).sort(), "all fields");
        assert.deepEqual(
          { ...edit, ForeseenStayUntil: original!.ForeseenStayUntil },
          original,
          "only the departure changed",
        );
        assert.equal(edit.ForeseenStayUntil, later.replaceAll("-", ""));
        assert.equal(
          ev.registrations.get(edit.ID as string)?.fields.ForeseenStayUntil,
          edit.ForeseenStayUntil,
        );
      }
      assert.equal(ev.registrations.size, 3, "edited, not registered anew");

      // Cancel one registration; check another out and undo it.
      const [first, second] = registered;
      const cancel = await postWith(ctx.app, "/api/Guests/cancel", {
        guests: [{ id: first.id }],
        reason: "Gost nije došao",
      }, ctx.token);
      assert.equal(cancel.status, 202, await cancel.clone().text());
      const out = await postWith(ctx.app, "/api/Guests/checkout", [{ id: second.id }], ctx.token);
      assert.equal(out.status, 202, await out.clone().text());
      await waitFor(async () => {
        const guests = await guestsOf(ctx, code);
        return guests.find((g) => g.id === first.id)?.status === "Cancelled" &&
          guests.find((g) => g.id === second.id)?.status === "CheckedOut";
      }, { what: "cancelled and checked out", timeoutMs: 20_000 });
      const undo = await postWith(
        ctx.app,
        "/api/Guests/undoCheckout",
        [{ id: second.id }],
        ctx.token,
      );
      assert.equal(undo.status, 202, await undo.clone().text());
      await waitFor(async () =>
        (await guestsOf(ctx, code)).find((g) => g.id === second.id)?.status === "CheckedIn", {
        what: "checked in again",
        timeoutMs: 20_000,
      });
      assert.deepEqual(bodies(ev, "CancelTouristCheckIn"), [
        { ID: first.guid, Reason: "Gost nije došao" },
      ]);
      const [undone] = bodies(ev, "CancelTouristCheckOut");
      assert.deepEqual(Object.keys(undone).sort(), ["ID", "Reason"]);
      assert.equal(undone.ID, second.guid);
      assert.equal(ev.registrations.get(first.guid)?.status, "cancelled");
      assert.equal(ev.registrations.get(second.guid)?.status, "active");
    }),
});

Deno.test({
  name: "reference eVisitor, whole product: a vacation home registers in its own categories",
  ...REAL_SERVERS,
  fn: () =>
    withReferencePipeline(async (ctx) => {
      const home = REFERENCE_FACILITIES[1];
      const { code } = await stayIn(ctx, home.name);
      await checkIn(ctx, code, [BIRGITTE]);
      await allGuests(ctx, code, (g) => g.status === "CheckedIn", "registered");
      const [body] = bodies(ctx.ev, "CheckInTourist");
      assert.equal(body.Facility, home.code);
      // The home offers 1, 2, 16 and 18 (14 is inactive there): an adult guest is one of the
      // owner's "other persons".
      assert.equal(body.TTPaymentCategory, "16");
      // EEA citizen in a vacation home: the flat rate only for arrivals up to 15 July.
      const arrival = addDays(today(), -1);
      assert.equal(
        body.IsTTFlatRatePaymentVacationHome,
        arrival.slice(5) <= "07-15" ? true : undefined,
      );
      // Provisioning reads every facility's categories too: the home's own read is among them.
      const reads = ctx.ev.to("TTPaymentCategoryLookup2");
      assert.ok(reads.some((r) => JSON.parse(r.query.filters)[0].Value === home.id));
    }),
});
