/**
 * Who may call what, for every operation of the API's own OpenAPI document: new routes are
 * covered as soon as they are documented, and a route the tables below do not know fails here
 * until someone decides how it is protected.
 *
 * - Every operation is either protected by the Bearer scheme or listed in PUBLIC with a reason.
 * - Bearer operations refuse a missing, expired, foreign-key, `alg: none`, tampered and malformed
 *   token with 401 problem details and nothing else.
 * - Operations behind `requireRole(ADMINISTRATOR)` (found in the routers, not listed by hand)
 *   refuse hosts, and hosts' impersonation sessions, with 403; every other Bearer operation does
 *   not answer a host 403.
 * - Personal API tokens are refused (403) by every Bearer operation that does not list the ApiToken
 *   scheme, and accepted by those that do.
 * - Bruno using Ana's ids and codes, in the path, the query or the body, gets 403/404 and
 *   nothing changes in the database; the same request by Ana works (so the ids were real).
 */
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { signAccessToken } from "@core/auth/access-token.ts";
import { apiTokens } from "@core/db/schema/api-tokens.ts";
import { type PropertyRight, roleMay } from "@core/services/access/property-access.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { setLogLevel } from "@core/platform/logger.ts";
import { bearer } from "../support/accounts.ts";
import { simulatorAccess, TEST_AUTH, type TestApp } from "../support/app.ts";
import { DEMO_HOST, startEVisitorSim } from "../support/evisitor-sim.ts";
import { BIRGITTE } from "../support/guests.ts";
import {
  fillPath,
  type JsonSchema,
  minimalQuery,
  type OpenApiDocument,
  type Operation,
  resolveSchema,
} from "../support/openapi-arbitraries.ts";
import {
  assertProblemOnly,
  changedTables,
  createWorldTemplate,
  type HostData,
  NOW,
  SERVER_SECRETS,
  snapshot,
  type World,
  type WorldTemplate,
} from "./world.ts";

// ---------------------------------------------------------------------------------------------
// The tables: extend them when the document grows (the tests say which entry is missing)
// ---------------------------------------------------------------------------------------------

/** Operations anyone may call, and why. Everything else must require the Bearer scheme. */
const PUBLIC: Record<string, string> = {
  "GET /api/health": "load balancers and monitoring",
  "POST /api/Support/contact-form": "the public contact form",
  "POST /api/Users/register": "signing up",
  "GET /api/Users/confirmEmail": "the e-mailed confirmation link; the code is the credential",
  "POST /api/Users/resendConfirmationEmail": "answers the same whether or not the address exists",
  "POST /api/Users/login": "signing in",
  "POST /api/Users/refresh": "the refresh token is the credential",
  "POST /api/Users/logout": "the refresh token is the credential",
  "POST /api/Users/forgotPassword": "answers the same whether or not the address exists",
  "POST /api/Users/resetPassword": "the e-mailed reset code is the credential",
  "POST /api/Users/revertEmailChange": "the code e-mailed to the old address is the credential",
  "POST /api/Users/cancelDeletion": "the code e-mailed with a deletion request is the credential",
  "GET /api/Reservations/{code}":
    "the guest check-in page: anyone with the stay's code sees its public view (its host, signed in, sees it in full)",
  "GET /api/Reservations/{code}/BorderCrossings":
    "the check-in page's border crossings; the stay's code is the key",
  "GET /api/Reservations/{code}/Settlements":
    "the check-in page's search of Croatian settlements; the stay's code is the key",
  "POST /api/Reservations/Guests": "guests check in with the stay's code, without an account",
  "GET /api/Reservations/Current/{accommodationUnitCode}":
    "the unit's QR code at the door: today's stay for a guest who scanned it",
  "GET /api/Calendars/Export/{file}":
    "the export feed pasted into Airbnb/Booking.com; the unguessable file name is the credential",
  "GET /api/Subscriptions": "the public price list",
  "GET /api/Subscriptions/packages/{id}": "one package of the public price list",
  "POST /api/Reservations/Guests/MRZ": "guests scan their document on the check-in page",
  "GET /api/Legal/operator":
    "the legal pages name the service's company and contact, from configuration",
  "POST /api/Guests/notMine":
    'the e-mailed single-use "not my guest" link; its token, not a session, is the credential',
  "POST /api/Reservations/approveGuests":
    "the e-mailed single-use approval link; its token, not a session, is the credential",
  "POST /api/Reservations/approveGuests/preview":
    "what the e-mailed approval link would approve, for its page; the token is the credential",
  "POST /api/Reservations/approveGuests/decline":
    '"not my guest" on the e-mailed approval page; the token is the credential',
  "POST /api/StayRequests":
    "a walk-in at the door asks for a stay; nothing is entered until the host confirms",
  "GET /api/StayRequests/Status":
    "the walk-in's device follows its request; the token it got, not a code, is the credential",
  "POST /api/StayRequests/answer":
    "the e-mailed single-use confirm-or-decline link; its token, not a session, is the credential",
};

