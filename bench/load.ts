/**
 * Load (issue "Proof under fire: load"): the real product on loopback under a read-heavy mix and
 * a write mix, each compared with a bare Hono hello-world served the same way in the same run.
 *
 *   deno run -A bench/load.ts [--duration 20] [--connections 50] [--warmup 3] [--guests 4000]
 *                             [--reservations 300] [--drain-timeout 300] [--budget] [--json out.json]
 *                             [--save-db load.db] [--pause-workers]
 *   deno run -A bench/load.ts --url http://127.0.0.1:8000 [--sim-url http://127.0.0.1:8100]
 *                             [--mail-dir data/mail] …
 *
 * Without --url it starts the whole product itself (tests/support/stack.ts: NATS, the eVisitor
 * simulator in this process, the API serving site/dist and the workers as their own processes, a
 * fresh database) with RATE_LIMITS=off (one load client on loopback is not abuse) and
 * LOG_LEVEL=warn (no line per request). With --url it loads a product that is already running:
 * its rate limits must be off (RATE_LIMITS=off) and its eVisitor must be the simulator at
 * --sim-url; the confirmation e-mail is read from --mail-dir (npm start writes .eml files there).
 *
 * Seeding, all through the public API as a host would: the simulator is given an eVisitor account
 * of 5 facilities with enough 10-bed units for the write mix's guests (the demo account's 5 units
 * hold one stay each today, 25 guests at most); a host registers, confirms the e-mail, connects
 * that account and waits for its 5 properties and units; one stay under way today on every unit,
 * plus --reservations stays before and after today spread over the units; 2 guests on each
 * upcoming stay (waiting for arrival); 5 guests on today's stays, registered by the workers,
 * which makes 5 "guest checked in" notifications for the notifications sync to return.
 *
 * Then, each with the same autocannon settings (bench/load-driver.mjs, run by Node as a process of
 * its own: autocannon runs under Deno too, but about 4× slower, which would cap the baseline):
 *   1. baseline: bench/hello-hono.ts (a bare Hono app behind Deno.serve, as api/main.ts serves);
 *   2. read mix, for --duration seconds: 40% GET /api/Reservations/{code} (the check-in page's
 *      public call), 25% GET /api/Reservations?PageNumber=…&PageSize=20 (the host's list), 15%
 *      GET /api/Statistics, 20% GET /api/UserNotifications?lastSyncTimestamp=…&pageSize=50, as
 *      fast as the answers come back (the most it serves);
 *   3. the same read mix at 1,500 requests/s (autocannon's overallRate), for its latency while it
 *      serves the target's load;
 *   4. write mix: --guests guest check-ins, POST /api/Reservations/Guests with one new guest each
 *      (different name, birth date, country and document number), spread over today's stays
 *      within each unit's capacity; then it waits until the workers have registered every one in
 *      the simulator, and checks the simulator's registrations against the database's guests one
 *      to one by registration id (none lost, none twice). With --url there is no database to read:
 *      the guests checked in are counted through the API (GET /api/Guests?Status=CheckedIn per
 *      property) against the simulator's registrations of the account, and a failed
 *      registration shows as a drain that never ends (--drain-timeout).
 *
 * --pause-workers (a diagnosis, not the measure) stops the workers during the write mix and starts
 * them after it, so the API's check-ins do not share SQLite's write lock with the workers' writes;
 * the drain then starts when the write mix ends.
 *
 * --save-db copies the database as the read mix found it (before the write mix), for
 * bench/load-profile.ts to show where a request's time goes.
 *
 * Prints the table, the ratio of each mix's requests/s to the baseline's, the load average, and a
 * verdict against the targets (the read mix serves ≥ 1,500 requests/s, and at 1,500 requests/s keeps
 * up with a p99 under 50 ms, with no errors; ≥ 200 guest check-ins/s accepted, every one
 * registered afterwards). --budget exits 1 on a miss.
 */
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { addDays, todayIn } from "../shared/local-date.ts";
import { guestNumber } from "./load-guests.mjs";
import { callApi, type CallOptions } from "../tests/support/api-call.ts";
import { pool } from "../tests/support/pool.ts";

const ROOT = new URL("../", import.meta.url).pathname;

