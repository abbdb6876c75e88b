/**
 * Issue 22 "Tests": every feature and limit a package advertises has a working route behind it.
 * The catalogue is read as the pricing page gets it (GET /api/Subscriptions, whose seed the page's
 * HTML is built from, and the page's own feature lines, `advertisedFeatures`); each policy key
 * and each advertised line must have a probe here, and each probe exercises the route that
 * delivers it for a host on that package (a limit: up to it, and the next one refused; a feature
 * the package lacks: refused with the spec's message). An unknown key fails, named.
 */
import assert from "node:assert/strict";
import { PACKAGE_CATALOGUE } from "@shared/billing/package-catalogue.ts";
import { ERROR_CODES } from "@shared/errors.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import type {
  SubscriptionPackage,
  SubscriptionPolicy,
} from "@shared/schemas/subscription-package.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import type { Database } from "@core/db/client.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { advertisedFeatures, planFeatures } from "../../site/src/lib/billing/plan-features.ts";
import { translator } from "../../site/src/i18n/translate.ts";
import {
  bearer,
  createAdmin,
  createHost,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../support/accounts.ts";
import { createTestApp, simulatorAccess, type TestApp } from "../support/app.ts";
import { airbnbCalendar, airbnbEvent } from "../support/airbnb-feed.ts";
import { createTestDatabase } from "../support/database.ts";
import { type RunningEVisitorSim, startEVisitorSim } from "../support/evisitor-sim.ts";
import { BIRGITTE } from "../support/guests.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { startSmtp } from "../support/smtp.ts";
import { waitFor } from "../support/wait.ts";
import { startTestWorkers } from "../support/workers.ts";

type PolicyKey = keyof SubscriptionPolicy;

interface World {
  app: TestApp;
  db: Database;
  sim: RunningEVisitorSim;
  admin: string;
  /** The calendar feeds the probes publish, by path, on `feedBase`. */
  feeds: Map<string, string>;
  feedBase: string;
  /** Catalogue-wide: the largest finite value of each limit (an unlimited one must pass it). */
  largest: Partial<Record<PolicyKey, number>>;
}

interface Host {
  userId: string;
  email: string;
  session: string;
}

/** A probe of one policy key: `value` is the package's (a flag or a limit, null: unlimited). */
type PolicyProbe = (w: World, pkg: SubscriptionPackage, value: boolean | number | null) => Promise<
  void
>;
/** A probe of one advertised line every plan has (no policy key behind it). */
type FeatureProbe = (w: World, pkg: SubscriptionPackage) => Promise<void>;

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A fresh host given `pkg` by an administrator (POST /api/Subscriptions/assign), signed in. */
async function hostOn(w: World, pkg: SubscriptionPackage): Promise<Host> {
  const email = `host-${pkg.id}-${unique()}@example.com`;
  const userId = await createHost(w.app, w.db, { email });
  const assigned = await postWith(w.app, "/api/Subscriptions/assign", {
    userId,
    packageId: pkg.id,
    subscriptionLength: 1,
  }, w.admin);
  assert.equal(assigned.status, 200, await assigned.clone().text());
  const current = await (await getWith(
    w.app,
    "/api/Subscriptions/current",
    (await signIn(
      w.app,
      email,
    )).accessToken,
  )).json();
  assert.equal(current.packageName, pkg.name);
  assert.equal(current.isActive, true);
  return { userId, email, session: (await signIn(w.app, email)).accessToken };
}

/** The host's one property with `units` units (mirrored as provisioning would). */
async function withProperty(w: World, host: Host, units: number) {
  const facility = demoFacility(`fac-${unique()}`, unique().slice(-7).padStart(7, "0"));
  // demoFacility: an apartment type counted three times and a room; take what is asked.
  facility.units = units === 0 ? [] : units === 1 ? facility.units.slice(1) : facility.units;
  await seedMirroredAccount(w.db, host.userId, [facility]);
  return await propertyOf(w, host);
}

async function propertiesOf(w: World, session: string) {
  const res = await getWith(w.app, "/api/Properties?PageNumber=1&PageSize=50", session);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).items as {
    id: string;
    name: string;
    accommodationUnits: { id: string; code: string; name: string; propertyId: string }[];
  }[];
}

async function propertyOf(w: World, host: Host) {
  const [property] = await propertiesOf(w, host.session);
  assert.ok(property, "the host has a property");
  return property;
}

