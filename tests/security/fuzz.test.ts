/**
 * Fuzzes every operation of the API's own OpenAPI document with requests generated from its
 * schemas (tests/support/openapi-arbitraries.ts), mixed with hostile values: SQL fragments, path
 * traversal, NUL bytes, RTL marks, 100 kB strings, wrong types, deep nesting, overflowing numbers,
 * prototype-pollution keys, broken JSON and wrong content types. Each operation gets a fresh copy
 * of a database with two hosts' real data, and is called anonymously, as a host (Ana, whose ids
 * and Bruno's are offered to the generators so requests get past "not found"), and for
 * administrators' operations as the administrator.
 *
 * Every answer must be: below 500 (but a 503 the operation documents, for eVisitor or the MRZ
 * worker being unreachable); free of stack traces, source paths and SQL errors; problem details
 * when 4xx; free of the other host's private data. A refused request (4xx, 503) must leave every
 * table as it was.
 *
 * FUZZ_RUNS: requests per operation and caller (default 25: about 3,800 requests in 30-40 s on
 * the 2-core reference machine). The full run, before a release or after changing validation:
 * FUZZ_RUNS=300 (about 45,000 requests, 5-6 minutes). FUZZ_SEED: the base seed (default fixed,
 * so runs repeat; any other number explores elsewhere). FUZZ_ONLY: only operations whose key
 * contains it (e.g. `PUT /api/Reservations`), or `sequences`. A failure prints the command that
 * replays it. FUZZ_REPORT=1 prints each operation's statuses.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { setLogLevel } from "@core/platform/logger.ts";
import type { Database } from "@core/db/client.ts";
import { bearer } from "../support/accounts.ts";
import type { TestApp } from "../support/app.ts";
import {
  type FuzzRequest,
  type Operation,
  requestArbitrary,
} from "../support/openapi-arbitraries.ts";
import {
  changedTables,
  createWorldTemplate,
  type HostData,
  PROBLEM_KEYS,
  SERVER_SECRETS,
  type Snapshot,
  snapshot,
  type WorldTemplate,
} from "./world.ts";

function positiveInteger(name: string): number | undefined {
  const text = Deno.env.get(name);
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be an integer`);
  return value;
}

const RUNS = positiveInteger("FUZZ_RUNS") ?? 25;
const SEED = positiveInteger("FUZZ_SEED") ?? 20_261_120;
/** Only the operations whose key contains this text (and the sequences only if it names them). */
const ONLY = Deno.env.get("FUZZ_ONLY") || undefined;

/** Tables a refused request may still write, and why. */
const WRITES_WHEN_REFUSED: Record<string, { tables: string[]; why: string }> = {
  "POST /api/Users/login": {
    tables: ["login_throttle", "outbox", "account_events"],
    why: "failed sign-ins are counted per account and address, and a burst e-mails the owner " +
      "(docs/architecture.md, throttling); a known account's history records the failure",
  },
  "POST /api/Users/manage/info": {
    tables: ["login_throttle", "outbox"],
    why: "a wrong current password counts like a failed sign-in (issue 17)",
  },
  "POST /api/Users/manage/2fa": {
    tables: ["login_throttle", "outbox"],
    why: "a wrong password or code counts like a failed sign-in (issue 17)",
  },
  "POST /api/Users/manage/apiTokens": {
    tables: ["login_throttle", "outbox"],
    why: "a wrong password or code counts like a failed sign-in (issue 30)",
  },
  "POST /api/Users/manage/delete": {
    tables: ["login_throttle", "outbox"],
    why: "a wrong password counts like a failed sign-in (issue 21)",
  },
};

/** What may never appear in an answer (unless the request itself carried the same text). */
const LEAKS: [string, RegExp][] = [
  ["a stack frame", /(?:\n|\\n)\s*at\s+(?:async\s+)?\S+/],
  ["a stack frame", /\bat (?:async )?[\w$.<>[\] ]+ \((?:file|ext|node|https?):/],
  ["a file URL", /file:\/\//],
  ["a source position", /\.(?:ts|tsx|js|mjs):\d+/],
  ["a source path", /\/(?:api|workers|shared|node_modules|dev)\/[\w./@-]+\.(?:ts|js|mjs)\b/],
  ["an error name", /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|URIError)\b/],
  ["an SQL error", /SQLITE_[A-Z]+|LIBSQL_|no such (?:table|column)|constraint failed/i],
  ["an SQL query", /Failed query|\bselect\s+[\w*",. ]{1,80}?\s+from\s+"?\w+/i],
];

const TEXT_TYPES = /^(?:application\/(?:[\w.+-]*json|xml)|text\/|image\/svg\+xml)/;

interface Stats {
  requests: number;
  byStatus: Record<string, number>;
  /** 2xx answers that wrote to the database (skipped by the unchanged-database check). */
  writes: number;
  /** Refused requests checked against the database. */
  refusedChecked: number;
}

/** A 32-bit seed per operation and caller, so adding an operation leaves the others' runs. */
function seedOf(key: string): number {
  let hash = SEED >>> 0;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash | 0;
}

/** Runs a property; a failure says how to replay it with this file's settings. */
async function replayable(what: string, filter: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY='${filter}' ` +
      `deno test -A tests/security/fuzz.test.ts`;
    throw new Error(`${what} failed; replay with: ${replay}\n${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Percent-decodes what decodes and leaves the rest, as routers do with malformed addresses. */
function lenientDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-9A-Fa-f]{2}/g, (one) => {
        try {
          return decodeURIComponent(one);
        } catch {
          return one;
        }
      });
    }
  });
}