/**
 * Values of path parameters, keyed by the path up to and including the parameter (so
 * `/api/AccommodationUnits/{code}` serves `.../{code}/qr.svg` too), for a given host.
 */
const PATH_VALUES: Record<string, (host: HostData) => string> = {
  "/api/Users/impersonate/{userId}": (h) => h.userId,
  "/api/ExternalAccounts/{id}": (h) => h.accountId,
  "/api/ExternalAccounts/Provision/{id}": (h) => h.accountId,
  "/api/Properties/Settings/{id}": (h) => h.propertyId,
  "/api/Properties/{id}": (h) => h.propertyId,
  "/api/Properties/{id}/members/{memberId}": (h) => h.memberId,
  "/api/AccommodationUnits/{id}": (h) => h.unitId,
  "/api/AccommodationUnits/{code}": (h) => h.unitCode,
  "/api/Reservations/Current/{accommodationUnitCode}": (h) => h.unitCode,
  "/api/Reservations/{code}": (h) => h.reservationCode,
  "/api/Calendars/Export/{file}": (h) => h.exportFile,
  "/api/Calendars/Export/{accommodationUnitCode}": (h) => h.unitCode,
  "/api/UserNotifications/{id}": (h) => h.notificationId,
  "/api/Guests/{id}": (h) => h.guestId,
  "/api/Users/manage/apiTokens/{id}": (h) => h.apiTokenId,
  "/api/Users/manage/push/devices/{id}": (h) => h.pushDeviceId,
  "/api/Subscriptions/packages/{id}": () => "pro",
  "/api/StayRequests/{id}": (h) => h.stayRequestId,
  "/api/Subscriptions/purchase-requests/{id}": (h) => h.purchaseRequestId,
  "/api/Subscriptions/receipt/{id}": (h) => h.receiptId,
};

const at = (date: string) => `${date}T12:00:00.000Z`;

interface BodyCase {
  /** A body the owner's request succeeds with. */
  body: (owner: HostData) => unknown;
  /**
   * The attacker's own row in the path, the victim's rows in the body: moving one's own unit
   * into another's property and the like. Absent when the body names no other row.
   */
  mixed?: (victim: HostData, attacker: HostData) => {
    path: Record<string, string>;
    body: unknown;
  };
}

/** Bodies of operations that take a path parameter and a body. */
const BODIES: Record<string, BodyCase> = {
  "PUT /api/ExternalAccounts/{id}": { body: () => ({ ...DEMO_HOST }) },
  "POST /api/ExternalAccounts/{id}/credentials": {
    body: (h) => ({ password: h.evisitor.password }),
  },
  "PUT /api/Properties/Settings/{id}": {
    body: (h) => ({ propertyId: h.propertyId, maxNumberOfGuests: 3, automaticCheckIn: true }),
    mixed: (victim, attacker) => ({
      path: { id: attacker.propertyId },
      body: { propertyId: victim.propertyId, maxNumberOfGuests: 3 },
    }),
  },
  "POST /api/Properties/{id}/members": {
    body: () => ({ email: "new-helper@example.com", role: "Reception" }),
  },
  "PUT /api/Properties/{id}/members/{memberId}": { body: () => ({ role: "CoHost" }) },
  // Bruno's own stay naming Ana's guest approves nobody: the guests are looked up in the stay.
  "POST /api/Reservations/{code}/approveGuests": { body: (h) => ({ guestIds: [h.guestId] }) },
  "PUT /api/AccommodationUnits/{id}": {
    body: (h) => ({ propertyId: h.propertyId, name: "Renamed", capacity: 3 }),
    mixed: (victim, attacker) => ({
      path: { id: attacker.unitId },
      body: { propertyId: victim.propertyId, name: "Moved in" },
    }),
  },
  "PUT /api/Reservations/{code}": {
    body: (h) => ({
      accommodationUnitId: h.unitId,
      startDateUTC: at("2026-11-20"),
      endDateUTC: at("2026-11-25"),
      description: "longer",
    }),
    mixed: (victim, attacker) => ({
      path: { code: attacker.reservationCode },
      body: {
        accommodationUnitId: victim.freeUnitId,
        startDateUTC: at("2026-12-01"),
        endDateUTC: at("2026-12-03"),
      },
    }),
  },
};

/** Bodies of administrators' operations: what a host would try (and an administrator may do). */
const ADMIN_BODIES: Record<string, (w: World) => unknown> = {
  "POST /api/Subscriptions/markAsPaid": (w) => ({ purchaseRequestId: w.ana.purchaseRequestId }),
  "POST /api/Subscriptions/assign": (w) => ({
    userId: w.ana.userId,
    packageId: "premium",
    subscriptionLength: 12,
  }),
  "POST /api/Subscriptions/assignTrial": (w) => ({ userId: w.carla.userId }),
};