/** A refusal with the spec's error code and its message (spec section 8). */
async function refused(res: Response, code: keyof typeof ERROR_CODES, what: string) {
  const body = await res.text();
  assert.equal(res.status, ERROR_CODES[code].status, `${what}: ${body}`);
  const problem = JSON.parse(body);
  assert.equal(problem.code, code, what);
  assert.equal(problem.title, ERROR_CODES[code].title, what);
}

async function ok(res: Response, what: string, status = 200) {
  const body = await res.text();
  assert.equal(res.status, status, `${what}: ${body}`);
  return body ? JSON.parse(body) : undefined;
}

/** How many a limit lets a probe make: the limit itself, or past every finite one if unlimited. */
function allowance(w: World, key: PolicyKey, value: number | null) {
  return value ?? Math.max(w.largest[key] ?? 0, 1) + 1;
}

const noon = (date: string) => `${date}T12:00:00.000Z`;

/** An eVisitor login of a host of the simulator's own, with `facilities` (codes and units). */
async function simHost(w: World, facilities: Record<string, unknown>[] = []) {
  const username = `${String(Date.now()).slice(-8)}${String(serial++).padStart(3, "0")}.api`;
  const password = "Sim-Lozinka-1";
  await w.sim.control.addHost({ username, password, facilities });
  return { username, password };
}

async function connect(w: World, host: Host, login: { username: string; password: string }) {
  return await postWith(w.app, "/api/ExternalAccounts", login, host.session);
}

async function accountsOf(w: World, host: Host) {
  const res = await getWith(w.app, "/api/ExternalAccounts?PageNumber=1&PageSize=50", host.session);
  return (await ok(res, "the host's eVisitor accounts")).items as {
    id: string;
    status: number;
    lastError: string | null;
  }[];
}

const synchronized = (w: World, host: Host, n: number) =>
  waitFor(async () => {
    const accounts = await accountsOf(w, host);
    return accounts.length === n && accounts.every((a) => a.status === 2) && accounts;
  }, { what: `${n} account(s) synchronized`, timeoutMs: 20_000 });

/** A unit type and `units` units of it, as the simulator's facilities carry them. */
function simFacility(code: string, units = 0) {
  const typeId = crypto.randomUUID();
  return {
    code,
    name: `Objekt ${code}`,
    unitTypes: [{ id: typeId, nameCode: "Apartman" }],
    units: Array.from({ length: units }, (_, i) => ({
      id: crypto.randomUUID(),
      typeId,
      beds: 2,
      extraBeds: 0,
      equivalentUnits: 1,
      sequence: i + 1,
    })),
  };
}

const facilityCode = () => String(Math.floor(Math.random() * 9_000_000) + 1_000_000);

/** The first January after this month: a whole month of 31 nights, nobody's stays in it yet. */
const nextJanuary = () => `${new Date().getUTCFullYear() + 1}-01`;

