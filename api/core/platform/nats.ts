import { connect, type ConnectionOptions, type NatsConnection } from "@nats-io/transport-node";
import { jetStreamReadiness } from "./jetstream-readiness.ts";
import { describeError, log } from "./logger.ts";
import { parseNatsServers } from "./nats-servers.ts";

/**
 * A NATS connection that is allowed to be absent: a process starts even while NATS is down,
 * keeps trying in the background, and reports whether it is connected and whether JetStream
 * would take a publish (for /api/health). Disconnects and reconnects are logged.
 */
export interface NatsHandle {
  connection(): NatsConnection | undefined;
  isConnected(): boolean;
  /** JetStream answers with a quorum (jetstream-readiness.ts); cached for two seconds. */
  jetStreamReady(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The client options for NATS_URL: its servers and credentials, and the user's own inbox prefix.
 * The server lets each user subscribe to `_INBOX_<user>.>` only (deploy/nats/users.conf), so its
 * replies and pulled messages reach no other user.
 */
export function natsConnectOptions(natsUrl: string, name: string): ConnectionOptions {
  const servers = parseNatsServers(natsUrl);
  return {
    ...servers,
    name,
    ...(servers.user ? { inboxPrefix: `_INBOX_${servers.user}` } : {}),
  };
}

export function connectNatsInBackground(natsUrl: string, name: string): NatsHandle {
  const options = natsConnectOptions(natsUrl, name);
  let nc: NatsConnection | undefined;
  let closed = false;
  let connected = false;

  const attempt = async (): Promise<void> => {
    while (!closed && !nc) {
      try {
        nc = await connect({
          ...options,
          reconnect: true,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
        });
        connected = true;
        log.info("nats connected", { name });
        watch(nc);
      } catch (error) {
        log.warn("nats not reachable, retrying", { name, ...describeError(error) });
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };

  // Server addresses carry no credentials (the client holds them apart): safe to log.
  const watch = async (conn: NatsConnection) => {
    let lostAt = 0;
    for await (const status of conn.status()) {
      if (status.type === "disconnect") {
        connected = false;
        lostAt = performance.now();
        log.warn("nats disconnected", { name, server: status.server });
      }
      if (status.type === "reconnect") {
        connected = true;
        log.info("nats reconnected", {
          name,
          server: status.server,
          afterMs: Math.round(performance.now() - lostAt),
        });
      }
    }
  };

  attempt();
  const isConnected = () => !!nc && connected && !nc.isClosed();
  const ready = jetStreamReadiness(() => (isConnected() ? nc : undefined));
  return {
    connection: () => nc,
    isConnected,
    jetStreamReady: () => (isConnected() ? ready() : Promise.resolve(false)),
    close: async () => {
      closed = true;
      if (nc && !nc.isClosed()) await nc.drain().catch(() => nc?.close());
    },
  };
}
