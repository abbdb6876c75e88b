/**
 * Shared by the security tests: two hosts with real data made through the API (the same calls
 * the product makes), an administrator, a database template every test copies so each operation
 * starts from the same rows, and the checks every refusal must pass.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { createDatabase, type Database } from "@core/db/client.ts";
import { apiTokens } from "@core/db/schema/api-tokens.ts";
import { pushSubscriptions } from "@core/db/schema/push-subscriptions.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import { stayRequests } from "@core/db/schema/stay-requests.ts";
import { hashToken } from "@core/platform/crypto/random-token.ts";
import { requireRole } from "../../api/http/auth/require-user.ts";
import { ADMINISTRATOR } from "@core/auth/auth-user.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { bearer, createAdmin, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, postJson, TEST_SECRETS, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { BIRGITTE } from "../support/guests.ts";
import {
  honoPathOf,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from "../support/openapi-arbitraries.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { DEMO_HOST, OTHER_DEMO_HOST } from "../support/evisitor-sim.ts";

/** 20 November 2026, 11:00 in Zagreb: every world's clock stands still here. */
export const NOW = new Date("2026-11-20T10:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

/** Everything of one host the other must never reach. */
export interface HostData {
  /** The eVisitor login the host's account holds (the simulator knows it when there is one). */
  evisitor: { username: string; password: string };
  userId: string;
  email: string;
  token: string;
  accountId: string;
  propertyId: string;
  unitId: string;
  unitCode: string;
  /** A second unit of the same property, with nothing booked. */
  freeUnitId: string;
  reservationCode: string;
  guestId: string;
  guestExternalId: string;
  notificationId: string;
  purchaseRequestId: string;
  receiptId: string;
  exportFile: string;
  /** A personal API token of the host (made in the database, read only). */
  apiTokenId: string;
  /** A device that gets the host's push notifications (made in the database). */
  pushDeviceId: string;
  /** A pending invitation to the host's property (its address is among the secrets). */
  memberId: string;
  /** A walk-in's stay request waiting in the property's last unit (its name is a secret). */
  stayRequestId: string;
  /**
   * Text that appears only in this host's own answers (document number, notes, e-mail, secret
   * ids). Guests' names are not among them: the check-in page shows them to anyone with the code.
   */
  secrets: string[];
}

export interface World {
  ana: HostData;
  bruno: HostData;
  /** A host with nothing but the trial every new account gets. */
  carla: { userId: string; token: string };
  admin: { userId: string; token: string };
  /** Members of Ana's property (issue 22), each signed in: one co-host, one at reception. */
  members: {
    CoHost: { userId: string; token: string };
    Reception: { userId: string; token: string };
  };
}

/** A person with an account of their own who accepted `role` on `propertyId`, signed in. */
async function makeMember(
  app: TestApp,
  db: Database,
  propertyId: string,
  role: "CoHost" | "Reception",
) {
  const email = `${role.toLowerCase()}-member@example.com`;
  const userId = await createHost(app, db, { email });
  await db.insert(propertyMembers).values({
    id: crypto.randomUUID(),
    propertyId,
    email,
    role,
    userId,
    createdAt: NOW,
    expiresAt: new Date(NOW.getTime() + 7 * 24 * 60 * 60 * 1000),
    acceptedAt: NOW,
  });
  return { userId, token: (await signIn(app, email)).accessToken };
}

async function ok(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  assert.ok(res.status >= 200 && res.status < 300, `${what}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

type Json = Record<string, unknown> & { items: Record<string, unknown>[] };

async function makeHost(
  app: TestApp,
  db: Database,
  admin: string,
  name: string,
  facility: ReturnType<typeof demoFacility>,
  { environment, login }: { environment?: string; login: { username: string; password: string } },
): Promise<HostData> {
  const email = `${name}@example.com`;
  const userId = await createHost(app, db, { email });
  const accountId = await seedMirroredAccount(db, userId, [facility], {
    environment,
    username: login.username,
  });
  const token = (await signIn(app, email)).accessToken;
  const properties = await ok(
    await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token),
    "properties",
  ) as Json;
  const property = properties.items[0] as { id: string; accommodationUnits: Json["items"] };
  const [unit, free] = property.accommodationUnits as { id: string; code: string; name: string }[];
  await ok(
    await app.request(`/api/Properties/Settings/${property.id}`, {
      method: "PUT",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({
        propertyId: property.id,
        wifiName: `${name}-guests`,
        wifiPassword: `${name}-wifi-password`,
        wifiEncryptionType: 2,
      }),
    }),
    "property settings",
  );

  const note = `${name}'s private note about the stay`;
  const reservation = await ok(
    await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: at("2026-11-20"),
      endDateUTC: at("2026-11-23"),
      description: note,
    }, token),
    "reservation",
  );
  const reservationCode = reservation.code as string;
  const documentNumber = `${name.slice(0, 2).toUpperCase()}4815162342`;
  await ok(
    await app.request(postJson("/api/Reservations/Guests", {
      reservationCode,
      reservationGuests: [{ ...BIRGITTE, surname: `${BIRGITTE.surname}-${name}`, documentNumber }],
    })),
    "guest check-in",
  );
  const guests = await ok(
    await getWith(app, `/api/Guests?PageNumber=1&PageSize=5&PropertyId=${property.id}`, token),
    "guests",
  ) as Json;
  const guest = guests.items[0] as { id: string; externalId: string };

  await createNotification(db, userId, NOTIFICATION_TEMPLATES.calendarConflict, {
    dedupeKey: `security-${name}`,
    placeholders: { accommodationUnit: unit.name },
    now: NOW,
  });
  const notes = await ok(
    await getWith(app, "/api/UserNotifications?pageNumber=1&pageSize=10", token),
    "notifications",
  ) as { notifications: { id: string }[] };

  const order = await ok(
    await getWith(
      app,
      // Premium: it lets the host invite members (its users per property), see team access.
      "/api/Subscriptions/createPurchaseRequest?packageId=premium&subscriptionLength=12",
      token,
    ),
    "purchase request",
  );
  const paid = await ok(
    await postWith(
      app,
      "/api/Subscriptions/markAsPaid",
      { purchaseRequestId: order.purchaseRequestId },
      admin,
    ),
    "mark as paid",
  );
  // A second, unpaid order, so payment instructions and slips exist too.
  const unpaid = await ok(
    await getWith(
      app,
      "/api/Subscriptions/createPurchaseRequest?packageId=basic&subscriptionLength=1",
      token,
    ),
    "second purchase request",
  );

  const exported = await ok(
    await app.request(`/api/Calendars/Export/${unit.code}`, {
      method: "POST",
      headers: bearer(token),
    }),
    "export link",
  );
  const exportFile = String(exported.exportUrl).split("/").pop()!;
  await ok(
    await app.request(`/api/AccommodationUnits/${free.id}`, {
      method: "PUT",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({
        propertyId: property.id,
        name: free.name,
        externalCalendarLink: `https://www.airbnb.com/calendar/ical/${name}.ics?s=secret`,
      }),
    }),
    "calendar feed",
  );

  const apiTokenId = crypto.randomUUID();
  await db.insert(apiTokens).values({
    id: apiTokenId,
    userId,
    name: `${name}'s script`,
    tokenHash: await hashToken(`prijavko_${name}`),
    hint: "prijavko_abcd",
    scopes: ["read"],
    createdAt: NOW,
  });

  const pushDeviceId = crypto.randomUUID();
  await db.insert(pushSubscriptions).values({
    id: pushDeviceId,
    userId,
    endpointHash: await hashToken(`https://fcm.googleapis.com/fcm/send/${name}`),
    endpoint: "v1:sealed",
    p256dh:
      "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
    label: "Chrome 131 · Android",
    createdAt: NOW,
  });

  const memberId = crypto.randomUUID();
  const invitedEmail = `${name}-invited-helper@example.com`;
  await db.insert(propertyMembers).values({
    id: memberId,
    propertyId: property.id,
    email: invitedEmail,
    role: "Reception",
    invitedBy: userId,
    tokenHash: await hashToken(`invitation-${name}`),
    createdAt: NOW,
    expiresAt: new Date(NOW.getTime() + 7 * 24 * 60 * 60 * 1000),
  });

  // A guest at the door of the last unit asks for a stay (issue 20 item 5).
  const walkIn = `${name}-walk-in-guest`;
  const lastUnit = (property.accommodationUnits as { code: string }[]).at(-1)!;
  await ok(
    await app.request(postJson("/api/StayRequests", {
      accommodationUnitCode: lastUnit.code,
      endDate: "2026-11-22",
      guestCount: 1,
      name: walkIn,
    })),
    "stay request",
  );
  const [stayRequest] = await db.select({ id: stayRequests.id }).from(stayRequests)
    .where(eq(stayRequests.userId, userId));

  return {
    evisitor: login,
    apiTokenId,
    pushDeviceId,
    stayRequestId: stayRequest.id,
    memberId,
    userId,
    email,
    token,
    accountId,
    propertyId: property.id,
    unitId: unit.id,
    unitCode: unit.code,
    freeUnitId: free.id,
    reservationCode,
    guestId: guest.id,
    guestExternalId: guest.externalId,
    notificationId: notes.notifications[0].id,
    purchaseRequestId: String(unpaid.purchaseRequestId),
    receiptId: paid.receiptId as string,
    exportFile,
    secrets: [
      email,
      note,
      documentNumber,
      guest.externalId,
      exportFile.replace(/\.ics$/, ""),
      `/ical/${name}.ics`,
      accountId,
      String(order.purchaseRequestId),
      String(unpaid.purchaseRequestId),
      String(paid.receiptId),
      invitedEmail,
      walkIn,
    ],
  };
}