/** Every policy key of the catalogue, and the route that delivers it. */
const POLICY_PROBES: Record<string, PolicyProbe> = {
  maxExternalAccounts: async (w, pkg, value) => {
    const host = await hostOn(w, pkg);
    const n = allowance(w, "maxExternalAccounts", value as number | null);
    for (let i = 0; i < n; i++) {
      await ok(await connect(w, host, await simHost(w)), `account ${i + 1} of ${n}`);
    }
    await synchronized(w, host, n);
    if (value !== null) {
      await refused(
        await connect(w, host, await simHost(w)),
        "ExternalAccountLimit",
        `account ${n + 1}`,
      );
      assert.equal((await accountsOf(w, host)).length, n);
    }
  },

  maxProperties: async (w, pkg, value) => {
    // Properties arrive from eVisitor: an account with one facility more than the plan allows.
    const host = await hostOn(w, pkg);
    const n = allowance(w, "maxProperties", value as number | null);
    const facilities = Array.from(
      { length: n + (value === null ? 0 : 1) },
      () => simFacility(facilityCode()),
    );
    await ok(await connect(w, host, await simHost(w, facilities)), "connecting the account");
    const [account] = await synchronized(w, host, 1);
    assert.equal((await propertiesOf(w, host.session)).length, n);
    if (value === null) {
      assert.equal(account.lastError, null);
    } else {
      assert.equal(account.lastError, "plan-limit", "the account says what was left out");
      const notices = await getWith(
        w.app,
        "/api/UserNotifications?pageNumber=1&pageSize=50",
        host.session,
      );
      const { notifications } = await ok(notices, "the host's notifications");
      assert.ok(
        notifications.some((n: { template: string; placeholders: Record<string, string> }) =>
          n.template === "PlanLimitReached" && n.placeholders.limit === "maxProperties"
        ),
        "the host is told the plan's property limit left a facility out",
      );
    }
  },

  maxUnitsPerProperty: async (w, pkg, value) => {
    const host = await hostOn(w, pkg);
    const property = await withProperty(w, host, 0);
    const n = allowance(w, "maxUnitsPerProperty", value as number | null);
    const add = (i: number) =>
      postWith(w.app, "/api/AccommodationUnits", {
        propertyId: property.id,
        name: `Jedinica ${i}`,
      }, host.session);
    for (let i = 1; i <= n; i++) await ok(await add(i), `unit ${i} of ${n}`);
    if (value !== null) {
      await refused(await add(n + 1), "SubscriptionLimitReached", "one unit more");
    }
    assert.equal((await propertyOf(w, host)).accommodationUnits.length, n);
  },

  maxBookingsPerMonth: async (w, pkg, value) => {
    const host = await hostOn(w, pkg);
    const [unit] = (await withProperty(w, host, 1)).accommodationUnits;
    const month = nextJanuary();
    const n = allowance(w, "maxBookingsPerMonth", value as number | null);
    assert.ok(n <= 31, "one unit holds 31 one-night stays arriving in January");
    const book = (day: number) => {
      const start = `${month}-${String(day).padStart(2, "0")}`;
      return postWith(w.app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: noon(start),
        endDateUTC: noon(addDays(start, 1)),
      }, host.session);
    };
    for (let day = 1; day <= n; day++) await ok(await book(day), `stay ${day} of ${n}`);
    if (value !== null) {
      await refused(await book(n + 1), "SubscriptionLimitReached", "one more stay");
    }
    const listed = await getWith(
      w.app,
      `/api/Reservations?PageNumber=1&PageSize=50&AccommodationUnitCode=${unit.code}`,
      host.session,
    );
    assert.equal((await ok(listed, "the unit's stays")).totalCount, n);
  },

  maxUsersPerProperty: async (w, pkg, value) => {
    // The owner is one of the users: up to the limit, members and pending invitations fill it.
    const owner = await hostOn(w, pkg);
    const property = await withProperty(w, owner, 1);
    const n = allowance(w, "maxUsersPerProperty", value as number | null);
    const path = `/api/Properties/${property.id}/members`;
    const invite = (email: string) =>
      postWith(w.app, path, { email, role: "CoHost" }, owner.session);
    const invited: { id: string; email: string }[] = [];
    for (let i = 1; i < n; i++) {
      const email = `member-${unique()}@example.com`;
      invited.push({ ...await ok(await invite(email), `member ${i + 1} of ${n}`, 201), email });
    }
    if (value !== null) {
      await refused(
        await invite(`one-more-${unique()}@example.com`),
        "SubscriptionLimitReached",
        "one user more",
      );
    }
    const listed = await ok(await getWith(w.app, path, owner.session), "the members");
    assert.equal(listed.items.length, n - 1);
    assert.equal(listed.maxUsers, value);
    if (invited.length > 0) {
      // The first one accepts and sees the property, and only it.
      const member = invited[0];
      await createHost(w.app, w.db, { email: member.email });
      const session = (await signIn(w.app, member.email)).accessToken;
      const code = await issueInvitationCode(w.db, member.id, new Date());
      assert.ok(code);
      await ok(
        await postWith(w.app, "/api/Properties/members/accept", { code }, session),
        "accept",
      );
      assert.deepEqual((await propertiesOf(w, session)).map((p) => p.id), [property.id]);
    }
  },

  allowBulkImport: async (w, pkg, value) => {
    const host = await hostOn(w, pkg);
    const [unit] = (await withProperty(w, host, 1)).accommodationUnits;
    const arrival = addDays(todayIn(STAY_TIME_ZONE), 40);
    const csv = [
      "Jedinica;Dolazak;Odlazak;Broj gostiju;Nositelj rezervacije;Napomena",
      `${unit.code};${arrival};${addDays(arrival, 3)};2;Ana Horvat;`,
    ].join("\r\n");
    const upload = (fields: Record<string, string>) => {
      const form = new FormData();
      form.set("file", new File([csv], "boravci.csv"));
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return w.app.request("/api/Reservations/import", {
        method: "POST",
        body: form,
        headers: bearer(host.session),
      });
    };
    if (!value) {
      await refused(await upload({ dryRun: "true" }), "SubscriptionLimitReached", "an import");
      return;
    }
    const preview = await ok(await upload({ dryRun: "true" }), "the dry run");
    assert.deepEqual(preview.counts, { add: 1, guests: 0, conflict: 0, invalid: 0, duplicate: 0 });
    const applied = await ok(
      await upload({ dryRun: "false", planId: preview.planId }),
      "applying the import",
    );
    const code = applied.rows[0].code;
    assert.ok(code);
    await ok(await getWith(w.app, `/api/Reservations/${code}`, host.session), "the imported stay");
  },

  allowDataExport: async (w, pkg, value) => {
    const host = await hostOn(w, pkg);
    const property = await withProperty(w, host, 1);
    const res = await getWith(w.app, "/api/DataExport", host.session);
    if (!value) return await refused(res, "SubscriptionLimitReached", "a data export");
    const body = await res.text();
    assert.equal(res.status, 200, body);
    assert.ok(body.includes(property.name), "the export holds the host's property");
  },

  allowApiAccess: async (w, pkg, value) => {
    const host = await hostOn(w, pkg);
    const property = await withProperty(w, host, 1);
    const create = await postWith(w.app, "/api/Users/manage/apiTokens", {
      name: "Channel manager",
      scopes: ["read"],
      password: PASSWORD,
    }, host.session);
    if (!value) return await refused(create, "SubscriptionLimitReached", "an API token");
    const { token } = await ok(create, "the new token", 201);
    const listed = await getWith(w.app, "/api/Properties?PageNumber=1&PageSize=5", token);
    assert.deepEqual(
      (await ok(listed, "the token's call")).items.map((p: { id: string }) => p.id),
      [property.id],
    );
  },
};