// --- what bench/load-driver.mjs is given and answers -------------------------------------------

type Mix = "hello" | "read" | "write";
type ReadKind = "checkin-data" | "reservations-list" | "statistics" | "notifications";

interface ReadPlan {
  /** A host's access token (the list, statistics and notifications need a sign-in). */
  token: string;
  /** Reservation codes for the public check-in call. */
  codes: string[];
  /** The notifications sync's lastSyncTimestamp (an app that synced a while ago). */
  notificationsSince: string;
  /** Pages of 20 the reservations list is read from (a host paging through stays). */
  listPages: number;
  /** Share of each kind of request, in percent. */
  weights: Record<ReadKind, number>;
}

interface DriverSpec {
  url: string;
  mix: Mix;
  connections: number;
  /** Seconds, for hello and read. */
  duration?: number;
  /** Requests in all, for write (one new guest each). */
  amount?: number;
  /** A run before the measured one, not counted (seconds). */
  warmupSeconds?: number;
  /** Requests/s over all connections (autocannon's overallRate); unset: as fast as it goes. */
  rate?: number;
  read?: ReadPlan;
  /** Stays under way today, guest i going to codes[i % codes.length]; runTag: 4 letters. */
  write?: { codes: string[]; runTag: string };
}

interface Latency {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

interface DriverResult {
  mix: Mix;
  connections: number;
  seconds: number;
  /** Responses received (any status). */
  requests: number;
  /** Responses per second over the run. */
  rps: number;
  /** 2xx responses per second: for the write mix, guests accepted per second. */
  okPerSecond: number;
  /** Every response, whatever its status (fractional milliseconds). */
  latency: Latency;
  /** Connection errors (refused, reset) and timeouts, from autocannon. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  byKind: Record<string, { requests: number; non2xx: number; latency: Latency }>;
  /** A few non-2xx answers, for diagnosis. */
  samples: { kind: string; status: number; body: string }[];
  /** autocannon's own summary (whole milliseconds, 2xx only), to cross-check. */
  autocannon: { requestsAverage: number; p50: number; p99: number };
}
const TARGETS = { readRps: 1500, readP99Ms: 50, writeAcceptedPerSecond: 200 };
/** The load account's facilities (Pro, the trial plan, allows 5 properties) and unit beds. */
const FACILITIES = 5;
const BEDS = 8;
const EXTRA_BEDS = 2;
const CAPACITY = BEDS + EXTRA_BEDS;
/** Guests entered while seeding on today's stays, whose registrations make notifications. */
const SEED_REGISTERED = 5;
const PASSWORD = "Jadran-Sunce-2026!";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    url: { type: "string" },
    "sim-url": { type: "string", default: "http://127.0.0.1:8100" },
    "mail-dir": { type: "string", default: "data/mail" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    guests: { type: "string", default: "4000" },
    reservations: { type: "string", default: "300" },
    "drain-timeout": { type: "string", default: "300" },
    "save-db": { type: "string" },
    "pause-workers": { type: "boolean", default: false },
    budget: { type: "boolean", default: false },
    json: { type: "string" },
    /** API processes sharing the port (API_PROCESSES); the baseline runs as many. */
    "api-processes": { type: "string", default: String(navigator.hardwareConcurrency) },
  },
});
const whole = (name: keyof typeof values, min: number) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return n;
};
const DURATION = whole("duration", 1);
const CONNECTIONS = whole("connections", 1);
const WARMUP = whole("warmup", 0);
const GUESTS = whole("guests", 1);
const EXTRA_RESERVATIONS = whole("reservations", 0);
const DRAIN_TIMEOUT_MS = whole("drain-timeout", 1) * 1000;
const API_PROCESSES = whole("api-processes", 1);
const PAUSE_WORKERS = values["pause-workers"];
if (PAUSE_WORKERS && values.url) throw new Error("--pause-workers needs the stack (no --url)");

