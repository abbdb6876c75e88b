import { asc, eq, isNull, sql } from "drizzle-orm";
import type { JetStreamClient } from "@nats-io/jetstream";
import type { EventEnvelope } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { sleep } from "../runner/sleep.ts";

/**
 * Publishes waiting outbox rows in order, each with its event id as the JetStream msgID so a
 * republish (two relays, or a crash between publish and mark) is dropped by the server's
 * duplicate window. Stops at the first failure so later events never overtake an earlier one.
 * Returns how many rows were published.
 */
export async function relayBatch(
  db: Database,
  js: JetStreamClient,
  now: () => Date,
  batchSize = 100,
): Promise<number> {
  const rows = await db
    .select()
    .from(outbox)
    .where(isNull(outbox.publishedAt))
    .orderBy(asc(outbox.seq))
    .limit(batchSize);
  let published = 0;
  for (const row of rows) {
    const envelope: EventEnvelope = {
      id: row.id,
      subject: row.subject,
      version: row.version,
      occurredAt: row.occurredAt.toISOString(),
      payload: row.payload,
    };
    try {
      await js.publish(row.subject, JSON.stringify(envelope), { msgID: row.id, timeout: 5000 });
    } catch (error) {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: describeError(error).error })
        .where(eq(outbox.seq, row.seq));
      log.warn("outbox publish failed, will retry", {
        eventId: row.id,
        subject: row.subject,
        ...describeError(error),
      });
      break;
    }
    await db.update(outbox).set({ publishedAt: now(), attempts: sql`${outbox.attempts} + 1` })
      .where(eq(outbox.seq, row.seq));
    published++;
  }
  return published;
}

export interface RelayOptions {
  db: Database;
  js: () => JetStreamClient | undefined;
  clock: () => Date;
  intervalMs: number;
  signal: AbortSignal;
}

/** Polls the outbox until the signal aborts; while NATS is down rows simply wait. */
export async function runRelay({ db, js, clock, intervalMs, signal }: RelayOptions): Promise<void> {
  log.info("outbox relay started", { intervalMs });
  while (!signal.aborted) {
    let published = 0;
    const client = js();
    if (client) {
      try {
        published = await relayBatch(db, client, clock);
      } catch (error) {
        log.warn("outbox relay error", describeError(error));
      }
    }
    if (published === 0) await sleep(intervalMs, signal);
  }
  log.info("outbox relay stopped");
}
