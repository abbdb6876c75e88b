import {
  startNatsCluster,
  startNatsServer,
  type TestNatsCluster,
  type TestNatsServer,
} from "./nats-server.ts";
import { ExitedBeforeListening, freePort, waitForChildPort, withPortRetry } from "./ports.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";
import { TEST_ENV } from "./app.ts";
import { type RunningEVisitorSim, startEVisitorSim } from "./evisitor-sim.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The administrator the stack is configured with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const STACK_ADMIN = { email: "admin@prijavko.test", password: "Admin-Lozinka-2026!" };
const DENO = `${ROOT}node_modules/.bin/deno`;

export interface TestStack {
  baseUrl: string;
  smtp: TestSmtp;
  /** NATS (with `natsCluster`: all three nodes, stopped and started together). */
  nats: TestNatsServer;
  /** With `natsCluster`: the nodes; the workers are given the first one's address only. */
  natsCluster?: TestNatsCluster;
  /** The eVisitor simulator the product is pointed at. */
  evisitor: RunningEVisitorSim;
  /** Everything the API and the workers logged, for assertions about what logs hold. */
  logs(): Promise<string>;
  /** The database file's URL (file:…), for tests that look at what was stored. */
  databaseUrl: string;
  /** Stops a process as a crash would (SIGKILL) or gracefully (SIGTERM); `start` brings it back. */
  kill(process: StackProcess, signal?: "SIGKILL" | "SIGTERM"): Promise<void>;
  start(process: StackProcess): Promise<void>;
  stop(): Promise<void>;
}

export type StackProcess = "api" | "workers";

export interface StackOptions {
  /** Settings for the API and the workers beyond the test defaults (e.g. RATE_LIMITS=off). */
  env?: Record<string, string>;
  /**
   * Three NATS nodes in one JetStream cluster (streams with 3 replicas) instead of one server.
   * The workers connect through the first node (and learn the others from it, as clients of a
   * cluster do); the API is given all three.
   */
  natsCluster?: boolean;
  /**
   * An eVisitor simulator the test started and stops itself, e.g. one that outlives this stack
   * (a restore test's second stack talks to the same eVisitor); a fresh one otherwise.
   */
  evisitor?: RunningEVisitorSim;
}

/**
 * The whole product as it runs for real: nats-server, the workers process and the API process
 * serving the built site (site/dist), on free ports with a fresh database and a real SMTP listener.
 */
export async function startStack(options: StackOptions = {}): Promise<TestStack> {
  const dir = await Deno.makeTempDir({ prefix: "stack-test-" });
  const natsCluster = options.natsCluster ? await startNatsCluster() : undefined;
  const nats = natsCluster ? clusterAsOneServer(natsCluster) : await startNatsServer();
  const workersNatsUrl = natsCluster ? natsCluster.nodes[0].urls.workers : nats.urls.workers;
  const smtp = await startSmtp();
  const evisitor = options.evisitor ?? await startEVisitorSim();
  let port = freePort();
  const baseEnv = {
    ...TEST_ENV,
    EVISITOR_URL: evisitor.baseUrl,
    ADMIN_EMAIL: STACK_ADMIN.email,
    ADMIN_PASSWORD: STACK_ADMIN.password,
    DATABASE_URL: `file:${dir}/app.db`,
    SMTP_URL: smtp.url,
    HOST: "127.0.0.1",
    SITE_DIR: `${ROOT}site/dist`,
    RETRY_BASE_MS: "100",
    RELAY_INTERVAL_MS: "50",
    // Held guests' approval e-mail waits this long for more guests of the stay (issue 32).
    APPROVAL_EMAIL_BURST_MS: "500",
    // Browser tests serve calendar feeds from 127.0.0.1.
    CALENDAR_ALLOW_PRIVATE_ADDRESSES: "true",
    CALENDAR_FETCH_TIMEOUT_MS: "3000",
    ...(natsCluster ? { NATS_STREAM_REPLICAS: "3" } : {}),
    ...options.env,
  };
  const envNow = () => ({
    ...baseEnv,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
  });
  const spawn = async (script: string, log: string) => {
    const file = await Deno.open(`${dir}/${log}`, { append: true, create: true });
    const child = new Deno.Command(DENO, {
      args: ["run", "-A", script],
      cwd: ROOT,
      // Each process as its own NATS user, as dev/start.sh and docker-compose.yml run them.
      env: {
        NATS_URL: script.startsWith("api/") ? nats.urls.api : workersNatsUrl,
        ...envNow(),
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // Both streams into one file; the pipes close when the process ends.
    const done = Promise.all([
      child.stdout.pipeTo(new WritableStream({ write: (c) => void file.writeSync(c) })),
      child.stderr.pipeTo(new WritableStream({ write: (c) => void file.writeSync(c) })),
    ]).finally(() => file.close());
    return { child, done };
  };
  // The API applies migrations before listening, so the workers start once it is up.
  type Running = Awaited<ReturnType<typeof spawn>>;
  const running: Partial<Record<StackProcess, Running>> = {};
  const start = async (process: StackProcess) => {
    if (running[process]) return;
    if (process === "api") {
      running.api = await spawn("api/main.ts", "api.log");
      try {
        await waitForChildPort(running.api.child, port, 30_000);
      } catch (error) {
        try {
          running.api.child.kill("SIGKILL");
        } catch {
          // it ended already
        }
        await running.api.done;
        delete running.api;
        throw error instanceof ExitedBeforeListening
          ? new ExitedBeforeListening(`${error.message}; see ${dir}/api.log`)
          : error;
      }
    } else {
      running.workers = await spawn("workers/main.ts", "workers.log");
    }
  };
  const kill = async (process: StackProcess, signal: "SIGKILL" | "SIGTERM" = "SIGKILL") => {
    const child = running[process];
    if (!child) return;
    delete running[process];
    try {
      child.child.kill(signal);
    } catch {
      // it ended already (an API whose copy died ends itself)
    }
    await child.child.status;
    await child.done;
  };
  // Another program may take the API's port between freePort and the bind: then a new one.
  await withPortRetry(async () => {
    try {
      await start("api");
    } catch (error) {
      port = freePort();
      throw error;
    }
  });
  await start("workers");
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    smtp,
    nats,
    natsCluster,
    evisitor,
    databaseUrl: baseEnv.DATABASE_URL,
    logs: async () =>
      (await Deno.readTextFile(`${dir}/api.log`)) + (await Deno.readTextFile(`${dir}/workers.log`)),
    kill,
    start,
    stop: async () => {
      await kill("workers", "SIGTERM");
      await kill("api", "SIGTERM");
      await smtp.stop();
      if (!options.evisitor) await evisitor.stop();
      await nats.dispose();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** The cluster seen as one server: every node's address, all stopped or started together. */
function clusterAsOneServer(cluster: TestNatsCluster): TestNatsServer {
  const [first] = cluster.nodes;
  return {
    address: first.address,
    urls: cluster.urls,
    port: first.port,
    stop: async () => {
      await Promise.all(cluster.nodes.map((node) => node.stop()));
    },
    start: async () => {
      await Promise.all(cluster.nodes.map((node) => node.start()));
    },
    dispose: () => cluster.dispose(),
  };
}
