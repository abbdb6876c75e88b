/**
 * The NATS failover scenarios of issue 19 item 11, shared by tests/chaos/nats-failover.chaos.test.ts
 * (which asserts on the figures) and bench/nats-failover.ts (which prints them): the product on a
 * three-node JetStream cluster (tests/support/stack.ts with `natsCluster`), guests checking in
 * at a steady pace while the node the workers use, which also leads the check-in consumer (and
 * the EVISITOR stream when it can be arranged), is SIGKILLed; and the cluster losing its quorum.
 */
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { DocumentType, Gender } from "@shared/enums.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { addSimHost, call, connectEVisitor, registerHost, Timeline } from "./chaos-stack.ts";
import type { TestNatsNode } from "./nats-server.ts";
import { pool } from "./pool.ts";
import { startStack, type TestStack } from "./stack.ts";
import { waitFor } from "./wait.ts";

export const CHECK_IN_STREAM = "EVISITOR";
export const CHECK_IN_CONSUMER = "evisitor_guest_checkin";

/** What the failover stack runs: the registration pipeline only, fast retries. */
const FAILOVER_ENV = {
  RATE_LIMITS: "off",
  LOG_LEVEL: "info",
  WORKERS: "relay,notifications,evisitor",
  RETRY_BASE_MS: "100",
  RETRY_MAX_MS: "1000",
  MAX_DELIVERIES: "40",
  RELAY_INTERVAL_MS: "50",
};

const SIM_HOST = { username: "55500066600.api", password: "Cvor-Lozinka-1" };

export interface FailoverStack {
  stack: TestStack;
  token: string;
  /** Stay codes, one per unit, `perStay` guests each. */
  codes: string[];
  /** The `test` user's connection to the cluster, for leader placement and inspection. */
  admin: NatsConnection;
  stop(): Promise<void>;
}

/** The stack on a cluster, a host with an eVisitor facility of `stays` units, a stay in each. */
export async function startFailoverStack(stays: number): Promise<FailoverStack> {
  const stack = await startStack({ env: FAILOVER_ENV, natsCluster: true });
  try {
    const typeId = crypto.randomUUID();
    await addSimHost(stack, {
      ...SIM_HOST,
      name: "Čvor d.o.o.",
      facilities: [{
        code: "0099002",
        name: "Apartmani Čvor",
        paymentCategories: ["1", "2", "4", "5", "6", "7", "8", "11", "14"],
        unitTypes: [{ id: typeId, nameCode: "Apartman" }],
        units: Array.from({ length: stays }, (_, u) => ({
          id: crypto.randomUUID(),
          typeId,
          beds: 4,
          extraBeds: 1,
          equivalentUnits: 1,
          sequence: u + 1,
        })),
      }],
    });
    const token = await registerHost(stack, "cvor.domacin@example.com");
    const properties = await connectEVisitor(stack, token, SIM_HOST, stays);
    const units = properties.flatMap((p) => p.accommodationUnits);
    const today = todayIn("Europe/Zagreb");
    const codes = await pool(
      units,
      4,
      async (unit) =>
        (await call<{ code: string }>(stack, "/api/Reservations", {
          method: "POST",
          token,
          body: {
            accommodationUnitId: unit.id,
            startDateUTC: `${today}T12:00:00.000Z`,
            endDateUTC: `${addDays(today, 3)}T12:00:00.000Z`,
          },
        })).code,
    );
    const admin = await connect({
      ...natsConnectOptions(stack.nats.urls.test, "failover-test"),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 200,
    });
    return {
      stack,
      token,
      codes,
      admin,
      stop: async () => {
        await admin.close();
        await stack.stop();
      },
    };
  } catch (error) {
    const logs = (await stack.logs().catch(() => "")).split("\n")
      .filter((l) => /"level":"(warn|error)"/.test(l) || (l && !l.startsWith("{")));
    console.error(`set-up failed; last warnings:\n${logs.slice(-40).join("\n")}`);
    await stack.stop();
    throw error;
  }
}