const log = (message: string) => console.error(`[load] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () => Deno.loadavg().map((n) => n.toFixed(2)).join(" ");

// --- the product -------------------------------------------------------------------------------

type Stack = Awaited<ReturnType<typeof import("../tests/support/stack.ts").startStack>>;
let stack: Stack | undefined;
let baseUrl: string;
let simUrl: string;
const loadBefore = loadAverage();
log(`load average before starting: ${loadBefore} (${navigator.hardwareConcurrency} CPUs)`);
if (values.url) {
  baseUrl = values.url.replace(/\/+$/, "");
  simUrl = values["sim-url"].replace(/\/+$/, "");
} else {
  const { startStack } = await import("../tests/support/stack.ts");
  log("starting the product (NATS, eVisitor simulator, API, workers)…");
  stack = await startStack({
    env: { RATE_LIMITS: "off", LOG_LEVEL: "warn", API_PROCESSES: String(API_PROCESSES) },
  });
  baseUrl = stack.baseUrl;
  simUrl = stack.evisitor.baseUrl;
}

const hellos: Deno.ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
async function stopAll() {
  for (const hello of hellos) {
    try {
      hello.kill("SIGTERM");
    } catch { /* already gone */ }
    await hello.status;
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await stack?.stop();
}

/** The baseline server on a free port, as many processes sharing it as the API has. */
async function startHello(): Promise<string> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  for (let i = 0; i < API_PROCESSES; i++) {
    const hello = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${ROOT}bench/hello-hono.ts`],
      cwd: ROOT,
      env: { HOST: "127.0.0.1", PORT: String(port), REUSE_PORT: String(API_PROCESSES > 1) },
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    hellos.push(hello);
    const reader = hello.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    while (!seen.includes("listening")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("bench/hello-hono.ts ended before listening");
      seen += value;
    }
    reader.releaseLock();
    hello.stdout.cancel().catch(() => {});
  }
  return `http://127.0.0.1:${port}`;
}

// --- seeding through the API -------------------------------------------------------------------

// Seeding reads a few fields of many different answers; typing each would add nothing here.
// deno-lint-ignore no-explicit-any
function call(path: string, options: CallOptions = {}): Promise<any> {
  return callApi(baseUrl, path, options);
}

