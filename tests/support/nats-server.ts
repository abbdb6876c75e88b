import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { freePort, waitForChildPort, withPortRetry } from "./ports.ts";
import { waitFor } from "./wait.ts";

/** The NATS users of deploy/nats/users.conf, and `test`: the tests' own, allowed everything. */
export type NatsUser = "api" | "workers" | "tools" | "test";

export interface TestNatsServer {
  /** The address without credentials: the server refuses a connection to it. */
  address: string;
  /** NATS_URL for each user, with its password: `nats://api:…@127.0.0.1:port`. */
  urls: Record<NatsUser, string>;
  port: number;
  /** Stops the server; its JetStream files stay, as after a crash or a restart. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same store. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  dispose(): Promise<void>;
}

/** One node of a cluster: a server with a name, and a crash (SIGKILL) besides the clean stop. */
export interface TestNatsNode extends TestNatsServer {
  /** JetStream's `server_name`, as consumer and stream info name their leader. */
  name: string;
  /** Ends the process as a crash would (SIGKILL): no goodbye to its peers or clients. */
  kill(): Promise<void>;
  isRunning(): boolean;
}

const USERS_CONF = new URL("../../deploy/nats/users.conf", import.meta.url);

type Passwords = Record<NatsUser, string>;

// nats-server reads a $VARIABLE's value as a config value: a password starting with a digit
// would be a malformed number, so each starts with a letter (deploy/nats/users.conf).
const password = () => `p${crypto.randomUUID().replaceAll("-", "")}`;

function newPasswords(): Passwords {
  return { api: password(), workers: password(), tools: password(), test: password() };
}

/**
 * A real Debian nats-server with JetStream on a free loopback port and a private store, with the
 * product's users and permissions (deploy/nats/users.conf, as nats.conf includes it) and fresh
 * passwords: every test runs against an authenticated server. The product's processes get the
 * URL of their own user; a test looking at or staging JetStream directly uses `test`.
 */
export function startNatsServer(): Promise<TestNatsServer> {
  return withPortRetry(async () => {
    const node = await launchNode({ passwords: newPasswords(), port: freePort() });
    try {
      await node.start();
    } catch (error) {
      await node.dispose();
      throw error;
    }
    return node;
  });
}

export interface TestNatsCluster {
  /** The three nodes, in the order their names say (n1, n2, n3). */
  nodes: TestNatsNode[];
  /** NATS_URL naming every node, for each user. */
  urls: Record<NatsUser, string>;
  /** The node whose `server_name` is `name`. */
  node(name: string): TestNatsNode;
  dispose(): Promise<void>;
}

/**
 * Three nats-server processes routed into one JetStream cluster on loopback, as
 * deploy/nats/nats-N.conf run in docker-compose.yml: a `server_name` and a store of their own,
 * the product's users. Resolves once JetStream answers on every node (a meta leader exists).
 */
export async function startNatsCluster(): Promise<TestNatsCluster> {
  const passwords = newPasswords();
  const ports = [freePort(), freePort(), freePort()];
  const routePorts = [freePort(), freePort(), freePort()];
  const nodes = await Promise.all(ports.map((port, i) =>
    launchNode({
      passwords,
      port,
      cluster: {
        name: `n${i + 1}`,
        port: routePorts[i],
        routes: routePorts.filter((_, j) => j !== i),
      },
    })
  ));
  await Promise.all(nodes.map((node) => node.start()));
  await Promise.all(nodes.map((node) => untilJetStreamAnswers(node.urls.test)));
  const urlOf = (user: NatsUser) =>
    ports.map((port, i) =>
      (i === 0 ? `nats://${user}:${passwords[user]}@` : "nats://") +
      `127.0.0.1:${port}`
    ).join(",");
  const cluster: TestNatsCluster = {
    nodes,
    urls: {
      api: urlOf("api"),
      workers: urlOf("workers"),
      tools: urlOf("tools"),
      test: urlOf("test"),
    },
    node: (name) => {
      const found = nodes.find((n) => n.name === name);
      if (!found) throw new Error(`no node ${name} in the cluster`);
      return found;
    },
    dispose: async () => {
      await Promise.all(nodes.map((node) => node.dispose()));
    },
  };
  return cluster;
}

/** Waits until JetStream answers an account-info request through the server at `url`. */
export async function untilJetStreamAnswers(url: string, timeoutMs = 30_000): Promise<void> {
  const nc = await connect({ servers: url.replace(/\/\/[^@]*@/, "//"), ...credentialsOf(url) });
  try {
    await waitFor(async () => {
      try {
        const jsm = await jetstreamManager(nc, { timeout: 1000 });
        await jsm.getAccountInfo();
        return true;
      } catch {
        return false;
      }
    }, { timeoutMs, intervalMs: 200, what: "JetStream to answer (a meta leader)" });
  } finally {
    await nc.close();
  }
}

function credentialsOf(url: string): { user: string; pass: string } {
  const { username, password } = new URL(url);
  return { user: decodeURIComponent(username), pass: decodeURIComponent(password) };
}

interface NodeOptions {
  passwords: Passwords;
  port: number;
  cluster?: { name: string; port: number; routes: number[] };
}

async function launchNode({ passwords, port, cluster }: NodeOptions): Promise<TestNatsNode> {
  const storeDir = await Deno.makeTempDir({ prefix: "nats-test-" });
  // The settings of nats.conf that have no command-line flag (document photos up to 9 MiB, the
  // users), plus the tests' own user in the same list.
  const users = (await Deno.readTextFile(USERS_CONF)).replace(
    /users = \[\n/,
    (start) => `${start}    { user: test, password: $NATS_TEST_PASSWORD }\n`,
  );
  if (!users.includes("NATS_TEST_PASSWORD")) throw new Error("users.conf has no `users = [` list");
  await Deno.writeTextFile(`${storeDir}/users.conf`, users);
  const configFile = `${storeDir}/nats.conf`;
  const lines = ["max_payload: 9MB", 'include "users.conf"'];
  if (cluster) {
    // As deploy/nats/nats-N.conf: JetStream in a cluster needs a server_name per node.
    lines.push(
      `server_name: ${cluster.name}`,
      "cluster {",
      "  name: prijavko-test",
      `  listen: 127.0.0.1:${cluster.port}`,
      `  routes: [${cluster.routes.map((p) => `nats-route://127.0.0.1:${p}`).join(", ")}]`,
      "}",
    );
  }
  await Deno.writeTextFile(configFile, lines.join("\n") + "\n");
  let child: Deno.ChildProcess | undefined;

  const start = async () => {
    if (child) return;
    child = new Deno.Command("nats-server", {
      args: ["-c", configFile, "-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir],
      env: {
        NATS_API_PASSWORD: passwords.api,
        NATS_WORKERS_PASSWORD: passwords.workers,
        NATS_TOOLS_PASSWORD: passwords.tools,
        NATS_TEST_PASSWORD: passwords.test,
      },
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      await waitForChildPort(child, port, 10_000);
    } catch (error) {
      child = undefined;
      throw error;
    }
  };
  const end = async (signal: "SIGTERM" | "SIGKILL") => {
    if (!child) return;
    child.kill(signal);
    await child.status;
    child = undefined;
  };
  const urlOf = (user: NatsUser) => `nats://${user}:${passwords[user]}@127.0.0.1:${port}`;
  return {
    name: cluster?.name ?? "",
    address: `nats://127.0.0.1:${port}`,
    urls: {
      api: urlOf("api"),
      workers: urlOf("workers"),
      tools: urlOf("tools"),
      test: urlOf("test"),
    },
    port,
    start,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
    isRunning: () => child !== undefined,
    dispose: async () => {
      await end("SIGTERM");
      await Deno.remove(storeDir, { recursive: true }).catch(() => {});
    },
  };
}