/** Guest `i`: a Danish adult with a unique name and passport number. */
export function failoverGuest(i: number) {
  return {
    firstName: ["Ana", "Ivo", "Mia", "Luka", "Eva"][i % 5],
    surname: `Cvor${String.fromCharCode(97 + Math.floor(i / 26) % 26)}${
      String.fromCharCode(97 + i % 26)
    }`,
    gender: i % 2 === 0 ? Gender.Female : Gender.Male,
    dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
    citizenship: "DNK",
    countryOfBirth: "DNK",
    cityOfBirth: "Aarhus",
    countryOfResidence: "DNK",
    cityOfResidence: "København",
    documentType: DocumentType.Passport,
    documentNumber: String(800_000_000 + i),
  };
}

/** The server names leading the check-in consumer and its stream. */
export async function leaders(
  admin: NatsConnection,
  timeout = 2000,
): Promise<{ stream?: string; consumer?: string }> {
  const jsm = await jetstreamManager(admin, { timeout, checkAPI: false });
  const stream = await jsm.streams.info(CHECK_IN_STREAM);
  const consumer = await jsm.consumers.info(CHECK_IN_STREAM, CHECK_IN_CONSUMER);
  return { stream: stream.cluster?.leader, consumer: consumer.cluster?.leader };
}

/**
 * Moves the leadership of the check-in consumer (required) and of its stream (when it can be
 * arranged in a few tries) to `node`, by asking the current leader to step down until the
 * election lands there.
 */
export async function placeLeaders(admin: NatsConnection, node: string): Promise<void> {
  const stepDown = async (what: "stream" | "consumer", tries: number) => {
    for (let i = 0; i < tries; i++) {
      const now = await waitFor(async () => {
        try {
          const found = (await leaders(admin))[what];
          return found ?? false;
        } catch {
          return false;
        }
      }, { timeoutMs: 20_000, intervalMs: 200, what: `a ${what} leader` });
      if (now === node) return true;
      const subject = what === "stream"
        ? `$JS.API.STREAM.LEADER.STEPDOWN.${CHECK_IN_STREAM}`
        : `$JS.API.CONSUMER.LEADER.STEPDOWN.${CHECK_IN_STREAM}.${CHECK_IN_CONSUMER}`;
      await admin.request(subject, "", { timeout: 5000 }).catch(() => {});
      await waitFor(async () => {
        try {
          const found = (await leaders(admin))[what];
          return found !== undefined && found !== now;
        } catch {
          return false;
        }
      }, { timeoutMs: 20_000, intervalMs: 200, what: `a new ${what} leader` });
    }
    return false;
  };
  await stepDown("stream", 6);
  if (!await stepDown("consumer", 12)) {
    throw new Error(`could not move the check-in consumer's leadership to ${node}`);
  }
}

/** Resolves once the check-in consumer's leader is a node other than `old`. */
async function untilNewLeader(admin: NatsConnection, old: string): Promise<void> {
  await waitFor(async () => {
    try {
      const { consumer } = await leaders(admin, 500);
      return consumer !== undefined && consumer !== old;
    } catch {
      return false;
    }
  }, { timeoutMs: 60_000, intervalMs: 100, what: "a new check-in consumer leader" });
}

/** Registration ids (guest GUIDs) the simulator holds for the host, with the first time seen. */
class RegistrationWatch {
  readonly seen = new Map<string, { at: number; document: string }>();
  readonly registrations: { id: string; document: string; status: string }[] = [];
  #running = true;
  #loop: Promise<void>;