async function simCall(method: string, path: string, body?: unknown) {
  const res = await fetch(`${simUrl}${path}`, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`simulator ${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

async function waitUntil<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(250);
  }
}

/** The confirmation link's userId and code, from the stack's SMTP listener or the mail folder. */
async function confirmationOf(email: string): Promise<{ userId: string; code: string }> {
  let text: string;
  if (stack) {
    const mail = await stack.smtp.waitForMail((m) => JSON.stringify(m.to ?? "").includes(email));
    text = mail.text ?? "";
  } else {
    const { simpleParser } = await import("mailparser");
    const dir = values["mail-dir"];
    text = await waitUntil(`the confirmation e-mail to ${email} in ${dir}`, 30_000, async () => {
      for await (const entry of Deno.readDir(dir)) {
        if (!entry.name.endsWith(".eml")) continue;
        const raw = await Deno.readTextFile(`${dir}/${entry.name}`);
        if (!raw.includes(email)) continue;
        const mail = await simpleParser(raw);
        if (JSON.stringify(mail.to ?? "").includes(email)) return mail.text ?? "";
      }
      return undefined;
    });
  }
  const link = /\/app\/potvrdi-email\/([^/\s]+)\/([^/\s]+)/.exec(text);
  if (!link) throw new Error("the confirmation e-mail holds no link");
  return { userId: decodeURIComponent(link[1]), code: decodeURIComponent(link[2]) };
}

interface Unit {
  id: string;
  capacity: number | null;
}

interface Seeded {
  email: string;
  evisitorUsername: string;
  units: number;
  todayCodes: string[];
  allCodes: string[];
  upcomingGuests: number;
  /** Guests queued for eVisitor before the write mix (registered while seeding). */
  registeredBefore: number;
  notificationsSince: string;
  notifications: number;
  seconds: number;
}

const runTag = Array.from(
  crypto.getRandomValues(new Uint8Array(4)),
  (b) => "ABCDEFGHJKLMNPRSTUVWXYZ"[b % 23],
).join("");

async function seed(): Promise<Seeded> {
  const started = performance.now();
  // Enough stays today that the write mix's guests, spread round-robin (autocannon builds up to
  // one request per connection it never sends), stay within every unit's capacity.
  const stays = Math.ceil((GUESTS + CONNECTIONS + SEED_REGISTERED) / (CAPACITY - 1));
  const unitsPerFacility = Math.ceil(stays / FACILITIES);
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(11)), (b) => b % 10).join("");
  const evisitorUsername = `${digits}.api`;
  const evisitorPassword = "Load-Lozinka-1";
  const facilityBase = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  log(
    `simulator: eVisitor account ${evisitorUsername} with ${FACILITIES} facilities × ` +
      `${unitsPerFacility} units of ${BEDS}+${EXTRA_BEDS} beds`,
  );
  await simCall("POST", "/__sim/hosts", {
    username: evisitorUsername,
    password: evisitorPassword,
    name: `Load ${runTag}`,
    facilities: Array.from({ length: FACILITIES }, (_, f) => {
      const typeId = crypto.randomUUID();
      return {
        code: String(facilityBase + f).padStart(7, "0"),
        name: `Apartmani Load ${runTag} ${f + 1}`,
        paymentCategories: ["1", "2", "4", "5", "6", "7", "8", "11", "14"],
        unitTypes: [{ id: typeId, nameCode: "Apartman" }],
        units: Array.from({ length: unitsPerFacility }, (_, u) => ({
          id: crypto.randomUUID(),
          typeId,
          beds: BEDS,
          extraBeds: EXTRA_BEDS,
          equivalentUnits: 1,
          sequence: u + 1,
        })),
      };
    }),
  });

  const email = `load.${runTag.toLowerCase()}.${Date.now()}@example.com`;
  log(`host ${email}: register, confirm, sign in, connect eVisitor`);
  await call("/api/Users/register", {
    method: "POST",
    body: { email, password: PASSWORD, acceptLegalDocuments: true },
  });
  const { userId, code } = await confirmationOf(email);
  await call(`/api/Users/confirmEmail?${new URLSearchParams({ userId, code })}`);
  const token = await signIn(email);
  await call("/api/ExternalAccounts", {
    method: "POST",
    body: { username: evisitorUsername, password: evisitorPassword },
    token,
  });
  const expectedUnits = FACILITIES * unitsPerFacility;
  const units = await waitUntil("the load account's properties and units", 120_000, async () => {
    const list = await call("/api/Properties?PageNumber=1&PageSize=100", { token });
    const found: Unit[] = (list?.items ?? []).flatMap((p: { accommodationUnits: Unit[] }) =>
      p.accommodationUnits
    );
    return found.length >= expectedUnits ? found : undefined;
  });
  // The check-ins measured go to eVisitor at once: automatic check-in on (off, they would wait
  // for the host's approval, issue 20).
  const mirrored = await call("/api/Properties?PageNumber=1&PageSize=100", { token });
  for (const property of mirrored.items as { id: string }[]) {
    await call(`/api/Properties/Settings/${property.id}`, {
      method: "PUT",
      body: { propertyId: property.id, automaticCheckIn: true },
      token,
    });
  }
  if (units.some((u) => u.capacity !== CAPACITY)) {
    throw new Error(`a unit's capacity is not ${CAPACITY}: ${JSON.stringify(units[0])}`);
  }
  log(`${units.length} units provisioned; entering stays…`);

  // One stay under way today on every unit (arrived 0–2 days ago, leaving in 2–6 days).
  const today = todayIn("Europe/Zagreb");
  const plans: { unit: string; start: string; end: string; when: "today" | "past" | "future" }[] =
    units.map((u, i) => ({
      unit: u.id,
      start: addDays(today, -(i % 3)),
      end: addDays(today, 2 + (i % 5)),
      when: "today",
    }));
  // More stays before and after today, every unit in turn, in 8-day slots away from today's.
  for (let j = 0; j < EXTRA_RESERVATIONS; j++) {
    const u = j % units.length;
    const n = Math.floor(j / units.length); // this unit's n-th extra stay
    const unit = units[u].id;
    const slot = Math.floor(n / 2);
    if ((u + n) % 2 === 0) {
      const start = addDays(today, 8 + 8 * slot);
      plans.push({ unit, start, end: addDays(start, 5), when: "future" });
    } else {
      const end = addDays(today, -3 - 8 * slot);
      plans.push({ unit, start: addDays(end, -5), end, when: "past" });
    }
  }
  const codes = await pool(plans, 8, async (plan) => {
    const stay = await call("/api/Reservations", {
      method: "POST",
      token,
      body: {
        accommodationUnitId: plan.unit,
        startDateUTC: `${plan.start}T12:00:00.000Z`,
        endDateUTC: `${plan.end}T12:00:00.000Z`,
      },
    });
    return stay.code as string;
  });
  const todayCodes = codes.filter((_, i) => plans[i].when === "today");
  const futureCodes = codes.filter((_, i) => plans[i].when === "future");

  // Guests as the data of a host who has some: 2 on each upcoming stay (they wait for arrival).
  const checkIn = (code: string, i: number) =>
    call("/api/Reservations/Guests", {
      method: "POST",
      body: { reservationCode: code, reservationGuests: [guestNumber(i, runTag)] },
    });
  // (Numbers from 10,000,000 on: the write mix's guests are numbered from 0.)
  await pool(futureCodes.flatMap((c) => [c, c]), 8, (c, i) => checkIn(c, 10_000_000 + i));
  const notificationsSince = new Date().toISOString();
  // A few guests today, registered by the workers: each makes a "guest checked in" notification.
  const lastToday = todayCodes.slice(-SEED_REGISTERED);
  await pool(lastToday, 8, (c, i) => checkIn(c, 20_000_000 + i));
  const notifications = await waitUntil("the seeded guests' notifications", 60_000, async () => {
    const sync = await call(
      `/api/UserNotifications?lastSyncTimestamp=${
        encodeURIComponent(notificationsSince)
      }&pageNumber=1&pageSize=50`,
      { token },
    );
    return sync.totalCount >= SEED_REGISTERED ? sync.totalCount as number : undefined;
  });
  return {
    email,
    evisitorUsername,
    units: units.length,
    todayCodes,
    allCodes: codes,
    upcomingGuests: futureCodes.length * 2,
    registeredBefore: lastToday.length,
    notificationsSince,
    notifications,
    seconds: (performance.now() - started) / 1000,
  };
}