/** What every plan has, by its advertised line. */
const EVERY_PLAN_PROBES: Record<string, FeatureProbe> = {
  // The unit's permanent code (its QR code's address) finds today's stay, and a guest checks in.
  "plans.feature.qrCheckIn": async (w, pkg) => {
    const host = await hostOn(w, pkg);
    const [unit] = (await withProperty(w, host, 1)).accommodationUnits;
    const today = todayIn(STAY_TIME_ZONE);
    const stay = await ok(
      await postWith(w.app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: noon(addDays(today, -1)),
        endDateUTC: noon(addDays(today, 2)),
      }, host.session),
      "today's stay",
    );
    const door = await ok(
      await w.app.request(`/api/Reservations/Current/${unit.code}`),
      "the QR code's address",
    );
    assert.equal(door.startDate, stay.startDate, "the door finds today's stay");
    await ok(
      await w.app.request("/api/Reservations/Guests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ accommodationUnitCode: unit.code, reservationGuests: [BIRGITTE] }),
      }),
      "the guest's check-in at the door",
    );
    const seen = await ok(
      await getWith(w.app, `/api/Reservations/${stay.code}`, host.session),
      "the stay as its host sees it",
    );
    assert.deepEqual(seen.guests.map((g: { surname: string }) => g.surname), [BIRGITTE.surname]);
  },

  // Automatic check-in and check-out switched on: a guest at the door is registered in eVisitor.
  "plans.feature.autoCheckInOut": async (w, pkg) => {
    const host = await hostOn(w, pkg);
    await ok(
      await connect(w, host, await simHost(w, [simFacility(facilityCode(), 1)])),
      "connecting the account",
    );
    await synchronized(w, host, 1);
    const property = await propertyOf(w, host);
    await ok(
      await w.app.request(`/api/Properties/Settings/${property.id}`, {
        method: "PUT",
        headers: { ...bearer(host.session), "Content-Type": "application/json" },
        body: JSON.stringify({
          propertyId: property.id,
          automaticCheckIn: true,
          automaticCheckOut: true,
        }),
      }),
      "the property's settings",
    );
    const today = todayIn(STAY_TIME_ZONE);
    const stay = await ok(
      await postWith(w.app, "/api/Reservations", {
        accommodationUnitId: property.accommodationUnits[0].id,
        startDateUTC: noon(addDays(today, -1)),
        endDateUTC: noon(addDays(today, 2)),
      }, host.session),
      "today's stay",
    );
    await ok(
      await w.app.request("/api/Reservations/Guests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reservationCode: stay.code, reservationGuests: [BIRGITTE] }),
      }),
      "the guest's check-in",
    );
    await waitFor(async () => {
      const seen = await ok(
        await getWith(w.app, `/api/Reservations/${stay.code}`, host.session),
        "the stay",
      );
      return seen.guests[0]?.status === "CheckedIn";
    }, { what: "the guest registered in eVisitor by itself", timeoutMs: 20_000 });
    const [settings] = (await propertiesOf(w, host.session)) as unknown as {
      automaticCheckIn: boolean;
      automaticCheckOut: boolean;
    }[];
    assert.equal(settings.automaticCheckOut, true, "check-out after departure is on");
  },

  // A platform's calendar on the unit brings its stays in, on "Sync now".
  "plans.feature.calendarSync": async (w, pkg) => {
    const host = await hostOn(w, pkg);
    const property = await withProperty(w, host, 1);
    const [unit] = property.accommodationUnits;
    const start = addDays(todayIn(STAY_TIME_ZONE), 20);
    const path = `/${unique()}.ics`;
    w.feeds.set(
      path,
      airbnbCalendar([airbnbEvent({
        uid: unique(),
        start,
        end: addDays(start, 4),
        summary: "Reserved",
      })]),
    );
    await ok(
      await w.app.request(`/api/AccommodationUnits/${unit.id}`, {
        method: "PUT",
        headers: { ...bearer(host.session), "Content-Type": "application/json" },
        body: JSON.stringify({
          propertyId: property.id,
          name: unit.name,
          externalCalendarLink: `${w.feedBase}${path}`,
        }),
      }),
      "the unit's calendar link",
    );
    await ok(
      await postWith(
        w.app,
        "/api/Calendars/Sync",
        { accommodationUnitCode: unit.code },
        host.session,
      ),
      "sync now",
      202,
    );
    await waitFor(async () => {
      const res = await getWith(
        w.app,
        `/api/Reservations?PageNumber=1&PageSize=10&AccommodationUnitCode=${unit.code}`,
        host.session,
      );
      const { items } = await ok(res, "the unit's stays");
      return items.some((s: { startDate: string }) => s.startDate === start);
    }, { what: "the calendar's stay", timeoutMs: 20_000 });
    // The other way: the unit's own feed, for the platforms.
    const { exportUrl } = await ok(
      await postWith(w.app, `/api/Calendars/Export/${unit.code}`, {}, host.session),
      "the unit's own feed address",
    );
    const feed = await w.app.request(new URL(exportUrl).pathname);
    assert.equal(feed.status, 200);
    assert.match(await feed.text(), /BEGIN:VCALENDAR/);
  },
};