/**
 * Checks one answer; throws with what is wrong. `stored`: short texts earlier requests of the same
 * world sent, which an answer may show back as data (a profile's name read after it was saved);
 * they are taken out of the answer before it is searched for leaks, so a stack trace still shows.
 */
async function checkAnswer(
  op: Operation,
  req: FuzzRequest,
  res: Response,
  secrets: readonly string[],
  stored: ReadonlySet<string> = new Set(),
): Promise<void> {
  const sent = `${req.url}\n${lenientDecode(req.url)}\n${req.body ?? ""}`;
  const where = `${req.method} ${req.url.slice(0, 200)}${
    req.body === undefined ? "" : ` body ${req.body.slice(0, 300)}`
  }`;
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = TEXT_TYPES.test(type) || res.status >= 400 ? new TextDecoder().decode(bytes) : "";

  if (res.status >= 500) {
    const documented = res.status === 503 && op.documentedStatuses.has(503);
    const code = type === "application/problem+json" ? JSON.parse(text).code : undefined;
    assert.ok(
      documented && code !== "GenericError",
      `${op.key}: ${res.status} for ${where}\n${text.slice(0, 500)}`,
    );
  }
  let scanned = text;
  for (const value of stored) {
    scanned = scanned.split(value).join("").split(JSON.stringify(value).slice(1, -1)).join("");
  }
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(scanned);
    if (match && !sent.includes(match[0])) {
      assert.fail(`${op.key}: the answer shows ${what} (${match[0]}) for ${where}`);
    }
  }
  for (const secret of secrets) {
    if (text.includes(secret) && !sent.includes(secret)) {
      assert.fail(`${op.key}: the answer reveals ${secret} for ${where}`);
    }
  }
  if (res.status >= 400 && res.status < 500) {
    assert.equal(type, "application/problem+json", `${op.key}: ${res.status} type for ${where}`);
    const problem = JSON.parse(text);
    assert.equal(problem.status, res.status, `${op.key}: problem status for ${where}`);
    assert.equal(typeof problem.type, "string");
    assert.equal(typeof problem.title, "string");
    // NoStayToday at a unit's door carries the guest contact the host chose to show (issue 20).
    const extra = Object.keys(problem).filter((key) =>
      !PROBLEM_KEYS.has(key) && !(problem.code === "NoStayToday" && key === "hostContact")
    );
    assert.deepEqual(extra, [], `${op.key}: fields beyond problem details for ${where}`);
  }
  if (res.ok && /json$/.test(type) && bytes.length > 0) {
    JSON.parse(text); // a 2xx JSON answer is whole JSON
  }
}

/** The strings (up to 200 characters) of a JSON body, which the app may store and show again. */
function stringsIn(body: string | undefined): string[] {
  if (!body) return [];
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string" && v.length >= 4 && v.length <= 200) found.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
}

/**
 * Sends requests to one app and checks each answer; a refused request (4xx, 503) must leave the
 * database as the previous request left it.
 */
async function exerciser(app: TestApp, db: Database, { remember = false } = {}) {
  let last: Snapshot = await snapshot(db);
  /** With `remember`, the short strings of every body sent so far (see checkAnswer). */
  const stored = new Set<string>();
  return async (
    op: Operation,
    req: FuzzRequest,
    token: string | undefined,
    secrets: readonly string[],
    stats: Stats,
  ) => {
    const res = await app.request(req.url, {
      method: req.method,
      headers: { ...req.headers, ...(token ? bearer(token) : {}) },
      body: req.body,
    });
    stats.requests++;
    stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
    await checkAnswer(op, req, res, secrets, stored);
    if (remember && res.ok) { for (const value of stringsIn(req.body)) stored.add(value); }
    const now = await snapshot(db);
    const changed = changedTables(last, now);
    last = now;
    if (res.ok) {
      if (changed.length) stats.writes++;
      return;
    }
    stats.refusedChecked++;
    const allowed = WRITES_WHEN_REFUSED[op.key]?.tables ?? [];
    const unexpected = changed.filter((table) => !allowed.includes(table));
    assert.deepEqual(
      unexpected,
      [],
      `${op.key}: refused with ${res.status} but changed ${unexpected.join(", ")} for ` +
        `${req.method} ${req.url.slice(0, 200)} ${req.body?.slice(0, 300) ?? ""}`,
    );
  };
}