async function signIn(email: string): Promise<string> {
  const { accessToken } = await call("/api/Users/login", {
    method: "POST",
    body: { email, password: PASSWORD },
  });
  return accessToken;
}

// --- runs --------------------------------------------------------------------------------------

async function drive(spec: DriverSpec): Promise<DriverResult> {
  const file = await Deno.makeTempFile({ prefix: "load-spec-", suffix: ".json" });
  cleanups.push(() => Deno.remove(file));
  await Deno.writeTextFile(file, JSON.stringify(spec));
  const output = await new Deno.Command("node", {
    args: [`${ROOT}bench/load-driver.mjs`, file],
    cwd: ROOT,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error(`bench/load-driver.mjs failed (${spec.mix})`);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

interface Drain {
  expected: number;
  registered: number;
  failed: number;
  /** From the last accepted check-in to the last registration. */
  seconds: number;
  /** Accepted check-ins over the time from the first request to the last registration. */
  endToEndPerSecond: number;
  simulatorRegistrations: number;
  simulatorUniqueIds: number;
  /** Guests registered in the database whose registration id the simulator lacks. */
  lost: number;
  /** Simulator registrations of this account that match no registered guest (a second one). */
  extra: number;
  timedOut: boolean;
}

interface SimState {
  registrations: { id: string; username: string; status: string }[];
}

/** Registered and failed guests of the host so far. */
async function guestStates(token: string | undefined): Promise<Map<string, number>> {
  if (stack) {
    const rows = await db!.execute({
      sql: "select g.registration_state as state, count(*) as n from guests g " +
        "join users u on u.id = g.user_id where u.email = ? group by 1",
      args: [seeded.email],
    });
    return new Map(rows.rows.map((r) => [String(r.state), Number(r.n)]));
  }
  // Through the API: registered guests are CheckedIn; per property, the list's total.
  const properties = await call("/api/Properties?PageNumber=1&PageSize=100", { token });
  let checkedIn = 0;
  for (const p of properties.items as { id: string }[]) {
    const page = await call(
      `/api/Guests?PropertyId=${p.id}&Status=CheckedIn&PageNumber=1&PageSize=1`,
      { token },
    );
    checkedIn += page.totalCount as number;
  }
  return new Map([["registered", checkedIn]]);
}

async function drainAndVerify(
  write: DriverResult,
  writeStarted: number,
  writeEnded: number,
): Promise<Drain> {
  const accepted = write.requests - write.non2xx;
  const expected = seeded.registeredBefore + accepted;
  let token = await signIn(seeded.email);
  let tokenAt = Date.now();
  let states = new Map<string, number>();
  let timedOut = false;
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let lastLog = 0;
  while (true) {
    if (Date.now() - tokenAt > 10 * 60_000) {
      [token, tokenAt] = [await signIn(seeded.email), Date.now()];
    }
    states = await guestStates(token);
    const done = (states.get("registered") ?? 0) + (states.get("failed") ?? 0);
    if (done >= expected) break;
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    if (Date.now() - lastLog > 5000) {
      log(`  registered ${states.get("registered") ?? 0} of ${expected}…`);
      lastLog = Date.now();
    }
    await sleep(stack ? 100 : 1000);
  }
  const drained = performance.now();
  const sim: SimState = await simCall("GET", "/__sim/state");
  const mine = sim.registrations.filter((r) => r.username === seeded.evisitorUsername);
  const simIds = new Set(mine.map((r) => r.id));
  let lost = 0;
  let extra = 0;
  if (stack) {
    const rows = await db!.execute({
      sql: "select g.guid from guests g join users u on u.id = g.user_id " +
        "where u.email = ? and g.registration_state = 'registered'",
      args: [seeded.email],
    });
    const guids = new Set(rows.rows.map((r) => String(r.guid)));
    for (const guid of guids) if (!simIds.has(guid)) lost++;
    for (const id of simIds) if (!guids.has(id)) extra++;
  } else {
    lost = Math.max(0, (states.get("registered") ?? 0) - simIds.size);
    extra = Math.max(0, mine.length - (states.get("registered") ?? 0));
  }
  return {
    expected,
    registered: states.get("registered") ?? 0,
    failed: states.get("failed") ?? 0,
    seconds: (drained - writeEnded) / 1000,
    endToEndPerSecond: accepted / ((drained - writeStarted) / 1000),
    simulatorRegistrations: mine.length,
    simulatorUniqueIds: simIds.size,
    lost,
    extra,
    timedOut,
  };
}

// --- main --------------------------------------------------------------------------------------

let seeded!: Seeded;
let db: ReturnType<typeof createClient> | undefined;
let baseline!: DriverResult;
let read!: DriverResult;
let readAtTarget!: DriverResult;
let write!: DriverResult;
let drain!: Drain;
const loads: Record<string, string> = { before: loadBefore };
try {
  if (stack) {
    db = createClient({ url: stack.databaseUrl });
    cleanups.push(() => Promise.resolve(db!.close()));
  }
  const helloUrl = await startHello();
  seeded = await seed();
  log(
    `seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.allCodes.length} stays ` +
      `(${seeded.todayCodes.length} today), ${seeded.upcomingGuests} guests on upcoming stays, ` +
      `${seeded.notifications} notifications since the sync timestamp`,
  );
  const common = { connections: CONNECTIONS, warmupSeconds: WARMUP };

  loads.baseline = loadAverage();
  log(`baseline: GET / on bench/hello-hono.ts, ${CONNECTIONS} connections, ${DURATION} s…`);
  baseline = await drive({ ...common, url: helloUrl, mix: "hello", duration: DURATION });

  const readPlan: ReadPlan = {
    token: await signIn(seeded.email),
    codes: seeded.allCodes,
    notificationsSince: seeded.notificationsSince,
    listPages: Math.max(1, Math.ceil(seeded.allCodes.length / 20)),
    weights: { "checkin-data": 40, "reservations-list": 25, statistics: 15, notifications: 20 },
  };
  loads.read = loadAverage();
  log(`read mix: ${CONNECTIONS} connections, ${DURATION} s…`);
  read = await drive({ ...common, url: baseUrl, mix: "read", duration: DURATION, read: readPlan });
  loads.readAtTarget = loadAverage();
  log(`read mix at ${TARGETS.readRps} requests/s: ${CONNECTIONS} connections, ${DURATION} s…`);
  readAtTarget = await drive({
    ...common,
    url: baseUrl,
    mix: "read",
    duration: DURATION,
    read: readPlan,
    rate: TARGETS.readRps,
  });

  if (db && values["save-db"]) {
    // The data the read mix ran on, for bench/load-profile.ts (the stack's is removed at the end).
    await Deno.remove(values["save-db"]).catch(() => {});
    await db.execute({ sql: "VACUUM INTO ?", args: [values["save-db"]] });
    log(`database saved to ${values["save-db"]} (host ${seeded.email})`);
  }

  if (PAUSE_WORKERS) {
    log("stopping the workers for the write mix (--pause-workers)…");
    await stack!.kill("workers", "SIGTERM");
  }
  loads.write = loadAverage();
  log(`write mix: ${GUESTS} guest check-ins, ${CONNECTIONS} connections…`);
  const writeStarted = performance.now();
  write = await drive({
    connections: CONNECTIONS,
    url: baseUrl,
    mix: "write",
    amount: GUESTS,
    write: { codes: seeded.todayCodes, runTag },
  });
  const writeEnded = performance.now();
  if (PAUSE_WORKERS) await stack!.start("workers");
  log("waiting for the workers to register every guest in eVisitor…");
  drain = await drainAndVerify(write, writeStarted, writeEnded);
  loads.after = loadAverage();
} finally {
  await stopAll();
}

// --- report ------------------------------------------------------------------------------------

const nodeVersion = new TextDecoder().decode(
  (await new Deno.Command("node", { args: ["--version"], stdout: "piped" }).output()).stdout,
).trim();

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (r: DriverResult) => `${(r.rps / baseline.rps).toFixed(3)}`;
const header = ["run", "requests", "s", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "non-2xx"]
  .concat("× hello");
const rowOf = (name: string, r: DriverResult, rps = r.rps) => [
  name,
  fmt(r.requests),
  r.seconds.toFixed(1),
  fmt(rps),
  r.latency.p50.toFixed(1),
  r.latency.p99.toFixed(1),
  r.latency.max.toFixed(0),
  String(r.errors + r.timeouts),
  String(r.non2xx),
  r === baseline ? "1" : ratio(r),
];
function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)]
    .join("\n");
}