/**
 * Each advertised line, by key: the policy key whose probe covers it, or a probe of its own. A key
 * missing here is a feature sold with nothing known to deliver it.
 */
const FEATURE_LINES: Record<string, PolicyKey | FeatureProbe> = {
  "plans.feature.properties": "maxProperties",
  "plans.feature.propertiesUnlimited": "maxProperties",
  "plans.feature.oneUnit": "maxUnitsPerProperty",
  "plans.feature.units": "maxUnitsPerProperty",
  "plans.feature.manyUnits": "maxUnitsPerProperty",
  "plans.feature.accounts": "maxExternalAccounts",
  "plans.feature.accountsUnlimited": "maxExternalAccounts",
  "plans.feature.stays": "maxBookingsPerMonth",
  "plans.feature.staysUnlimited": "maxBookingsPerMonth",
  "plans.feature.users": "maxUsersPerProperty",
  "plans.feature.usersUnlimited": "maxUsersPerProperty",
  "plans.feature.dataExport": "allowDataExport",
  "plans.feature.bulkImport": "allowBulkImport",
  "plans.feature.apiAccess": "allowApiAccess",
  ...EVERY_PLAN_PROBES,
};

/** One check of the walk: a package, what it advertises, and the probe that proves it. */
interface Check {
  name: string;
  run: ((w: World) => Promise<void>) | undefined;
}