/** Query and body fields that name rows of one host. */
const REFERENCE_FIELDS = new Set([
  "id",
  "userId",
  "propertyId",
  "PropertyId",
  "accommodationUnitId",
  "accommodationUnitCode",
  "AccommodationUnitCode",
  "reservationCode",
  "ExternalId",
  "purchaseRequestId",
]);

interface ReferenceCase {
  /** Query and body naming the victim's rows, sent by the attacker. */
  request: (victim: HostData, attacker: HostData) => { query?: string; body?: unknown };
  /**
   * "refused": 403/404 problem details. "filtered": a list that answers 200 without the victim's
   * rows (or refuses).
   */
  expect: "refused" | "filtered";
}

const guestForm = { ...BIRGITTE, surname: "Intruder", documentNumber: "XX0000001" };

/** Operations (besides administrators') whose query or body names other rows. */
const REFERENCES: Record<string, ReferenceCase | { exempt: string }> = {
  "GET /api/Users/confirmEmail": { exempt: "public; the e-mailed code, not the user id, decides" },
  "POST /api/Users/revertEmailChange": {
    exempt: "public; the e-mailed code, not the user id, decides",
  },
  "POST /api/Users/cancelDeletion": {
    exempt: "public; the e-mailed code, not the user id, decides",
  },
  "POST /api/Reservations/Guests": {
    exempt: "public by design: the stay's code is the guest's key (see PUBLIC)",
  },
  "POST /api/Guests/notMine": {
    exempt: "public; the e-mailed token, not an id, names the guest",
  },
  "POST /api/Reservations/approveGuests": {
    exempt: "public; the e-mailed token, not a code, names the stay",
  },
  "POST /api/Reservations/approveGuests/preview": {
    exempt: "public; the e-mailed token, not a code, names the stay and its guests",
  },
  "POST /api/Reservations/approveGuests/decline": {
    exempt: "public; the e-mailed token names the stay, and only a guest it names is declined",
  },
  "POST /api/StayRequests": {
    exempt: "public by design: the door code is the walk-in's key (see PUBLIC)",
  },
  "GET /api/Reservations": {
    request: (v) => ({
      query:
        `?PageNumber=1&PageSize=100&PropertyId=${v.propertyId}&AccommodationUnitCode=${v.unitCode}`,
    }),
    expect: "filtered",
  },
  "POST /api/Reservations": {
    request: (v) => ({
      body: {
        accommodationUnitId: v.freeUnitId,
        startDateUTC: at("2026-12-01"),
        endDateUTC: at("2026-12-03"),
      },
    }),
    expect: "refused",
  },
  "PUT /api/Reservations/{code}": { exempt: "covered by BODIES (mixed) above" },
  "POST /api/AccommodationUnits": {
    request: (v) => ({ body: { propertyId: v.propertyId, name: "Squatter" } }),
    expect: "refused",
  },
  "PUT /api/AccommodationUnits/{id}": { exempt: "covered by BODIES (mixed) above" },
  "PUT /api/Properties/Settings/{id}": { exempt: "covered by BODIES (mixed) above" },
  "GET /api/Calendars": {
    request: (v) => ({
      query:
        `?PageNumber=1&PageSize=100&PropertyId=${v.propertyId}&AccommodationUnitCode=${v.unitCode}`,
    }),
    expect: "filtered",
  },
  "POST /api/Calendars/Sync": {
    request: (v) => ({ body: { accommodationUnitCode: v.unitCode } }),
    expect: "refused",
  },
  "GET /api/Guests": {
    request: (v) => ({ query: `?PageNumber=1&PageSize=100&PropertyId=${v.propertyId}` }),
    expect: "filtered",
  },
  "GET /api/Guests/details": {
    request: (v) => ({ query: `?ExternalId=${v.guestExternalId}&PropertyId=${v.propertyId}` }),
    expect: "refused",
  },
  "GET /api/Guests/Settlements": {
    request: (v) => ({ query: `?ReservationCode=${v.reservationCode}&Query=zagreb` }),
    expect: "refused",
  },
  "GET /api/Guests/TaxCategories": {
    request: (v) => ({ query: `?ReservationCode=${v.reservationCode}` }),
    expect: "refused",
  },
  "GET /api/Guests/proofOfResidence": {
    request: (v) => ({ query: `?ExternalId=${v.guestExternalId}&LanguageCode=en` }),
    expect: "refused",
  },
  "POST /api/Guests/checkin": {
    request: (v, a) => ({
      body: [
        { reservationCode: v.reservationCode, guest: guestForm },
        { id: v.guestId, reservationCode: a.reservationCode, guest: guestForm },
      ],
    }),
    expect: "refused",
  },
  "POST /api/Guests/checkout": {
    request: (v) => ({ body: [{ id: v.guestId }] }),
    expect: "refused",
  },
  "POST /api/Guests/cancel": {
    request: (v) => ({ body: { guests: [{ id: v.guestId }], reason: "Intruder" } }),
    expect: "refused",
  },
  "POST /api/Guests/undoCheckout": {
    request: (v) => ({ body: [{ id: v.guestId }] }),
    expect: "refused",
  },
  "POST /api/Guests/sendAgain": {
    request: (v) => ({ body: [{ id: v.guestId }] }),
    expect: "refused",
  },
};

