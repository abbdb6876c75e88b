import { startNatsServer, type TestNatsServer } from "./nats-server.ts";
import { freePort, waitForPort } from "./ports.ts";
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
  nats: TestNatsServer;
  /** The eVisitor simulator the product is pointed at. */
  evisitor: RunningEVisitorSim;
  /** Everything the API and the workers logged, for assertions about what logs hold. */
  logs(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The whole product as it runs for real: nats-server, the workers process and the API process
 * serving the built site (site/dist), on free ports with a fresh database and a real SMTP listener.
 */
export async function startStack(): Promise<TestStack> {
  const dir = await Deno.makeTempDir({ prefix: "stack-test-" });
  const nats = await startNatsServer();
  const smtp = await startSmtp();
  const evisitor = await startEVisitorSim();
  const port = freePort();
  const env = {
    ...TEST_ENV,
    EVISITOR_URL: evisitor.baseUrl,
    ADMIN_EMAIL: STACK_ADMIN.email,
    ADMIN_PASSWORD: STACK_ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${dir}/app.db`,
    NATS_URL: nats.url,
    SMTP_URL: smtp.url,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_DIR: `${ROOT}site/dist`,
    RETRY_BASE_MS: "100",
    RELAY_INTERVAL_MS: "50",
    // Browser tests serve calendar feeds from 127.0.0.1.
    CALENDAR_ALLOW_PRIVATE_ADDRESSES: "true",
    CALENDAR_FETCH_TIMEOUT_MS: "3000",
  };
  const spawn = async (script: string, log: string) => {
    const file = await Deno.open(`${dir}/${log}`, { write: true, create: true });
    const child = new Deno.Command(DENO, {
      args: ["run", "-A", script],
      cwd: ROOT,
      env,
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
  const api = await spawn("api/main.ts", "api.log");
  await waitForPort(port, 30_000);
  const workers = await spawn("workers/main.ts", "workers.log");
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    smtp,
    nats,
    evisitor,
    logs: async () =>
      (await Deno.readTextFile(`${dir}/api.log`)) + (await Deno.readTextFile(`${dir}/workers.log`)),
    stop: async () => {
      for (const { child, done } of [workers, api]) {
        child.kill("SIGTERM");
        await child.status;
        await done;
      }
      await smtp.stop();
      await evisitor.stop();
      await nats.dispose();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
