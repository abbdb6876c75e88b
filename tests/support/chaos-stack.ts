/**
 * What the chaos suites (tests/chaos/) share: a host made through the public API on a running
 * stack (tests/support/stack.ts), calls that survive the API being killed, a timeline of the
 * faults injected, and the end-of-run checks of the event backbone (outbox, consumers, dead
 * letters) made from outside the product.
 *
 * `CHAOS_FULL=1` selects the full run; without it the suites run their shorter CI variant.
 */
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { count, isNull } from "drizzle-orm";
import { createDatabase, type Database } from "@core/db/client.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { ApiError, callApi, type CallOptions } from "./api-call.ts";
import type { TestStack } from "./stack.ts";
import { waitFor } from "./wait.ts";

export const CHAOS_FULL = Deno.env.get("CHAOS_FULL") === "1";

export const CHAOS_PASSWORD = "Kaos-Oluja-2026!";

/** Settings every chaos stack runs with (on top of the stack's test defaults). */
export const CHAOS_ENV = {
  // 200 check-ins from one address are the test, not abuse.
  RATE_LIMITS: "off",
  LOG_LEVEL: "info",
  // No document photos here: the MRZ reader would only take CPU from a busy machine.
  WORKERS: "relay,notifications,evisitor,calendar,scheduler",
};

export { ApiError, type CallOptions } from "./api-call.ts";
export { pool } from "./pool.ts";

/**
 * One call to the stack's API (api-call.ts), given up after 30 s unless told otherwise: a request
 * to a process being killed can hang.
 */
export function call<T = unknown>(
  stack: TestStack,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  return callApi<T>(stack.baseUrl, path, { timeoutMs: 30_000, ...options });
}

/** The API did not answer at all (killed, restarting), or answered as a process going down. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 502;
  return true;
}

/**
 * `call`, repeated while the API is unreachable (as a browser's retry would): for the reads and
 * host actions a chaos test makes while it may be killing the API.
 */
