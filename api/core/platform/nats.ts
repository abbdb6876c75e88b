import { connect, type NatsConnection } from "@nats-io/transport-node";
import { describeError, log } from "./logger.ts";
import { parseNatsServers } from "./nats-servers.ts";

/**
 * A NATS connection that is allowed to be absent: a process starts even while NATS is down,
 * keeps trying in the background, and reports whether it is connected (for /api/health).
 */
export interface NatsHandle {
  connection(): NatsConnection | undefined;
  isConnected(): boolean;
  close(): Promise<void>;
}

export function connectNatsInBackground(natsUrl: string, name: string): NatsHandle {
  const servers = parseNatsServers(natsUrl);
  let nc: NatsConnection | undefined;
  let closed = false;
  let connected = false;

  const attempt = async (): Promise<void> => {
    while (!closed && !nc) {
      try {
        nc = await connect({
          ...servers,
          name,
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

  const watch = async (conn: NatsConnection) => {
    for await (const status of conn.status()) {
      if (status.type === "disconnect") connected = false;
      if (status.type === "reconnect") connected = true;
    }
  };

  attempt();
  return {
    connection: () => nc,
    isConnected: () => !!nc && connected && !nc.isClosed(),
    close: async () => {
      closed = true;
      if (nc && !nc.isClosed()) await nc.drain().catch(() => nc?.close());
    },
  };
}
