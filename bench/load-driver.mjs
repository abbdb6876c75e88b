/**
 * The load generator of bench/load.ts: autocannon's programmatic API, run by Node as a process of
 * its own.
 *
 *   node bench/load-driver.mjs spec.json     # prints one DriverResult (bench/load.ts) as JSON
 *
 * Why Node and not Deno: autocannon 9 does run under Deno (node compatibility), but its client
 * (node:net sockets, http-parser-js) is about 4× slower there: on the 2-core reference machine it
 * tops out near 17,000 requests/s against the bare Hono baseline where Node drives 70,000. The
 * baseline would then measure the load generator, not the server, and the ratios would be wrong.
 * A process of its own also keeps its cost off the eVisitor simulator, which bench/load.ts runs
 * in-process when it starts the stack.
 *
 * One mix per call: "hello" (the baseline's GET /), "read" (the weighted read mix) or "write"
 * (guest check-ins, one new guest each). Latency is autocannon's own per-response timing in
 * fractional milliseconds (its summary rounds to whole ones), for every response whatever its
 * status, overall and per kind of request.
 */
import { readFile } from "node:fs/promises";
import autocannon from "autocannon";
import { guestNumber } from "./load-guests.mjs";

/** Percentiles of a list of milliseconds (nearest rank). @param {Float64Array} values */
function latencyOf(values) {
  const sorted = values.slice().sort();
  const at = (q) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : 0,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted.length ? sorted[sorted.length - 1] : 0,
  };
}

/** A growable list of numbers. */
class Samples {
  #data = new Float64Array(1 << 16);
  #length = 0;
  /** @param {number} value */
  push(value) {
    if (this.#length === this.#data.length) {
      const bigger = new Float64Array(this.#data.length * 2);
      bigger.set(this.#data);
      this.#data = bigger;
    }
    this.#data[this.#length++] = value;
  }
  values() {
    return this.#data.subarray(0, this.#length);
  }
}

/** The next request of a mix; the counter is shared by every connection. */
function requestMaker(spec) {
  if (spec.mix === "hello") {
    return () => ({ method: "GET", path: "/", headers: {}, kind: "hello" });
  }
  if (spec.mix === "write") {
    const plan = spec.write;
    let next = 0;
    return () => {
      const i = next++;
      return {
        method: "POST",
        path: "/api/Reservations/Guests",
        headers: { "Content-Type": "application/json", "Accept-Language": "hr" },
        body: JSON.stringify({
          reservationCode: plan.codes[i % plan.codes.length],
          reservationGuests: [guestNumber(i, plan.runTag)],
        }),
        kind: "guest-checkin",
      };
    };
  }
  const plan = spec.read;
  const auth = { Authorization: `Bearer ${plan.token}` };
  const kinds = Object.entries(plan.weights);
  const total = kinds.reduce((sum, [, w]) => sum + w, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const [kind, w] of kinds) {
      if ((r -= w) < 0) return kind;
    }
    return kinds[kinds.length - 1][0];
  };
  const since = encodeURIComponent(plan.notificationsSince);
  return () => {
    const kind = pick();
    switch (kind) {
      case "checkin-data": {
        const code = plan.codes[Math.floor(Math.random() * plan.codes.length)];
        return {
          method: "GET",
          path: `/api/Reservations/${encodeURIComponent(code)}`,
          headers: { "Accept-Language": "hr" },
          kind,
        };
      }
      case "reservations-list": {
        const page = 1 + Math.floor(Math.random() * plan.listPages);
        return {
          method: "GET",
          // What the reservations page asks (ReservationList.tsx): 20 a page by arrival.
          path: `/api/Reservations?PageNumber=${page}&PageSize=20&SortBy=startDate` +
            "&SortDescending=false&ReservationFilter=0",
          headers: auth,
          kind,
        };
      }
      case "statistics":
        return { method: "GET", path: "/api/Statistics", headers: auth, kind };
      case "notifications":
        return {
          method: "GET",
          path: `/api/UserNotifications?lastSyncTimestamp=${since}&pageNumber=1&pageSize=50`,
          headers: auth,
          kind,
        };
      default:
        throw new Error(`unknown kind ${kind}`);
    }
  };
}

async function run(spec, measure) {
  const make = requestMaker(spec);
  /** @type {Map<string, {latency: Samples, requests: number, non2xx: number}>} */
  const perKind = new Map();
  const all = new Samples();
  const samples = [];
  const started = performance.now();
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    pipelining: 1,
    timeout: 10,
    ...(measure.amount ? { amount: measure.amount } : { duration: measure.duration }),
    // A fixed pace (requests/s over all connections) instead of as fast as answers come back.
    ...(spec.rate ? { overallRate: spec.rate } : {}),
    requests: [{
      // Called for every request with a fresh context (one request in the list).
      setupRequest: (req, context) => {
        const built = make();
        context.kind = built.kind;
        return {
          ...req,
          method: built.method,
          path: built.path,
          headers: built.headers,
          body: built.body ?? "",
        };
      },
      onResponse: (status, body, context) => {
        if ((status < 200 || status > 299) && samples.length < 8) {
          samples.push({ kind: context.kind, status, body: String(body).slice(0, 300) });
        }
      },
    }],
  });
  // The context still belongs to the request answered: the next is built after this event.
  instance.on("response", (client, status, _bytes, ms) => {
    const kind = client.requestIterator.context.kind ?? "?";
    let entry = perKind.get(kind);
    if (!entry) perKind.set(kind, entry = { latency: new Samples(), requests: 0, non2xx: 0 });
    entry.requests++;
    if (status < 200 || status > 299) entry.non2xx++;
    entry.latency.push(ms);
    all.push(ms);
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return { result, seconds, perKind, all, samples };
}

async function drive(spec) {
  if (spec.warmupSeconds) await run(spec, { duration: spec.warmupSeconds });
  const measured = await run(spec, { duration: spec.duration, amount: spec.amount });
  const { result, perKind, all, samples } = measured;
  // A timed run lasts its duration (autocannon's clock); a counted one as long as it took.
  const seconds = spec.amount ? measured.seconds : (result.duration ?? measured.seconds);
  const requests = all.values().length;
  const statusCodes = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = count;
  }
  const byKind = {};
  for (const [kind, entry] of perKind) {
    byKind[kind] = {
      requests: entry.requests,
      non2xx: entry.non2xx,
      latency: latencyOf(entry.latency.values()),
    };
  }
  return {
    mix: spec.mix,
    connections: spec.connections,
    seconds,
    requests,
    rps: requests / seconds,
    okPerSecond: (requests - result.non2xx) / seconds,
    latency: latencyOf(all.values()),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    byKind,
    samples,
    autocannon: {
      requestsAverage: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
    },
  };
}

const spec = JSON.parse(await readFile(process.argv[2], "utf8"));
console.log(JSON.stringify(await drive(spec)));