Deno.test("fuzz oracle: the checks catch what they must (so a quiet fuzz means something)", async () => {
  const op = {
    key: "GET /api/x",
    method: "GET",
    path: "/api/x",
    operation: { responses: {} },
    pathParams: [],
    queryParams: [],
    bearer: false,
    apiToken: false,
    anonymousAllowed: true,
    documentedStatuses: new Set([200, 400]),
  } satisfies Operation;
  const req: FuzzRequest = { method: "GET", url: "/api/x/%27%20OR%201%3D1", headers: {} };
  const problem = (status: number, extra: Record<string, unknown> = {}) =>
    new Response(
      JSON.stringify({ type: "/api/problems/X", title: "X", status, ...extra }),
      { status, headers: { "Content-Type": "application/problem+json" } },
    );
  const bad: [string, Response][] = [
    ["a 500", problem(500, { code: "GenericError" })],
    ["an undocumented 503", problem(503, { code: "ServiceUnavailable" })],
    ["a 4xx that is not problem details", new Response("nope", { status: 400 })],
    ["a field beyond problem details", problem(400, { stack: "x" })],
    ["a stack trace", problem(400, { detail: "Error: x\n    at run (file:///api/x.ts:1:2)" })],
    ["an SQL error", problem(409, { detail: "SQLITE_CONSTRAINT: UNIQUE constraint failed" })],
    ["a drizzle query", problem(400, { detail: 'Failed query: select "id" from "users"' })],
    ["a server secret", Response.json({ key: SERVER_SECRETS[0] })],
  ];
  for (const [what, res] of bad) {
    await assert.rejects(() => checkAnswer(op, req, res, SERVER_SECRETS), what);
  }
  // An answer echoing the request's own text is not a leak.
  await checkAnswer(op, req, problem(404, { instance: "/api/x/' OR 1=1" }), SERVER_SECRETS);

  const template = await createWorldTemplate();
  try {
    await template.withCopy(async ({ db }) => {
      const before = await snapshot(db);
      await db.run(sql`UPDATE users SET email = email || '.x' WHERE email = 'ana@example.com'`);
      assert.deepEqual(changedTables(before, await snapshot(db)), ["users"]);
    });
  } finally {
    await template.dispose();
  }
});