/** The checks for a catalogue: every policy key and every advertised line of every package. */
function checksOf(catalogue: SubscriptionPackage[]): Check[] {
  const checks: Check[] = [];
  for (const pkg of catalogue) {
    for (const [key, value] of Object.entries(pkg.policy)) {
      const probe = Object.hasOwn(POLICY_PROBES, key) ? POLICY_PROBES[key] : undefined;
      checks.push({
        name: `${pkg.id}: policy.${key} = ${value}`,
        run: probe && ((w) => probe(w, pkg, value)),
      });
    }
    for (const { key } of advertisedFeatures(pkg.policy)) {
      const line = Object.hasOwn(FEATURE_LINES, key) ? FEATURE_LINES[key] : undefined;
      if (typeof line === "string") {
        assert.ok(line in pkg.policy, `${key} stands for policy.${line}, which ${pkg.id} lacks`);
        continue; // probed with its policy key above
      }
      checks.push({ name: `${pkg.id}: "${key}"`, run: line && ((w) => line(w, pkg)) });
    }
  }
  return checks;
}

async function catalogueOf(app: TestApp): Promise<SubscriptionPackage[]> {
  const catalogue = await ok(await app.request("/api/Subscriptions"), "GET /api/Subscriptions");
  // The pricing page's HTML is built from the seed and shows these live (live-prices.ts).
  assert.deepEqual(catalogue, PACKAGE_CATALOGUE, "the pricing page's built-in packages are live");
  return catalogue as SubscriptionPackage[];
}

Deno.test("every feature and limit the pricing page advertises has a probe", async () => {
  const database = await createTestDatabase();
  try {
    const app = await createTestApp({ db: database.db });
    const catalogue = await catalogueOf(app);
    assert.ok(catalogue.length >= 3);
    const missing = checksOf(catalogue).filter((check) => !check.run).map((c) => c.name);
    assert.deepEqual(missing, [], `advertised with no probe behind it: ${missing.join("; ")}`);
    // The lines are the page's own: one text per advertised key, in both languages.
    for (const pkg of catalogue) {
      for (const lang of ["hr", "en"] as const) {
        const texts = planFeatures(translator(lang), lang, pkg.policy);
        assert.equal(texts.length, advertisedFeatures(pkg.policy).length);
        assert.ok(texts.every((text) => text && !text.startsWith("plans.")), texts.join(" | "));
      }
    }
  } finally {
    await database.dispose();
  }
});

Deno.test({
  name: "every advertised feature and limit of every package works through its route",
  ...REAL_SERVERS,
  fn: async (t) => {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const smtp = await startSmtp();
    const sim = await startEVisitorSim();
    const evisitor = simulatorAccess(sim.baseUrl);
    const feeds = new Map<string, string>();
    const feedServer = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
      const body = feeds.get(new URL(req.url).pathname);
      return body === undefined
        ? new Response("not found", { status: 404 })
        : new Response(body, { headers: { "Content-Type": "text/calendar" } });
    });
    const workers = await startTestWorkers({
      db: database.db,
      natsUrl: nats.urls.workers,
      smtpUrl: smtp.url,
      workers: ["relay", "evisitor", "scheduler", "calendar"],
      evisitor,
      sessionIdleMs: 200,
    });
    try {
      const app = await createTestApp({ db: database.db, evisitor });
      await createAdmin(database.db);
      const catalogue = await catalogueOf(app);
      const largest: World["largest"] = {};
      for (const pkg of catalogue) {
        for (const [key, value] of Object.entries(pkg.policy) as [PolicyKey, unknown][]) {
          if (typeof value === "number") largest[key] = Math.max(largest[key] ?? 0, value);
        }
      }
      const w: World = {
        app,
        db: database.db,
        sim,
        admin: (await signIn(app, "admin@example.com")).accessToken,
        feeds,
        feedBase: `http://127.0.0.1:${(feedServer.addr as Deno.NetAddr).port}`,
        largest,
      };
      for (const check of checksOf(catalogue)) {
        await t.step(check.name, async () => {
          assert.ok(check.run, `${check.name}: advertised, but no probe is registered for it`);
          await check.run(w);
        });
      }
    } finally {
      await workers.stop();
      await feedServer.shutdown();
      await sim.stop();
      await smtp.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});
