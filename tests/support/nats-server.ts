import { freePort, waitForPort } from "./ports.ts";

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

const USERS_CONF = new URL("../../deploy/nats/users.conf", import.meta.url);

/**
 * A real Debian nats-server with JetStream on a free loopback port and a private store, with the
 * product's users and permissions (deploy/nats/users.conf, as nats.conf includes it) and fresh
 * passwords: every test runs against an authenticated server. The product's processes get the
 * URL of their own user; a test looking at or staging JetStream directly uses `test`.
 */
export async function startNatsServer(): Promise<TestNatsServer> {
  const port = freePort();
  const storeDir = await Deno.makeTempDir({ prefix: "nats-test-" });
  // nats-server reads a $VARIABLE's value as a config value: a password starting with a digit
  // would be a malformed number, so each starts with a letter (deploy/nats/users.conf).
  const password = () => `p${crypto.randomUUID().replaceAll("-", "")}`;
  const passwords: Record<NatsUser, string> = {
    api: password(),
    workers: password(),
    tools: password(),
    test: password(),
  };
  // The settings of nats.conf that have no command-line flag (document photos up to 9 MiB, the
  // users), plus the tests' own user in the same list.
  const users = (await Deno.readTextFile(USERS_CONF)).replace(
    /users = \[\n/,
    (start) => `${start}    { user: test, password: $NATS_TEST_PASSWORD }\n`,
  );
  if (!users.includes("NATS_TEST_PASSWORD")) throw new Error("users.conf has no `users = [` list");
  await Deno.writeTextFile(`${storeDir}/users.conf`, users);
  const configFile = `${storeDir}/nats.conf`;
  await Deno.writeTextFile(configFile, 'max_payload: 9MB\ninclude "users.conf"\n');
  let child: Deno.ChildProcess | undefined;

  const start = async () => {
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
    await waitForPort(port);
  };
  const stop = async () => {
    if (!child) return;
    child.kill("SIGTERM");
    await child.status;
    child = undefined;
  };
  await start();
  const urlOf = (user: NatsUser) => `nats://${user}:${passwords[user]}@127.0.0.1:${port}`;
  return {
    address: `nats://127.0.0.1:${port}`,
    urls: {
      api: urlOf("api"),
      workers: urlOf("workers"),
      tools: urlOf("tools"),
      test: urlOf("test"),
    },
    port,
    start,
    stop,
    dispose: async () => {
      await stop();
      await Deno.remove(storeDir, { recursive: true }).catch(() => {});
    },
  };
}
