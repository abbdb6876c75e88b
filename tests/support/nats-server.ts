import { freePort, waitForPort } from "./ports.ts";

export interface TestNatsServer {
  url: string;
  port: number;
  /** Stops the server; its JetStream files stay, as after a crash or a restart. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same store. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  dispose(): Promise<void>;
}

/** A real Debian nats-server with JetStream on a free loopback port and a private store. */
export async function startNatsServer(): Promise<TestNatsServer> {
  const port = freePort();
  const storeDir = await Deno.makeTempDir({ prefix: "nats-test-" });
  // The settings of nats.conf that have no command-line flag (document photos up to 9 MiB).
  const configFile = `${storeDir}/nats.conf`;
  await Deno.writeTextFile(configFile, "max_payload: 9MB\n");
  let child: Deno.ChildProcess | undefined;

  const start = async () => {
    child = new Deno.Command("nats-server", {
      args: ["-c", configFile, "-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir],
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
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    start,
    stop,
    dispose: async () => {
      await stop();
      await Deno.remove(storeDir, { recursive: true }).catch(() => {});
    },
  };
}
