import { connect, type ConnectionOptions, type NatsConnection } from "@nats-io/transport-node";
import { errors } from "@nats-io/nats-core";
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

/**
 * Whether the server refused who we are (wrong or missing user, password or token, or expired
 * credentials) rather than being out of reach: retrying cannot help, a person must fix NATS_URL.
 */
export function isCredentialRefusal(error: unknown): boolean {
  return error instanceof errors.AuthorizationError ||
    error instanceof errors.UserAuthenticationExpiredError;
}

/**
 * What a process does when NATS refuses its credentials: one line naming the variable to fix (the
 * user, never the password or token), then it stops with exit code 78 (EX_CONFIG), as a bad
 * setting would; a supervisor restarting it only repeats the line.
 */
export function stopOnCredentialRefusal(name: string, user: string | undefined): never {
  log.error("nats refused the credentials in NATS_URL: set this process's NATS user and password", {
    name,
    variable: "NATS_URL",
    user: user ?? null,
  });
  Deno.exit(78);
}

/**
 * The Node transport of the NATS client can let a reset socket's error (ECONNRESET, EPIPE) escape
 * with no listener after the server closed the connection (it does after refusing credentials),
 * which would end the process with a stack trace. The client has already seen the connection end
 * and reconnects, so such an error is logged and the process goes on. Installed once per process.
 */
let socketGuardInstalled = false;
function ignoreEscapedSocketResets(): void {
  if (socketGuardInstalled) return;
  socketGuardInstalled = true;
  globalThis.addEventListener("error", (event) => {
    const code = (event.error as { code?: unknown } | undefined)?.code;
    if (code === "ECONNRESET" || code === "EPIPE") {
      event.preventDefault();
      log.warn("a connection was reset with no one listening; ignored", { code });
    }
  });
}

export interface NatsBackgroundOptions {
  /**
   * Called once when the server refuses the credentials; the connection stops trying. By default
   * the process stops (stopOnCredentialRefusal); tests pass their own.
   */
  onCredentialRefusal?: (error: Error) => void;
}

export function connectNatsInBackground(
  natsUrl: string,
  name: string,
  background: NatsBackgroundOptions = {},
): NatsHandle {
  const options = natsConnectOptions(natsUrl, name);
  const refused = background.onCredentialRefusal ??
    (() => stopOnCredentialRefusal(name, options.user));
  ignoreEscapedSocketResets();
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
        if (isCredentialRefusal(error)) {
          closed = true;
          refused(error as Error);
          return;
        }
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