/**
 * What a member of Ana's property may do with its rows (issue 22): the right each operation with
 * a path needs (services/access/property-access.ts says which role has which), or "none" for the
 * owner's account's own rows (eVisitor accounts, billing, notifications, API tokens) that no
 * member reaches. Public and administrators' operations are left out.
 */
const MEMBER_RIGHTS: Record<string, PropertyRight | "none"> = {
  "DELETE /api/Users/manage/apiTokens/{id}": "none",
  "DELETE /api/Users/manage/push/devices/{id}": "none",
  "PUT /api/AccommodationUnits/{id}": "settings",
  "POST /api/AccommodationUnits/{id}/renewCode": "settings",
  "DELETE /api/AccommodationUnits/{code}": "settings",
  "GET /api/AccommodationUnits/{code}": "qr",
  "GET /api/AccommodationUnits/{code}/qr.png": "qr",
  "GET /api/AccommodationUnits/{code}/qr.svg": "qr",
  "GET /api/AccommodationUnits/{code}/wifi-qr.png": "qr",
  "GET /api/AccommodationUnits/{code}/qr-sheet.pdf": "qr",
  "GET /api/AccommodationUnits/{code}/wifi-qr.svg": "qr",
  "GET /api/Properties/{id}/members": "members",
  "POST /api/Properties/{id}/members": "members",
  "PUT /api/Properties/{id}/members/{memberId}": "members",
  "DELETE /api/Properties/{id}/members/{memberId}": "members",
  "POST /api/Properties/{id}/members/{memberId}/resend": "members",
  "PUT /api/Properties/Settings/{id}": "settings",
  "DELETE /api/Properties/{id}": "owner",
  "PUT /api/ExternalAccounts/{id}": "none",
  "DELETE /api/ExternalAccounts/{id}": "none",
  "GET /api/ExternalAccounts/Provision/{id}": "none",
  "POST /api/ExternalAccounts/{id}/credentials": "none",
  "GET /api/UserNotifications/{id}": "none",
  "DELETE /api/UserNotifications/{id}": "none",
  "POST /api/Calendars/Export/{accommodationUnitCode}": "settings",
  "DELETE /api/Calendars/Export/{accommodationUnitCode}": "settings",
  "POST /api/Calendars/Export/{accommodationUnitCode}/renew": "settings",
  "GET /api/Reservations/{code}": "view",
  "PUT /api/Reservations/{code}": "stays",
  "DELETE /api/Reservations/{code}": "stays",
  "POST /api/Reservations/{code}/approveGuests": "registration",
  "POST /api/Guests/{id}/notMine": "registration",
  "POST /api/StayRequests/{id}/confirm": "stays",
  "POST /api/StayRequests/{id}/decline": "stays",
  "GET /api/Subscriptions/purchase-requests/{id}/payment": "none",
  "GET /api/Subscriptions/purchase-requests/{id}/payment-slip.pdf": "none",
  "GET /api/Subscriptions/receipt/{id}": "none",
};

/** Statuses other than 2xx an owner's control request may get, with the reason. */
const OWNER_EXPECTED: Record<string, number> = {};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Path parameters of `op` filled with `host`'s rows; fails naming the missing table entry. */
function pathValuesOf(op: Operation, host: HostData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const param of op.pathParams) {
    const end = op.path.indexOf(`{${param.name}}`) + param.name.length + 2;
    const prefix = op.path.slice(0, end);
    const value = PATH_VALUES[prefix];
    assert.ok(
      value,
      `${op.key}: no value for {${param.name}}; add "${prefix}" to PATH_VALUES in ${import.meta.url}`,
    );
    values[param.name] = value(host);
  }
  return values;
}