export async function callPatiently<T = unknown>(
  stack: TestStack,
  path: string,
  options: CallOptions = {},
  { timeoutMs = 90_000 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    try {
      return await call<T>(stack, path, options);
    } catch (error) {
      if (!isUnreachable(error) || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** What happened when, relative to the start of the chaos, for the summary. */
export class Timeline {
  readonly #start = performance.now();
  readonly #entries: string[] = [];

  constructor(readonly tag: string) {}

  seconds(): number {
    return (performance.now() - this.#start) / 1000;
  }

  mark(what: string): void {
    const line = `t+${this.seconds().toFixed(1).padStart(5)}s ${what}`;
    this.#entries.push(line);
    console.log(`[${this.tag}] ${line}`);
  }

  entries(): readonly string[] {
    return this.#entries;
  }
}

/** A host made as a person would: register, the confirmation link from the e-mail, sign in. */
export async function registerHost(stack: TestStack, email: string): Promise<string> {
  await call(stack, "/api/Users/register", {
    method: "POST",
    body: { email, password: CHAOS_PASSWORD, acceptLegalDocuments: true },
  });
  const mail = await stack.smtp.waitForMail(
    (m) => JSON.stringify(m.to ?? "").includes(email),
    60_000,
  );
  const link = /\/app\/potvrdi-email\/([^/\s]+)\/([^/\s]+)/.exec(mail.text ?? "");
  if (!link) throw new Error("the confirmation e-mail holds no link");
  const query = new URLSearchParams({
    userId: decodeURIComponent(link[1]),
    code: decodeURIComponent(link[2]),
  });
  await call(stack, `/api/Users/confirmEmail?${query}`);
  return await signIn(stack, email);
}

export async function signIn(stack: TestStack, email: string): Promise<string> {
  const tokens = await callPatiently<{ accessToken: string }>(stack, "/api/Users/login", {
    method: "POST",
    body: { email, password: CHAOS_PASSWORD, acceptLegalDocuments: true },
  });
  return tokens.accessToken;
}

export interface UnitView {
  id: string;
  code: string;
  name: string;
  capacity: number | null;
}

export interface PropertyView {
  id: string;
  name: string;
  accommodationUnits: UnitView[];
}

/**
 * Connects an eVisitor account of the simulator and waits until the worker has mirrored its
 * facilities and at least `units` units.
 */
export async function connectEVisitor(
  stack: TestStack,
  token: string,
  account: { username: string; password: string },
  units: number,
): Promise<PropertyView[]> {
  await call(stack, "/api/ExternalAccounts", { method: "POST", body: account, token });
  await waitFor(async () => {
    const list = await call<{ items: { status: number }[] }>(
      stack,
      "/api/ExternalAccounts?PageNumber=1&PageSize=10",
      { token },
    );
    return list.items[0]?.status === 2;
  }, { timeoutMs: 90_000, intervalMs: 250, what: "the eVisitor account to be synchronized" });
  const mirrored = await waitFor(async () => {
    const list = await call<{ items: PropertyView[] }>(
      stack,
      "/api/Properties?PageNumber=1&PageSize=20",
      { token },
    );
    const found = list.items.flatMap((p) => p.accommodationUnits).length;
    return found >= units && list.items;
  }, { timeoutMs: 60_000, intervalMs: 250, what: `${units} units to be mirrored` });
  // Door guests go to eVisitor at once (with it off they wait for the host's approval).
  for (const property of mirrored) {
    await call(stack, `/api/Properties/Settings/${property.id}`, {
      method: "PUT",
      body: { propertyId: property.id, automaticCheckIn: true },
      token,
    });
  }
  return mirrored;
}

/** Adds an eVisitor account to the simulator (its control API, as `bench/load.ts` does). */
export async function addSimHost(stack: TestStack, host: unknown): Promise<void> {
  const res = await fetch(`${stack.evisitor.baseUrl}/__sim/hosts`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(host),
  });
  const answer = await res.text();
  if (res.status !== 201) throw new Error(`simulator POST /__sim/hosts: ${answer}`);
}

/** Drops every fault still queued in the simulator. */
export async function clearSimFaults(stack: TestStack): Promise<void> {
  const res = await fetch(`${stack.evisitor.baseUrl}/__sim/faults`, { method: "DELETE" });
  await res.body?.cancel();
}

/** The stack's database, opened from the test (reads only; close it before the stack stops). */
export function openStackDatabase(stack: TestStack): { db: Database; close(): void } {
  const { db, client } = createDatabase({ url: stack.databaseUrl });
  return { db, close: () => client.close() };
}

export async function unpublishedEvents(db: Database): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(outbox).where(isNull(outbox.publishedAt));
  return n;
}

export interface BackboneReport {
  /** Messages in the DLQ stream, with their subject and the runner's reason. */
  deadLetters: { subject: string; consumer: string; reason: string }[];
  /** Durable consumers with messages not yet acknowledged. */
  busyConsumers: { stream: string; name: string; pending: number; ackPending: number }[];
  /** Every durable consumer, `stream/name`. */
  consumers: string[];
  /** Messages held per subject, over every stream but the DLQ. */
  subjects: Record<string, number>;
}

/**
 * Looks at JetStream as an operator would: what sits in the DLQ stream (`dlq.>`, with the
 * runner's reason header) and which durable consumers still have work pending or unacknowledged.
 */
export async function backboneReport(natsUrl: string): Promise<BackboneReport> {
  const nc = await connect(natsConnectOptions(natsUrl, "chaos-test"));
  try {
    const jsm = await jetstreamManager(nc);
    const report: BackboneReport = {
      deadLetters: [],
      busyConsumers: [],
      consumers: [],
      subjects: {},
    };
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name;
      if (name === "DLQ") {
        const first = stream.state.first_seq;
        for (let seq = first; seq <= stream.state.last_seq && stream.state.messages > 0; seq++) {
          try {
            const msg = await jsm.streams.getMessage("DLQ", { seq });
            if (!msg) continue;
            report.deadLetters.push({
              subject: msg.subject,
              consumer: msg.header?.get("Prijavko-Consumer") ?? "",
              reason: msg.header?.get("Prijavko-Reason") ?? "",
            });
          } catch {
            // a gap (deleted message)
          }
        }
        continue;
      }
      const info = await jsm.streams.info(name, { subjects_filter: ">" });
      Object.assign(report.subjects, info.state.subjects ?? {});
      for await (const consumer of jsm.consumers.list(name)) {
        report.consumers.push(`${name}/${consumer.name}`);
        if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) {
          report.busyConsumers.push({
            stream: name,
            name: consumer.name,
            pending: consumer.num_pending,
            ackPending: consumer.num_ack_pending,
          });
        }
      }
    }
    return report;
  } finally {
    await nc.close();
  }
}

/**
 * Outbox events whose subject JetStream does not hold exactly as often as the outbox wrote it
 * (one message per event: the relay's republishes are dropped by msgID). Subjects that a
 * schedule also publishes directly (`scheduled`) only need at least as many.
 */
export async function eventsNotDeliveredOnce(
  db: Database,
  subjects: Record<string, number>,
  scheduled: readonly string[] = [],
): Promise<{ subject: string; outbox: number; stream: number }[]> {
  const rows = await db.select({ subject: outbox.subject, n: count() }).from(outbox)
    .groupBy(outbox.subject);
  return rows
    .map((r) => ({ subject: r.subject, outbox: r.n, stream: subjects[r.subject] ?? 0 }))
    .filter((r) => scheduled.includes(r.subject) ? r.stream < r.outbox : r.stream !== r.outbox);
}

/** Counts the log lines (JSON, one per line) of the API and the workers whose `msg` matches. */
export async function countLogLines(stack: TestStack, msg: string): Promise<number> {
  const logs = await stack.logs();
  let n = 0;
  for (const line of logs.split("\n")) {
    if (line.includes(`"${msg}"`)) n++;
  }
  return n;
}