Deno.test("fuzz: every operation of the OpenAPI document, from its schemas", async (t) => {
  setLogLevel("warn"); // thousands of request lines otherwise; unhandled errors still show
  let template: WorldTemplate | undefined;
  const started = performance.now();
  const stats = new Map<string, Stats>();
  try {
    template = await createWorldTemplate();
    const { world, doc, operations, adminOperations } = template;
    const { ana, bruno, carla, admin } = world;
    const both = (key: keyof HostData): string[] =>
      [ana[key], bruno[key]].filter((v): v is string => typeof v === "string");
    const known: Record<string, string[]> = {
      id: [
        ...both("accountId"),
        ...both("propertyId"),
        ...both("unitId"),
        ...both("notificationId"),
        ...both("purchaseRequestId"),
        ...both("receiptId"),
        ...both("guestId"),
        "pro",
      ],
      code: [...both("unitCode"), ...both("reservationCode")],
      accommodationUnitCode: both("unitCode"),
      AccommodationUnitCode: both("unitCode"),
      accommodationUnitId: [...both("unitId"), ...both("freeUnitId")],
      propertyId: both("propertyId"),
      PropertyId: both("propertyId"),
      reservationCode: both("reservationCode"),
      ExternalId: both("guestExternalId"),
      userId: [ana.userId, bruno.userId, carla.userId, admin.userId],
      purchaseRequestId: both("purchaseRequestId"),
      file: both("exportFile"),
      packageId: ["basic", "pro", "premium"],
      email: ["ana@example.com", "admin@example.com", "new.host@example.com"],
      // Values the services accept, so well-formed requests get past the semantic checks.
      citizenship: ["HRV", "DEU", "DNK", "GBR", "USA"],
      countryOfBirth: ["HRV", "DEU", "USA"],
      countryOfResidence: ["HRV", "DEU", "BIH", "USA"],
      dateOfBirth: ["1961-10-25", "2015-06-01"],
      telephone: ["+385 91 234 5678"],
      password: ["Sunce-More-2026"],
      startDateUTC: ["2026-11-20T12:00:00.000Z", "2026-12-01T12:00:00.000Z"],
      endDateUTC: ["2026-11-23T12:00:00.000Z", "2026-12-04T12:00:00.000Z"],
      StartDate: ["2026-11-01"],
      EndDate: ["2026-12-31"],
    };
    console.log(
      `fuzz: ${operations.length} operations, FUZZ_RUNS=${RUNS} per operation and caller, ` +
        `FUZZ_SEED=${SEED}`,
    );

    for (const op of operations) {
      if (ONLY && !op.key.includes(ONLY)) continue;
      const callers: [string, string | undefined, string[]][] = [
        // Anonymous callers see no host's private data; Ana never sees Bruno's.
        ["anonymous", undefined, [...ana.secrets, ...bruno.secrets, ...SERVER_SECRETS]],
        ["host", ana.token, [...bruno.secrets, ...SERVER_SECRETS]],
      ];
      if (adminOperations.has(op.key)) callers.push(["administrator", admin.token, SERVER_SECRETS]);
      const tpl = template;
      await t.step(op.key, () =>
        tpl.withCopy(async ({ app, db }) => {
          const opStats: Stats = { requests: 0, byStatus: {}, writes: 0, refusedChecked: 0 };
          stats.set(op.key, opStats);
          const exercise = await exerciser(app, db);
          for (const [caller, token, secrets] of callers) {
            const property = fc.asyncProperty(
              requestArbitrary(op, doc, { known }),
              (req) => exercise(op, req, token, secrets, opStats),
            );
            await replayable(`${op.key} (${caller})`, op.key, () =>
              fc.assert(property, {
                numRuns: RUNS,
                seed: seedOf(`${op.key} ${caller}`),
                // Shrinking a 100 kB string one character at a time takes long; what a minute
                // of shrinking gives is readable enough.
                interruptAfterTimeLimit: 60_000,
                markInterruptAsFailure: false,
              }));
          }
        }));
    }

    // What one operation stores (nasty but valid text), the others read back: the PDFs, QR
    // codes, calendar feed, proof of residence and lists all meet it. Sequences of requests by
    // Ana, on one copy whose data accumulates from run to run.
    const shared = template;
    if (!ONLY || "sequences".includes(ONLY)) {
      await t.step(
        "sequences of operations by a host, on shared data",
        () =>
          shared.withCopy(async ({ app, db }) => {
            const opStats: Stats = { requests: 0, byStatus: {}, writes: 0, refusedChecked: 0 };
            stats.set("(sequences)", opStats);
            const byKey = new Map(operations.map((op) => [op.key, op]));
            const step = fc.constantFrom(...byKey.keys()).chain((key) =>
              requestArbitrary(byKey.get(key)!, doc, { known }).map((req) => ({ key, req }))
            );
            const exercise = await exerciser(app, db, { remember: true });
            await replayable("sequences", "sequences", () =>
              fc.assert(
                fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 10 }), async (steps) => {
                  for (const { key, req } of steps) {
                    // Administrators see every host's rows; Ana never sees Bruno's.
                    const [token, secrets] = adminOperations.has(key)
                      ? [admin.token, SERVER_SECRETS]
                      : [ana.token, [...bruno.secrets, ...SERVER_SECRETS]];
                    await exercise(byKey.get(key)!, req, token, secrets, opStats);
                  }
                }),
                { numRuns: RUNS * 2, seed: seedOf("sequences"), interruptAfterTimeLimit: 60_000 },
              ));
          }),
      );
    }
  } finally {
    setLogLevel("info");
    await template?.dispose();
    const all = [...stats.values()];
    const total = all.reduce((n, s) => n + s.requests, 0);
    const byStatus: Record<string, number> = {};
    for (const s of all) {
      for (const [status, n] of Object.entries(s.byStatus)) {
        byStatus[status] = (byStatus[status] ?? 0) + n;
      }
    }
    const writers = [...stats].filter(([, s]) => s.writes > 0).map(([key, s]) =>
      `${key} (${s.writes})`
    );
    if (Deno.env.get("FUZZ_REPORT")) {
      for (const [key, s] of stats) {
        console.log(`  ${key.padEnd(64)} ${s.requests} ${JSON.stringify(s.byStatus)}`);
      }
    }
    console.log(
      `fuzz: ${total} requests to ${stats.size} operations in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; statuses ${
          JSON.stringify(byStatus)
        }; refused and checked unchanged: ${all.reduce((n, s) => n + s.refusedChecked, 0)}; ` +
        `2xx that wrote (not checked): ${all.reduce((n, s) => n + s.writes, 0)} in ` +
        `${writers.length} operations: ${writers.join(", ")}`,
    );
  }
});