console.log(
  `\nLoad, ${new Date().toISOString()}, ${baseUrl}, ${CONNECTIONS} connections, ` +
    `${navigator.hardwareConcurrency} CPUs, ${API_PROCESSES} API process(es), ` +
    `Deno ${Deno.version.deno}, autocannon 9.0.0 on ` +
    `Node ${nodeVersion}${PAUSE_WORKERS ? ", workers stopped during the write mix" : ""}`,
);
console.log(
  `load average (1, 5, 15 min): before ${loads.before}; baseline ${loads.baseline}; ` +
    `read ${loads.read}; read at ${TARGETS.readRps}/s ${loads.readAtTarget}; ` +
    `write ${loads.write}; after ${loads.after}`,
);
console.log(
  `data: ${seeded.units} units, ${seeded.allCodes.length} stays (${seeded.todayCodes.length} ` +
    `under way today), ${seeded.upcomingGuests} guests waiting on upcoming stays, ` +
    `${seeded.notifications} notifications in the sync window\n`,
);
console.log(table(header, [
  rowOf("hello (baseline)", baseline),
  rowOf("read mix, as fast as it goes", read),
  rowOf(`read mix at ${fmt(TARGETS.readRps)} req/s`, readAtTarget),
  rowOf("write mix (guest check-ins)", write),
]));
console.log("\nread mix by request (as fast as it goes):");
console.log(table(
  ["request", "share", "requests", "p50 ms", "p99 ms", "non-2xx"],
  Object.entries(read.byKind).map(([kind, k]) => [
    kind,
    `${((k.requests / read.requests) * 100).toFixed(0)}%`,
    fmt(k.requests),
    k.latency.p50.toFixed(1),
    k.latency.p99.toFixed(1),
    String(k.non2xx),
  ]),
));
const accepted = write.requests - write.non2xx;
console.log(
  `\nwrite mix: ${fmt(accepted)} of ${fmt(write.requests)} check-ins accepted in ` +
    `${write.seconds.toFixed(1)} s = ${fmt(write.okPerSecond)} accepted/s ` +
    `(status codes ${JSON.stringify(write.statusCodes)})`,
);
console.log(
  `workers: ${fmt(drain.registered)} of ${fmt(drain.expected)} guests registered ` +
    `(${drain.failed} failed${drain.timedOut ? ", TIMED OUT" : ""}), the last ` +
    `${drain.seconds.toFixed(1)} s after the last check-in was accepted; end to end ` +
    `${fmt(drain.endToEndPerSecond)} guests/s (first check-in sent → last registered)`,
);
console.log(
  `simulator: ${fmt(drain.simulatorRegistrations)} registrations for the account ` +
    `(${fmt(drain.simulatorUniqueIds)} distinct ids); lost ${drain.lost}, twice ${drain.extra}`,
);
for (const r of [baseline, read, readAtTarget, write]) {
  for (const s of r.samples) console.log(`  ${r.mix} ${s.kind} ${s.status}: ${s.body}`);
}