function send(
  app: TestApp,
  method: string,
  url: string,
  { token, headers = {}, body }: {
    token?: string;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (token !== undefined) Object.assign(all, bearer(token));
  let text: string | undefined;
  if (body !== undefined) {
    all["Content-Type"] = "application/json";
    text = typeof body === "string" ? body : JSON.stringify(body);
  }
  return Promise.resolve(app.request(url, { method, headers: all, body: text }));
}

/** The field names of a schema, at any depth. */
function fieldNames(schema: JsonSchema | undefined, doc: OpenApiDocument, seen = new Set()) {
  const names = new Set<string>();
  if (!schema) return names;
  const resolved = resolveSchema(schema, doc);
  if (seen.has(resolved)) return names;
  seen.add(resolved);
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    names.add(name);
    for (const n of fieldNames(property, doc, seen)) names.add(n);
  }
  for (
    const part of [
      ...(resolved.anyOf ?? []),
      ...(resolved.oneOf ?? []),
      ...(resolved.allOf ?? []),
      ...(resolved.items ? [resolved.items] : []),
    ]
  ) {
    for (const n of fieldNames(part, doc, seen)) names.add(n);
  }
  return names;
}

/** What a request carried, so an answer echoing it (`instance`) is not taken for a leak. */
const sentOf = (url: string, body?: unknown) =>
  decodeURIComponent(url) + (body === undefined ? "" : JSON.stringify(body));

const withoutRequestId = (text: string) => text.replace(/"requestId":"[^"]*"/, "");