  constructor(stack: TestStack, private readonly clock: () => number) {
    this.#loop = (async () => {
      while (this.#running) {
        const state = await stack.evisitor.control.state().catch(() => undefined);
        if (state) {
          this.registrations.length = 0;
          for (const r of state.registrations) {
            if (r.username !== SIM_HOST.username) continue;
            const document = String(r.fields.DocumentNumber);
            this.registrations.push({ id: r.id, document, status: r.status });
            if (!this.seen.has(r.id)) this.seen.set(r.id, { at: this.clock(), document });
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
  }

  async stop() {
    this.#running = false;
    await this.#loop;
  }
}

export interface NodeFailoverFigures {
  guests: number;
  /** Seconds from the start of the run. */
  faultAt: number;
  /** The node killed, and the leaders it held. */
  killed: string;
  ledStream: boolean;
  /** Seconds from the kill until the cluster named a new leader of the check-in consumer. */
  newLeaderSeconds: number;
  /**
   * The stall: the longest time without any registration after the kill (guests check in every
   * `paceMs`, so the flow never pauses that long otherwise).
   */
  stallSeconds: number;
  /** For each guest: seconds from max(its check-in, the kill) to its registration. */
  latenessSeconds: number[];
  /** Guests checked in before the kill and not registered at it. */
  pendingAtFault: number;
  /** Active registrations per document number that appear more than once. */
  duplicates: string[];
  /** Documents with no registration at the end. */
  missing: string[];
  /** Seconds from the kill until every guest was registered. */
  drainedSeconds: number;
  timeline: readonly string[];
  /** What the API and the workers logged about NATS after the kill (failoverLogLines). */
  logLines: string[];
}

/**
 * Guests check in one by one every `paceMs`; when `killAfter` of them are in, the workers' node
 * (n1, leading the check-in consumer) is SIGKILLed. Waits until every guest is registered (or
 * `timeoutMs`) and reports when each was.
 */
export async function runNodeFailover(
  env: FailoverStack,
  { guests, paceMs, killAfter, timeoutMs = 90_000 }: {
    guests: number;
    paceMs: number;
    killAfter: number;
    timeoutMs?: number;
  },
): Promise<NodeFailoverFigures> {
  const { stack, admin, codes } = env;
  const cluster = stack.natsCluster!;
  const victim: TestNatsNode = cluster.nodes[0];
  const timeline = new Timeline("nats-failover");
  const clock = () => timeline.seconds();
  await placeLeaders(admin, victim.name);
  const before = await leaders(admin);
  timeline.mark(`leaders: stream ${before.stream}, check-in consumer ${before.consumer}`);

  const watch = new RegistrationWatch(stack, clock);
  const checkedInAt = new Map<string, number>();
  const checkIn = async (i: number) => {
    const guest = failoverGuest(i);
    await call(stack, "/api/Reservations/Guests", {
      method: "POST",
      body: { reservationCode: codes[i % codes.length], reservationGuests: [guest] },
      timeoutMs: 20_000,
    });
    checkedInAt.set(guest.documentNumber, clock());
  };
  // One guest first, so the pipeline is known to flow before anything is measured.
  await checkIn(0);
  await waitFor(() => watch.seen.size >= 1, {
    timeoutMs: 60_000,
    intervalMs: 100,
    what: "the first registration",
  }).catch(async (error) => {
    await watch.stop();
    const lines = (await stack.logs()).split("\n").filter((l) =>
      /"level":"(warn|error)"|consumer|nats/.test(l) && !l.includes("outbox publish failed")
    );
    throw new Error(`${error.message}; logs:\n${lines.slice(-60).join("\n")}`);
  });

  timeline.mark("first guest registered; the stream of check-ins begins");

  let faultAt = Number.NaN;
  let faultWallClock = 0;
  let newLeader: Promise<number> = Promise.resolve(Number.NaN);
  let pendingAtFault = 0;
  const sending = (async () => {
    for (let i = 1; i < guests; i++) {
      const started = performance.now();
      if (i === killAfter) {
        pendingAtFault = checkedInAt.size - watch.seen.size;
        await victim.kill();
        faultAt = clock();
        faultWallClock = Date.now();
        newLeader = untilNewLeader(admin, victim.name).then(() => clock() - faultAt);
        timeline.mark(
          `${victim.name} SIGKILLed (${watch.seen.size} registered, ${pendingAtFault} waiting)`,
        );
      }
      await checkIn(i);
      const rest = paceMs - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  await sending;
  timeline.mark(`all ${guests} guests checked in`);
  await waitFor(() => watch.seen.size >= guests, {
    timeoutMs,
    intervalMs: 100,
    what: `${guests} registrations`,
  }).catch(() => {});
  // A moment more for a late duplicate to show up.
  await new Promise((r) => setTimeout(r, 1000));
  await watch.stop();
  const registeredAt = new Map([...watch.seen.values()].map((s) => [s.document, s.at]));
  const drained = Math.max(...registeredAt.values());
  timeline.mark(`every guest registered (${(drained - faultAt).toFixed(1)} s after the kill)`);

  const logLines = await failoverLogLines(stack, faultWallClock);

  const documents = Array.from({ length: guests }, (_, i) => failoverGuest(i).documentNumber);
  const counts = new Map<string, number>();
  for (const r of watch.registrations) {
    if (r.status === "active") counts.set(r.document, (counts.get(r.document) ?? 0) + 1);
  }
  const after = [faultAt, ...[...registeredAt.values()].filter((at) => at >= faultAt)]
    .sort((a, b) => a - b);
  return {
    guests,
    faultAt,
    killed: victim.name,
    newLeaderSeconds: await newLeader,
    ledStream: before.stream === victim.name,
    stallSeconds: Math.max(...after.slice(1).map((at, i) => at - after[i])),
    latenessSeconds: documents.map((doc) => {
      const at = registeredAt.get(doc);
      const inAt = checkedInAt.get(doc) ?? faultAt;
      return at === undefined ? Number.POSITIVE_INFINITY : at - Math.max(inAt, faultAt);
    }),
    pendingAtFault,
    duplicates: [...counts].filter(([, n]) => n > 1).map(([doc]) => doc),
    missing: documents.filter((doc) => !counts.has(doc)),
    drainedSeconds: drained - faultAt,
    timeline: timeline.entries(),
    logLines,
  };
}

/**
 * The workers' and the API's log lines about NATS after `since` (wall clock), as
 * "+seconds message {fields}" relative to it: disconnects, reconnects, stalls, failed publishes.
 */
export async function failoverLogLines(stack: TestStack, since: number): Promise<string[]> {
  const wanted =
    /nats (dis|re)connected|consumer (stalled|resumed|unavailable)|publish failed|jetstream/;
  const lines: string[] = [];
  // The relay retries every RELAY_INTERVAL_MS and logs each failure: summed up in one line.
  const relay = { count: 0, first: 0, last: 0 };
  for (const line of (await stack.logs()).split("\n")) {
    if (!line.startsWith("{")) {
      // A process's own last words (an uncaught error) are not JSON.
      if (line.trim()) lines.push(`  ${line.slice(0, 300)}`);
      continue;
    }
    try {
      const { time, msg, level: _level, ...fields } = JSON.parse(line);
      const at = Date.parse(time);
      if (at < since || !wanted.test(msg)) continue;
      if (msg === "outbox publish failed, will retry") {
        if (relay.count++ === 0) relay.first = at;
        relay.last = at;
        continue;
      }
      lines.push(`  log +${((at - since) / 1000).toFixed(2)}s ${msg} ${JSON.stringify(fields)}`);
    } catch {
      // not a log line
    }
  }
  if (relay.count > 0) {
    lines.push(
      `  log +${((relay.first - since) / 1000).toFixed(2)}s…+${
        ((relay.last - since) / 1000).toFixed(2)
      }s outbox publish failed, will retry (${relay.count} times)`,
    );
  }
  return lines;
}

export interface QuorumFigures {
  /** Seconds from the second node's kill until /api/health said JetStream is down. */
  detectedSeconds: number;
  /** What health answered then. */
  downAnswer: { status: number; body: unknown };
  /** Seconds from a node's restart until /api/health said ready again. */
  recoveredSeconds: number;
  /** A guest checked in while the quorum was lost: seconds from the restart to its registration. */
  registeredAfterRestoreSeconds: number;
  /** Seconds from the kills to the node's restart. */
  restartedAfterSeconds: number;
  /** What the processes logged about NATS from the kills on (failoverLogLines). */
  logLines: string[];
}

/** /api/health as a load balancer asks it. */
export async function health(stack: TestStack): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.baseUrl}/api/health`);
  return { status: res.status, body: await res.json() };
}

/**
 * Two of the three nodes killed (the cluster keeps no quorum; the survivor still takes
 * connections), a guest checked in meanwhile; then one node started again. Reports when
 * /api/health said so, and when that guest was registered. Starts from every node running.
 */
export async function runQuorumLoss(
  env: FailoverStack,
  guestIndex: number,
): Promise<QuorumFigures> {
  const { stack } = env;
  const [n1, n2] = stack.natsCluster!.nodes;
  await waitFor(async () => (await health(stack)).status === 200, {
    timeoutMs: 60_000,
    intervalMs: 200,
    what: "health ready before the quorum is lost",
  });
  await n1.kill();
  await n2.kill();
  const killedAt = performance.now();
  const killedAtWall = Date.now();
  const down = await waitFor(async () => {
    // Connected again (to the survivor), yet JetStream without its quorum.
    const h = await health(stack);
    return h.status === 503 && (h.body as { nats?: string }).nats === "up" && h;
  }, { timeoutMs: 30_000, intervalMs: 100, what: "health to report JetStream down" });
  const detectedSeconds = (performance.now() - killedAt) / 1000;
  // The API takes the check-in: it waits in the outbox.
  const guest = failoverGuest(guestIndex);
  await call(stack, "/api/Reservations/Guests", {
    method: "POST",
    body: { reservationCode: env.codes[guestIndex % env.codes.length], reservationGuests: [guest] },
    timeoutMs: 20_000,
  });
  await n2.start();
  const restartedAt = performance.now();
  await waitFor(async () => (await health(stack)).status === 200, {
    timeoutMs: 60_000,
    intervalMs: 100,
    what: "health to report ready again",
  });
  const recoveredSeconds = (performance.now() - restartedAt) / 1000;
  await waitFor(async () => {
    const state = await stack.evisitor.control.state();
    return state.registrations.some((r) =>
      String(r.fields.DocumentNumber) === guest.documentNumber
    );
  }, {
    timeoutMs: 60_000,
    intervalMs: 100,
    what: "the guest checked in without quorum to be registered",
  });
  return {
    detectedSeconds,
    downAnswer: down,
    recoveredSeconds,
    registeredAfterRestoreSeconds: (performance.now() - restartedAt) / 1000,
    restartedAfterSeconds: (restartedAt - killedAt) / 1000,
    logLines: await failoverLogLines(stack, killedAtWall),
  };
}

export interface StepDownFigures {
  /** The consumer's leader before and after. */
  from: string;
  to: string;
  /** Seconds from the step-down request until the guest checked in right after was registered. */
  registeredSeconds: number;
}

/**
 * Leadership of the check-in consumer moves (its leader asked to step down, as an operator or a
 * rolling restart does) while every node stays up; a guest checks in right after. Reports how long
 * that guest waited. Needs a cluster with a quorum.
 */
export async function runLeaderStepDown(
  env: FailoverStack,
  guestIndex: number,
): Promise<StepDownFigures> {
  const { stack, admin } = env;
  const before = await waitFor(async () => {
    try {
      return (await leaders(admin)).consumer ?? false;
    } catch {
      return false;
    }
  }, { timeoutMs: 30_000, intervalMs: 200, what: "a check-in consumer leader" });
  const asked = performance.now();
  await admin.request(
    `$JS.API.CONSUMER.LEADER.STEPDOWN.${CHECK_IN_STREAM}.${CHECK_IN_CONSUMER}`,
    "",
    { timeout: 5000 },
  );
  const guest = failoverGuest(guestIndex);
  await call(stack, "/api/Reservations/Guests", {
    method: "POST",
    body: { reservationCode: env.codes[guestIndex % env.codes.length], reservationGuests: [guest] },
    timeoutMs: 20_000,
  });
  await waitFor(async () => {
    const state = await stack.evisitor.control.state();
    return state.registrations.some((r) =>
      String(r.fields.DocumentNumber) === guest.documentNumber
    );
  }, { timeoutMs: 60_000, intervalMs: 100, what: "the guest checked in after the step-down" });
  const registeredSeconds = (performance.now() - asked) / 1000;
  const after = (await leaders(admin)).consumer ?? "";
  return { from: before, to: after, registeredSeconds };
}