// The read target is a throughput and a latency at it: the product must keep up with 1,500
// requests/s (the run as fast as it goes shows it can, and how much more), and while serving
// 1,500 requests/s its p99 must stay under 50 ms. As fast as it goes, the latency is the queue
// of the connections waiting (50 connections / requests/s), reported but not the target.
const missed: string[] = [];
if (read.rps < TARGETS.readRps) {
  missed.push(`read mix ${fmt(read.rps)} requests/s < ${fmt(TARGETS.readRps)}`);
}
if (readAtTarget.rps < TARGETS.readRps * 0.98) {
  missed.push(
    `read mix at ${fmt(TARGETS.readRps)}/s kept up with only ${fmt(readAtTarget.rps)} requests/s`,
  );
}
if (readAtTarget.latency.p99 >= TARGETS.readP99Ms) {
  missed.push(
    `read mix at ${fmt(TARGETS.readRps)}/s: p99 ${readAtTarget.latency.p99.toFixed(1)} ms ≥ ` +
      `${TARGETS.readP99Ms} ms`,
  );
}
for (
  const [name, r] of [["read mix", read], [
    `read mix at ${TARGETS.readRps}/s`,
    readAtTarget,
  ]] as const
) {
  if (r.errors + r.timeouts + r.non2xx > 0) {
    missed.push(
      `${name} errors: ${r.errors} connection, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`,
    );
  }
}
if (write.okPerSecond < TARGETS.writeAcceptedPerSecond) {
  missed.push(
    `write mix ${fmt(write.okPerSecond)} accepted/s < ${TARGETS.writeAcceptedPerSecond}`,
  );
}
if (accepted < GUESTS || write.errors + write.timeouts > 0) {
  missed.push(`write mix: ${fmt(GUESTS - accepted)} check-ins not accepted`);
}
if (drain.registered !== drain.expected || drain.lost || drain.extra || drain.failed) {
  missed.push(
    `registrations: ${drain.registered} of ${drain.expected} registered, ${drain.failed} ` +
      `failed, ${drain.lost} lost, ${drain.extra} twice`,
  );
}
console.log(
  missed.length === 0
    ? "\nverdict: every target met"
    : `\nverdict: targets missed:\n${missed.map((m) => `  ${m}`).join("\n")}`,
);

if (values.json) {
  await Deno.writeTextFile(
    values.json,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        baseUrl,
        cpus: navigator.hardwareConcurrency,
        deno: Deno.version.deno,
        node: nodeVersion,
        settings: {
          pauseWorkers: PAUSE_WORKERS,
          connections: CONNECTIONS,
          duration: DURATION,
          warmup: WARMUP,
          guests: GUESTS,
          reservations: EXTRA_RESERVATIONS,
          apiProcesses: API_PROCESSES,
        },
        loadAverage: loads,
        seeded: {
          ...seeded,
          allCodes: seeded.allCodes.length,
          todayCodes: seeded.todayCodes.length,
        },
        baseline,
        read: { ...read, ratioToBaseline: read.rps / baseline.rps },
        readAtTarget,
        write: { ...write, ratioToBaseline: write.rps / baseline.rps },
        drain,
        targets: TARGETS,
        missed,
      },
      null,
      2,
    ) + "\n",
  );
}
if (values.budget && missed.length > 0) Deno.exit(1);