/** Ana and Bruno, each with an account, a property, units, a stay with a guest, a notification,
 * a paid order with its receipt, an unpaid order, an export link and an imported calendar; and
 * an administrator. */
/** `environment`: the eVisitor service the hosts' accounts were connected on (a simulator's URL
 * where the test edits accounts, which verifies the credentials there). */
export async function buildWorld(app: TestApp, db: Database, environment?: string): Promise<World> {
  const adminId = await createAdmin(db);
  const admin = (await signIn(app, "admin@example.com")).accessToken;
  const ana = await makeHost(app, db, admin, "ana", demoFacility("fac-ana", "0034643"), {
    environment,
    login: DEMO_HOST,
  });
  const bruno = await makeHost(app, db, admin, "bruno", demoFacility("fac-bruno", "0099001"), {
    environment,
    login: OTHER_DEMO_HOST,
  });
  const carlaId = await createHost(app, db, { email: "carla@example.com" });
  const carla = { userId: carlaId, token: (await signIn(app, "carla@example.com")).accessToken };
  const members = {
    CoHost: await makeMember(app, db, ana.propertyId, "CoHost"),
    Reception: await makeMember(app, db, ana.propertyId, "Reception"),
  };
  return { ana, bruno, carla, admin: { userId: adminId, token: admin }, members };
}

