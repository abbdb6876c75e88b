import type { NatsConnection } from "@nats-io/nats-core";
import { MRZ_QUEUE_GROUP, MRZ_READ_SUBJECT, type MrzReply } from "@shared/mrz-service.ts";
import { describeError, log } from "@core/platform/logger.ts";
import type { MrzReader } from "./mrz-reader.ts";

export interface MrzResponderOptions {
  nc: NatsConnection;
  reader: MrzReader;
  signal: AbortSignal;
}

/**
 * Answers `mrz.read` requests in the `mrz` queue group until the signal aborts, then lets the
 * requests in hand finish (drain). The image is only held in memory while it is read; logs carry
 * the outcome, format and timing, never what the document says.
 */
export async function runMrzResponder({ nc, reader, signal }: MrzResponderOptions): Promise<void> {
  const sub = nc.subscribe(MRZ_READ_SUBJECT, { queue: MRZ_QUEUE_GROUP });
  const inFlight = new Set<Promise<void>>();
  signal.addEventListener("abort", () => sub.drain().catch(() => {}), { once: true });
  log.info("mrz responder started", { subject: MRZ_READ_SUBJECT, queue: MRZ_QUEUE_GROUP });
  for await (const msg of sub) {
    const job = (async () => {
      const started = performance.now();
      let reply: MrzReply;
      try {
        const result = await reader.read(msg.data);
        reply = result.ok
          ? { ok: true, guest: result.guest }
          : { ok: false, failure: result.failure };
        log.info("mrz read", {
          outcome: result.ok ? "ok" : result.failure,
          why: result.ok ? undefined : result.why,
          format: result.ok ? result.format : undefined,
          uncertain: result.ok ? result.guest.uncertainFields.length : undefined,
          bytes: msg.data.length,
          ms: Math.round(performance.now() - started),
        });
      } catch (error) {
        log.error("mrz read failed", describeError(error));
        reply = { ok: false, failure: "unreadable" };
      }
      msg.respond(JSON.stringify(reply));
    })();
    inFlight.add(job);
    job.finally(() => inFlight.delete(job));
  }
  await Promise.allSettled([...inFlight]);
  log.info("mrz responder stopped");
}
