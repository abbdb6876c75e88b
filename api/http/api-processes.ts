import { fileURLToPath } from "node:url";
import { log } from "@core/platform/logger.ts";

/**
 * Several API processes on one port, so the API uses every core of the machine.
 *
 * Each request runs on one JavaScript thread, and the embedded libSQL driver blocks that thread
 * while SQLite works, so one process serves at most what one core can. With API_PROCESSES=N the
 * first process (the one started) applies the migrations, then starts N-1 copies of itself, and
 * all of them listen on the same address with SO_REUSEPORT: the kernel spreads the connections
 * over them. The API holds no state between requests (sessions are tokens, rate limits are
 * counted in the database), so any process can answer any request.
 *
 * The copies watch their standard input, a pipe from the first process: when that closes, the
 * first process has ended (even by SIGKILL), and they end too instead of serving on without it.
 * When a copy ends on its own, the first process ends as well: a half-running API is worse than
 * a stopped one, and whatever supervises the product restarts it whole.
 */

/** Set in the copies' environment; the first process does not have it. */
const COPY_MARKER = "PRIJAVKO_API_COPY";

export function isApiCopy(): boolean {
  return Deno.env.get(COPY_MARKER) === "1";
}

export interface ApiCopies {
  /** Resolves when any copy has ended on its own (not by stop()). */
  ended: Promise<void>;
  /** Ends every copy with SIGTERM and waits for them. */
  stop(): Promise<void>;
}

/** Starts `count` copies of this process's script with the same arguments and environment. */
export function startApiCopies(count: number): ApiCopies {
  const children = Array.from({ length: count }, (_, index) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: [...denoArgs(), ...Deno.args],
      env: { [COPY_MARKER]: "1", MIGRATE_ON_START: "false" },
      stdin: "piped",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    log.info("api process started", { process: index + 2, pid: child.pid });
    return child;
  });
  let stopping = false;
  const ended = Promise.race(children.map((child) => child.status)).then((status) => {
    if (!stopping) log.error("an api process ended", { code: status.code, signal: status.signal });
  });
  return {
    ended,
    async stop() {
      stopping = true;
      for (const child of children) {
        try {
          child.kill("SIGTERM");
        } catch {
          // already ended
        }
      }
      await Promise.all(children.map((child) => child.status));
    },
  };
}

/** In a copy: calls `onOrphaned` once standard input closes, i.e. when the first process ended. */
export function watchFirstProcess(onOrphaned: () => void) {
  (async () => {
    try {
      for await (const _ of Deno.stdin.readable) {
        // The first process never writes; reading only waits for the end of the pipe.
      }
    } catch {
      // a broken pipe means the same
    }
    onOrphaned();
  })();
}

/** `deno run -A api/main.ts …` again: every process of the product is run with -A. */
function denoArgs(): string[] {
  return ["run", "-A", fileURLToPath(Deno.mainModule)];
}