// ---------------------------------------------------------------------------------------------
// A template database, copied for each test
// ---------------------------------------------------------------------------------------------

export interface WorldTemplate {
  world: World;
  doc: OpenApiDocument;
  operations: Operation[];
  /** Operations only administrators may call, from the routers' own middleware. */
  adminOperations: Set<string>;
  dispose(): Promise<void>;
  /** Runs `fn` against a fresh copy of the world's database, with the app over it. */
  withCopy<T>(
    fn: (ctx: { app: TestApp; db: Database; clock: TestClock }) => Promise<T>,
    options?: { evisitor?: EVisitorAccess },
  ): Promise<T>;
}

export async function createWorldTemplate(
  options: { evisitor?: EVisitorAccess } = {},
): Promise<WorldTemplate> {
  const source = await createTestDatabase();
  const dir = await Deno.makeTempDir({ prefix: "security-world-" });
  const templatePath = `${dir}/template.db`;
  let world: World;
  let doc: OpenApiDocument;
  let adminOps: Set<string>;
  try {
    const clock = new TestClock(NOW);
    const app = await createTestApp({ db: source.db, clock: clock.now, ...options });
    world = await buildWorld(app, source.db, options.evisitor?.endpoint.baseUrl);
    doc = await (await app.request("/api/openapi.json")).json();
    adminOps = adminOperationsOf(app, operationsOf(doc));
    await source.db.run(sql.raw(`VACUUM INTO '${templatePath.replaceAll("'", "''")}'`));
  } finally {
    await source.dispose();
  }
  let copies = 0;
  return {
    world,
    doc,
    operations: operationsOf(doc),
    adminOperations: adminOps,
    async dispose() {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
    async withCopy(fn, copyOptions = {}) {
      const path = `${dir}/copy-${++copies}.db`;
      await Deno.copyFile(templatePath, path);
      const { db, client } = createDatabase({ url: `file:${path}` });
      try {
        const clock = new TestClock(NOW);
        const app = await createTestApp({
          db,
          clock: clock.now,
          evisitor: copyOptions.evisitor ?? options.evisitor,
        });
        return await fn({ app, db, clock });
      } finally {
        client.close();
        for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(path + suffix).catch(() => {});
      }
    },
  };
}

/**
 * The operations whose route runs `requireRole(ADMINISTRATOR)`, read from the app's routes (the
 * role check is a middleware of its own on the route's method and path). No hand list.
 */
export function adminOperationsOf(app: TestApp, operations: Operation[]): Set<string> {
  const roleCheck = requireRole(ADMINISTRATOR).toString();
  const guarded = new Set(
    app.routes.filter((route) => route.handler.toString() === roleCheck)
      .map((route) => `${route.method} ${route.path}`),
  );
  const admin = new Set<string>();
  for (const op of operations) {
    if (guarded.has(`${op.method} ${honoPathOf(op.path)}`)) admin.add(op.key);
  }
  assert.equal(
    admin.size,
    guarded.size,
    `every role-checked route is in the OpenAPI document: ${[...guarded].join(", ")}`,
  );
  return admin;
}

// ---------------------------------------------------------------------------------------------
// The database, table by table
// ---------------------------------------------------------------------------------------------

/**
 * Tables that count requests rather than hold anyone's data: rate-limit windows change with every
 * request, refused or not, by design.
 */
const COUNTER_TABLES = new Set(["rate_limit_counters"]);

/** Table name → SHA-256 of its rows (sorted), and row counts; the whole database's state. */
export type Snapshot = Map<string, { rows: number; hash: string }>;

function canonical(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return `bytes:${[...new Uint8Array(value)].join(",")}`;
  if (ArrayBuffer.isView(value)) {
    return `bytes:${[...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)]}`;
  }
  if (typeof value === "bigint") return `bigint:${value}`;
  return value;
}

export async function snapshot(db: Database): Promise<Snapshot> {
  const tables = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
  );
  const out: Snapshot = new Map();
  for (const { name } of tables) {
    if (COUNTER_TABLES.has(name)) continue;
    const rows = await db.all<Record<string, unknown>>(
      sql.raw(`SELECT * FROM "${name.replaceAll('"', '""')}"`),
    );
    const lines = rows.map((row) =>
      JSON.stringify(Object.entries(row).map(([k, v]) => [k, canonical(v)]))
    ).sort();
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(lines.join("\n")),
    );
    out.set(name, {
      rows: rows.length,
      hash: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""),
    });
  }
  return out;
}

/** Tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => {
    const a = before.get(name);
    const b = after.get(name);
    return a?.hash !== b?.hash || a?.rows !== b?.rows;
  }).sort();
}

// ---------------------------------------------------------------------------------------------
// What a refusal looks like
// ---------------------------------------------------------------------------------------------

/** The fields an answer of problem details may have, and no other. */
export const PROBLEM_KEYS = new Set([
  "type",
  "title",
  "status",
  "detail",
  "instance",
  "code",
  "requestId",
  "errors",
  // Beside `detail` and `errors`, their message keys and parameters (issue 33): codes, no text.
  "detailCode",
  "errorCodes",
]);

/**
 * The answer is RFC 9457 problem details with `status`, and nothing else: no field beyond
 * problem details, none of `secrets` anywhere in it (but for those the request itself carried,
 * `sent`, which `instance` echoes). Returns the parsed problem.
 */
export async function assertProblemOnly(
  res: Response,
  expected: number | number[],
  what: string,
  secrets: string[] = [],
  sent = "",
): Promise<Record<string, unknown>> {
  const text = await res.text();
  const statuses = [expected].flat();
  assert.ok(statuses.includes(res.status), `${what}: status ${res.status} ∉ ${statuses}: ${text}`);
  assert.equal(
    res.headers.get("Content-Type")?.split(";")[0],
    "application/problem+json",
    `${what}: content type`,
  );
  const problem = JSON.parse(text) as Record<string, unknown>;
  assert.equal(problem.status, res.status, `${what}: status field`);
  assert.equal(typeof problem.type, "string", `${what}: type`);
  assert.equal(typeof problem.title, "string", `${what}: title`);
  const extra = Object.keys(problem).filter((key) => !PROBLEM_KEYS.has(key));
  assert.deepEqual(extra, [], `${what}: fields beyond problem details`);
  for (const secret of secrets) {
    if (sent.includes(secret)) continue;
    assert.ok(!text.includes(secret), `${what}: answer reveals ${secret}`);
  }
  return problem;
}

/** Secrets of the test configuration that must never appear in an answer. */
export const SERVER_SECRETS = [TEST_SECRETS.JWT_SECRET, TEST_SECRETS.DATA_ENCRYPTION_KEY];