async function expectUnchanged(
  db: Parameters<typeof snapshot>[0],
  before: Awaited<ReturnType<typeof snapshot>>,
  what: string,
) {
  assert.deepEqual(changedTables(before, await snapshot(db)), [], `${what} changed the database`);
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

Deno.test("authorization matrix, from the OpenAPI document", async (t) => {
  setLogLevel("warn"); // a thousand request lines otherwise; unhandled errors still show
  const sim = await startEVisitorSim();
  let template: WorldTemplate | undefined;
  try {
    template = await createWorldTemplate({ evisitor: simulatorAccess(sim.baseUrl) });
    const { world, doc, operations, adminOperations } = template;
    const { ana, bruno, admin } = world;
    const tpl = template;
    const counts = { operations: operations.length, requests: 0 };
    const count = <T>(value: T) => (counts.requests++, value);

    await t.step("every operation is Bearer-protected or listed as public with a reason", () => {
      const open = operations.filter((op) => !op.bearer || op.anonymousAllowed).map((op) => op.key);
      assert.deepEqual(open.sort(), Object.keys(PUBLIC).sort());
      for (const key of adminOperations) {
        assert.ok(operations.find((op) => op.key === key)?.bearer, `${key} declares Bearer`);
      }
      assert.ok(adminOperations.size > 0, "administrators' operations were found");
    });

    // -------------------------------------------------------------------------------------------
    await t.step("Bearer operations refuse missing and bad tokens with 401", async (t) => {
      const encode = (value: unknown) =>
        btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
      const [header, payload, signature] = ana.token.split(".");
      const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
      const rightKey = new TextEncoder().encode(TEST_AUTH.jwtSecret);
      const otherKey = "another-secret-of-the-same-length-0123456789";
      const signed = (edit: (jwt: SignJWT) => SignJWT) =>
        edit(
          new SignJWT({}).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(ana.userId)
            .setIssuer("prijavko").setAudience("prijavko-api").setIssuedAt(NOW)
            .setExpirationTime(new Date(NOW.getTime() + 600_000)),
        ).sign(rightKey);
      const authorizations: Record<string, string | undefined> = {
        "no token": undefined,
        "expired": `Bearer ${await signAccessToken(
          { userId: ana.userId },
          TEST_AUTH,
          new Date(NOW.getTime() - (TEST_AUTH.accessTokenMinutes + 1) * 60_000),
        )}`,
        "signed with another key": `Bearer ${await signAccessToken(
          { userId: ana.userId },
          { ...TEST_AUTH, jwtSecret: otherKey },
          NOW,
        )}`,
        "alg none": `Bearer ${encode({ alg: "none", typ: "JWT" })}.${payload}.`,
        "alg none, signature kept": `Bearer ${encode({ alg: "none" })}.${payload}.${signature}`,
        "alg HS512": `Bearer ${await new SignJWT({}).setProtectedHeader({ alg: "HS512" })
          .setSubject(ana.userId).setIssuer("prijavko").setAudience("prijavko-api")
          .setExpirationTime(new Date(NOW.getTime() + 600_000)).sign(rightKey)}`,
        "subject swapped to the administrator": `Bearer ${header}.${
          encode({ ...claims, sub: admin.userId })
        }.${signature}`,
        "wrong audience": `Bearer ${await signed((j) => j.setAudience("someone-else"))}`,
        "wrong issuer": `Bearer ${await signed((j) => j.setIssuer("someone-else"))}`,
        "unknown user": `Bearer ${await signed((j) => j.setSubject(crypto.randomUUID()))}`,
        "malformed": "Bearer not-a-jwt",
        "three dots of nothing": "Bearer a.b.c",
        "empty bearer": "Bearer ",
        "two tokens": `Bearer ${ana.token} ${ana.token}`,
        "other scheme": `Basic ${btoa("admin@example.com:password")}`,
      };

      for (const op of operations.filter((o) => o.bearer)) {
        await t.step(op.key, () =>
          tpl.withCopy(async ({ app, db }) => {
            const url = fillPath(op.path, pathValuesOf(op, ana)) + minimalQuery(op, doc);
            const body = op.bodySchema ? {} : undefined;
            const before = await snapshot(db);
            for (const [name, authorization] of Object.entries(authorizations)) {
              if (authorization === undefined && op.anonymousAllowed) continue; // see PUBLIC
              const res = count(
                await send(app, op.method, url, {
                  headers: authorization === undefined ? {} : { Authorization: authorization },
                  body,
                }),
              );
              const what = `${op.key} with ${name}`;
              assert.match(res.headers.get("WWW-Authenticate") ?? "", /^Bearer/, what);
              const problem = await assertProblemOnly(
                res,
                401,
                what,
                [...ana.secrets, ...SERVER_SECRETS],
                sentOf(url, body),
              );
              assert.equal(problem.code, "Unauthorized", what);
            }
            await expectUnchanged(db, before, `${op.key} with bad tokens`);
          }));
      }
    });

    // -------------------------------------------------------------------------------------------
    await t.step("administrators' operations refuse hosts with 403", async (t) => {
      // Ana's impersonation session, made by the administrator: still only a host. Made in each
      // copy, since a session lives in its database (tokens of an unknown session are refused).
      const impersonate = async (app: Parameters<typeof send>[0]) => {
        const res = await send(app, "POST", `/api/Users/impersonate/${ana.userId}`, {
          token: admin.token,
        });
        assert.equal(res.status, 200);
        return (await res.json()).accessToken as string;
      };

      for (const op of operations.filter((o) => o.bearer)) {
        const isAdmin = adminOperations.has(op.key);
        await t.step(`${op.key}${isAdmin ? " (administrators)" : ""}`, async () => {
          if (!isAdmin) {
            // Host-level: a host is not refused for lack of a role (nothing found is fine).
            await tpl.withCopy(async ({ app }) => {
              const values = Object.fromEntries(op.pathParams.map((p) => [p.name, "no-such-row"]));
              const res = count(
                await send(app, op.method, fillPath(op.path, values) + minimalQuery(op, doc), {
                  token: ana.token,
                  body: op.bodySchema ? {} : undefined,
                }),
              );
              const text = await res.text();
              assert.notEqual(res.status, 403, `${op.key}: a host refused as if by role: ${text}`);
              assert.notEqual(res.status, 401, `${op.key}: a host's valid token refused: ${text}`);
            });
            return;
          }
          const body = op.bodySchema ? ADMIN_BODIES[op.key]?.(world) : undefined;
          assert.ok(
            !op.bodySchema || body !== undefined,
            `${op.key}: add a body to ADMIN_BODIES`,
          );
          const values = pathValuesOf(op, bruno);
          const url = fillPath(op.path, values) + minimalQuery(op, doc, { PageSize: "100" });
          await tpl.withCopy(async ({ app, db }) => {
            const impersonation = await impersonate(app);
            const before = await snapshot(db);
            for (
              const [who, token] of [["a host", ana.token], [
                "an impersonation session",
                impersonation,
              ]]
            ) {
              const res = count(await send(app, op.method, url, { token, body }));
              const problem = await assertProblemOnly(
                res,
                403,
                `${op.key} by ${who}`,
                [...bruno.secrets, ...SERVER_SECRETS],
                sentOf(url, body),
              );
              assert.equal(problem.code, "Forbidden");
            }
            await expectUnchanged(db, before, `${op.key} by a host`);
          });
          // The control: the same request by the administrator goes through.
          await tpl.withCopy(async ({ app }) => {
            const res = count(await send(app, op.method, url, { token: admin.token, body }));
            const text = await res.text();
            assert.ok(res.ok, `${op.key} by the administrator: ${res.status} ${text}`);
          });
        });
      }
    });

    // -------------------------------------------------------------------------------------------
    await t.step("personal API tokens work only where the document lists ApiToken", async (t) => {
      // The world's hosts each hold a read-only token `prijavko_<name>` (world.ts).
      const token = "prijavko_ana";
      for (const op of operations.filter((o) => o.bearer)) {
        await t.step(
          `${op.key}${op.apiToken ? " (ApiToken)" : ""}`,
          () =>
            tpl.withCopy(async ({ app, db }) => {
              const values = Object.fromEntries(op.pathParams.map((p) => [p.name, "no-such-row"]));
              const url = fillPath(op.path, values) + minimalQuery(op, doc);
              const body = op.bodySchema ? {} : undefined;
              if (!op.apiToken) {
                const before = await snapshot(db);
                const res = count(await send(app, op.method, url, { token, body }));
                const problem = await assertProblemOnly(
                  res,
                  403,
                  `${op.key} with an API token`,
                  [...ana.secrets, ...SERVER_SECRETS],
                  sentOf(url, body),
                );
                assert.match(String(problem.detail), /API tokens are not accepted here/, op.key);
                await expectUnchanged(db, before, `${op.key} with an API token`);
                return;
              }
              // Accepted: with Premium and both scopes, the token is its host (nothing found is fine).
              await db.update(subscriptions).set({ packageId: "premium" })
                .where(eq(subscriptions.userId, ana.userId));
              await db.update(apiTokens).set({ scopes: ["read", "write"] })
                .where(eq(apiTokens.id, ana.apiTokenId));
              const res = count(await send(app, op.method, url, { token, body }));
              const text = await res.text();
              assert.notEqual(res.status, 401, `${op.key}: a live API token refused: ${text}`);
              assert.notEqual(res.status, 403, `${op.key}: a Premium API token refused: ${text}`);
            }),
        );
      }
    });

    // -------------------------------------------------------------------------------------------
    await t.step(
      "another host's ids and codes in the path: 403/404, nothing changes",
      async (t) => {
        for (const op of operations.filter((o) => o.pathParams.length > 0)) {
          const isPublic = op.key in PUBLIC;
          const isAdmin = adminOperations.has(op.key);
          const bodyCase = BODIES[op.key];
          assert.ok(
            !op.bodySchema || bodyCase || isAdmin,
            `${op.key}: add its body to BODIES in ${import.meta.url}`,
          );
          const suffix = isPublic ? " (public by design)" : isAdmin ? " (administrators)" : "";
          await t.step(`${op.key}${suffix}`, async () => {
            const values = pathValuesOf(op, ana);
            const url = fillPath(op.path, values);
            const body = isAdmin
              ? ADMIN_BODIES[op.key]?.(world)
              : bodyCase?.body(ana) ?? (op.bodySchema ? {} : undefined);

            if (isPublic) {
              // Exempt from "Bruno gets 404" (PUBLIC says why): Bruno learns nothing more than
              // anyone holding the code, and never what only Ana sees.
              await tpl.withCopy(async ({ app, db }) => {
                const before = await snapshot(db);
                const anonymous = count(await send(app, op.method, url));
                const asBruno = count(await send(app, op.method, url, { token: bruno.token }));
                assert.equal(asBruno.status, anonymous.status, `${op.key}: status`);
                const text = await asBruno.text();
                assert.equal(withoutRequestId(text), withoutRequestId(await anonymous.text()));
                for (const secret of ana.secrets) {
                  if (Object.values(values).some((v) => v.includes(secret))) continue;
                  assert.ok(!text.includes(secret), `${op.key}: Bruno sees ${secret}`);
                }
                if (op.method === "GET") await expectUnchanged(db, before, op.key);
              });
              return;
            }

            await tpl.withCopy(async ({ app, db }) => {
              const before = await snapshot(db);
              const res = count(await send(app, op.method, url, { token: bruno.token, body }));
              await assertProblemOnly(
                res,
                [403, 404],
                `${op.key} by Bruno with Ana's ids`,
                [...ana.secrets, ...SERVER_SECRETS],
                sentOf(url, body),
              );
              await expectUnchanged(db, before, `${op.key} by Bruno`);

              const mixed = bodyCase?.mixed?.(ana, bruno);
              if (mixed) {
                const res = count(
                  await send(app, op.method, fillPath(op.path, mixed.path), {
                    token: bruno.token,
                    body: mixed.body,
                  }),
                );
                await assertProblemOnly(
                  res,
                  [400, 403, 404],
                  `${op.key} on Bruno's own row naming Ana's in the body`,
                  [...ana.secrets, ...SERVER_SECRETS],
                  sentOf(fillPath(op.path, mixed.path), mixed.body),
                );
                await expectUnchanged(db, before, `${op.key} by Bruno (mixed)`);
              }
            });

            // The control, in a fresh copy: the owner (or the administrator) gets through.
            await tpl.withCopy(async ({ app }) => {
              const owner = isAdmin ? admin.token : ana.token;
              const res = count(await send(app, op.method, url, { token: owner, body }));
              const expected = OWNER_EXPECTED[op.key];
              const text = await res.text();
              if (expected !== undefined) assert.equal(res.status, expected, text);
              else assert.ok(res.ok, `${op.key} by its owner: ${res.status} ${text.slice(0, 300)}`);
            });
          });
        }
      },
    );

    // -------------------------------------------------------------------------------------------
    await t.step(
      "members of Ana's property, by role, on every operation with a path",
      async (t) => {
        for (const op of operations.filter((o) => o.pathParams.length > 0)) {
          if (op.key in PUBLIC || adminOperations.has(op.key)) continue;
          const right = MEMBER_RIGHTS[op.key];
          assert.ok(
            right,
            `${op.key}: add the right it needs to MEMBER_RIGHTS in ${import.meta.url}`,
          );
          for (const role of ["CoHost", "Reception"] as const) {
            const allowed = right !== "none" && roleMay(role, right);
            await t.step(
              `${op.key} by ${role}: ${allowed ? "allowed" : "refused"}`,
              () =>
                tpl.withCopy(async ({ app, db }) => {
                  const url = fillPath(op.path, pathValuesOf(op, ana));
                  const body = BODIES[op.key]?.body(ana) ?? (op.bodySchema ? {} : undefined);
                  const before = await snapshot(db);
                  const res = count(
                    await send(app, op.method, url, { token: world.members[role].token, body }),
                  );
                  if (allowed) {
                    const text = await res.text();
                    assert.ok(res.ok, `${op.key} by ${role}: ${res.status} ${text.slice(0, 300)}`);
                    return;
                  }
                  await assertProblemOnly(
                    res,
                    right === "none" ? [404] : [403, 404],
                    `${op.key} by ${role}`,
                    [...ana.secrets, ...SERVER_SECRETS],
                    sentOf(url, body),
                  );
                  await expectUnchanged(db, before, `${op.key} by ${role}`);
                }),
            );
          }
        }
      },
    );

    // -------------------------------------------------------------------------------------------
    await t.step("another host's ids in queries and bodies: refused or filtered", async (t) => {
      for (const op of operations.filter((o) => !adminOperations.has(o.key))) {
        const names = new Set([
          ...op.queryParams.map((p) => p.name),
          ...fieldNames(op.bodySchema, doc),
        ]);
        const references = [...names].filter((name) => REFERENCE_FIELDS.has(name));
        if (references.length === 0) continue;
        const entry = REFERENCES[op.key];
        assert.ok(
          entry,
          `${op.key} takes ${references.join(", ")}: add it to REFERENCES in ${import.meta.url}`,
        );
        if ("exempt" in entry) continue;
        await t.step(op.key, () =>
          tpl.withCopy(async ({ app, db }) => {
            const { query = "", body } = entry.request(ana, bruno);
            const path = op.pathParams.length
              ? fillPath(op.path, pathValuesOf(op, bruno))
              : op.path;
            const before = await snapshot(db);
            const res = count(
              await send(app, op.method, path + query, { token: bruno.token, body }),
            );
            const what = `${op.key} by Bruno naming Ana's rows`;
            if (entry.expect === "refused" || !res.ok) {
              await assertProblemOnly(
                res,
                [403, 404],
                what,
                [...ana.secrets, ...SERVER_SECRETS],
                sentOf(path + query, body),
              );
              await expectUnchanged(db, before, what);
            } else {
              const text = await res.text();
              for (const secret of ana.secrets) {
                assert.ok(!text.includes(secret), `${what}: answer reveals ${secret}`);
              }
              const page = JSON.parse(text);
              assert.deepEqual(page.items, [], `${what}: lists Ana's rows`);
            }
          }));
      }
    });

    // -------------------------------------------------------------------------------------------
    await t.step("a host's own lists never show another host's rows", async (t) => {
      for (const op of operations) {
        if (op.method !== "GET" || !op.bearer || op.pathParams.length > 0) continue;
        if (adminOperations.has(op.key)) continue;
        await t.step(op.key, () =>
          tpl.withCopy(async ({ app }) => {
            const query = minimalQuery(op, doc, {
              ...Object.fromEntries(
                op.queryParams.filter((p) => /^page_?size$/i.test(p.name)).map((p) => [
                  p.name,
                  "100",
                ]),
              ),
              ...(op.queryParams.some((p) => p.name === "PropertyId" && p.required)
                ? { PropertyId: bruno.propertyId }
                : {}),
              ...(op.queryParams.some((p) => p.name === "ExternalId")
                ? { ExternalId: bruno.guestExternalId }
                : {}),
              ...(op.queryParams.some((p) => p.name === "packageId") ? { packageId: "pro" } : {}),
            });
            const res = count(await send(app, "GET", op.path + query, { token: bruno.token }));
            const text = new TextDecoder("latin1").decode(await res.arrayBuffer());
            assert.ok(res.status < 500, `${op.key}: ${res.status}`);
            for (const secret of ana.secrets) {
              assert.ok(!text.includes(secret), `${op.key} for Bruno reveals Ana's ${secret}`);
            }
          }));
      }
    });

    console.log(
      `authorization matrix: ${counts.operations} operations, ${adminOperations.size} for ` +
        `administrators, ${counts.requests} requests`,
    );
  } finally {
    setLogLevel("info");
    await template?.dispose();
    await sim.stop();
  }
});
