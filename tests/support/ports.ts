/**
 * Ports for the servers the tests start as processes of their own (the API, nats-server), which
 * must be told a port before they bind it. Servers that run inside the test bind port 0 instead.
 *
 * Test files run in parallel (`deno test --parallel`, one thread per file in one process), so a
 * port the kernel just handed out and took back could be handed to a second file before the
 * first one's server binds it. Each port handed out is therefore claimed in a directory shared by
 * the whole run (a file per port, created only if absent): no two files of a run get the same
 * one. A process outside the run can still take a port first; the callers retry on a refusal
 * to bind (see `startStack` and `startNatsServer`).
 */
import { tmpdir } from "node:os";

/**
 * The run's claims: TEST_PORT_CLAIMS (dev/test.sh sets it, so the processes the tests start, such
 * as bench/load.ts, claim in the same place), else one directory per `deno test` process (every
 * parallel file of a run shares Deno.pid).
 */
const CLAIMS = Deno.env.get("TEST_PORT_CLAIMS") ?? `${tmpdir()}/prijavko-test-ports-${Deno.pid}`;
Deno.mkdirSync(CLAIMS, { recursive: true });

/** A TCP port that is free on 127.0.0.1 and handed to no other test of this run. */
export function freePort(): number {
  for (let tries = 0; tries < 1000; tries++) {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const { port } = listener.addr as Deno.NetAddr;
    listener.close();
    try {
      Deno.openSync(`${CLAIMS}/${port}`, { createNew: true, write: true }).close();
      return port;
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
  }
  throw new Error("no unclaimed port after 1000 tries");
}

/** Resolves once something accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      conn.close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

/** A server process ended before it listened: most often, something else took its port first. */
export class ExitedBeforeListening extends Error {}

/**
 * Resolves once `child` listens on `port`; rejects with ExitedBeforeListening if it ends first.
 * The port is claimed for this run (freePort), so what answers there is `child`.
 */
export async function waitForChildPort(
  child: Deno.ChildProcess,
  port: number,
  timeoutMs = 30_000,
): Promise<void> {
  let exited = false;
  const ended = child.status.then((status) => {
    exited = true;
    throw new ExitedBeforeListening(`the process on port ${port} exited (${status.code})`);
  });
  ended.catch(() => {});
  const deadline = Date.now() + timeoutMs;
  while (!exited && Date.now() < deadline) {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      conn.close();
      return;
    } catch {
      await Promise.race([new Promise((r) => setTimeout(r, 50)), ended]);
    }
  }
  if (exited) await ended;
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

/** Calls `start` with fresh ports until one is not taken by something outside the run. */
export async function withPortRetry<T>(start: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof ExitedBeforeListening) || attempt >= tries) throw error;
    }
  }
}
