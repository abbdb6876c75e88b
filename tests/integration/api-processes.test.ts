/**
 * API_PROCESSES: the API as several processes on one port (api/http/api-processes.ts), with the
 * rest of the product running as it does for real.
 */
import assert from "node:assert/strict";
import { startStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";

const portOf = (url: string) => Number(new URL(url).port);

async function listening(port: number): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return true;
  } catch {
    return false;
  }
}

/** The pids of the copies the first process started, from its log. */
function copyPids(logs: string): number[] {
  return logs.split("\n").filter((line) => line.includes('"api process started"'))
    .map((line) => JSON.parse(line).pid as number);
}

function alive(pid: number): boolean {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return false;
  }
}

Deno.test({
  name: "API_PROCESSES=3: three processes answer on one port; killing the first (SIGKILL) " +
    "ends the copies, and a copy ending ends the API",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const stack = await startStack({ env: { API_PROCESSES: "3", RATE_LIMITS: "off" } });
    const port = portOf(stack.baseUrl);
    try {
      await waitFor(async () => copyPids(await stack.logs()).length === 2, {
        what: "two copies of the API started",
      });
      // Two more processes listening: the log says so once each is up.
      await waitFor(
        async () => (await stack.logs()).split('"api listening"').length - 1 === 3,
        { what: "three API processes listening" },
      );

      // Many connections at once, all answered (the kernel spreads them over the processes), each
      // by a process with its database and NATS connection. JetStream's readiness is left out: a
      // fresh process probes it with a 1.5 s timeout, which a loaded CI machine can miss (503).
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          fetch(`${stack.baseUrl}/api/health`).then(async (res) => {
            const { database, nats } = await res.json();
            return `${database}/${nats}`;
          })),
      );
      assert.deepEqual(new Set(answers), new Set(["up/up"]));

      // The first process killed outright: nothing may keep serving the port without it.
      const firstCopies = copyPids(await stack.logs());
      await stack.kill("api", "SIGKILL");
      await waitFor(() => firstCopies.every((pid) => !alive(pid)), {
        what: "the copies to end with the first process",
        timeoutMs: 10_000,
      });
      assert.equal(await listening(port), false, "nothing listens once the API is killed");

      // Started again: a copy that dies takes the API down (exit code 1), not half of it.
      await stack.start("api");
      const secondCopies = await waitFor(async () => {
        const pids = copyPids(await stack.logs()).filter((pid) => !firstCopies.includes(pid));
        return pids.length === 2 && pids;
      }, { what: "the copies of the restarted API" });
      Deno.kill(secondCopies[0], "SIGKILL");
      await waitFor(async () => !(await listening(port)) && !alive(secondCopies[1]), {
        what: "the whole API to end after a copy died",
        timeoutMs: 10_000,
      });
      assert.match(await stack.logs(), /"an api process ended","code":137/);
    } finally {
      await stack.stop();
    }
  },
});
