import { JetStreamApiCodes, JetStreamApiError, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/nats-core";
import { STREAMS } from "@shared/events.ts";
import { describeError, log } from "./logger.ts";

export interface JetStreamReadinessOptions {
  /** How long an answer is reused: load balancers and monitors may ask every second. */
  ttlMs?: number;
  /** How long JetStream has to answer each request before it counts as refused. */
  timeoutMs?: number;
}

/**
 * Whether JetStream would take a publish now, not only whether the connection is up. A cluster
 * that lost its quorum (2 of 3 nodes down) keeps the client connected and even answers `stream
 * info` from a stale leader for ~20 s, while every publish times out. So readiness asks what
 * needs the quorum: the account info (answered by the meta leader: refused or timed out without
 * one), and each product stream's info must name a current leader (none while its replicas
 * cannot elect one). A stream not created yet is no failure: the workers create the streams.
 *
 * The answer is cached for `ttlMs`, and concurrent callers share one probe, so health checks
 * cost at most one round of requests per `ttlMs`. Changes are logged (no personal data).
 */
export function jetStreamReadiness(
  connection: () => NatsConnection | undefined,
  { ttlMs = 2000, timeoutMs = 1500 }: JetStreamReadinessOptions = {},
): () => Promise<boolean> {
  let cached: { at: number; ready: boolean } | undefined;
  let probing: Promise<boolean> | undefined;
  let last: boolean | undefined;

  const probe = async (): Promise<boolean> => {
    const nc = connection();
    if (!nc || nc.isClosed()) return false;
    try {
      const jsm = await jetstreamManager(nc, { timeout: timeoutMs, checkAPI: false });
      await jsm.getAccountInfo();
      const leaderless = (await Promise.all(STREAMS.map(async ({ name }) => {
        try {
          const info = await jsm.streams.info(name);
          return info.cluster?.name && !info.cluster.leader ? name : undefined;
        } catch (error) {
          if (
            error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound
          ) return undefined;
          throw error;
        }
      }))).filter((name) => name !== undefined);
      if (leaderless.length > 0) {
        if (last !== false) {
          log.warn("jetstream not ready: streams without a leader", { leaderless });
        }
        return false;
      }
      if (last === false) log.info("jetstream ready again");
      return true;
    } catch (error) {
      if (last !== false) log.warn("jetstream not ready", describeError(error));
      return false;
    }
  };

  return () => {
    if (cached && performance.now() - cached.at < ttlMs) return Promise.resolve(cached.ready);
    probing ??= probe().then((ready) => {
      last = ready;
      cached = { at: performance.now(), ready };
      return ready;
    }).finally(() => {
      probing = undefined;
    });
    return probing;
  };
}
