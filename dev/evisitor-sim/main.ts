/**
 * Runs the eVisitor simulator: `deno run -A dev/evisitor-sim/main.ts`. Listens on
 * EVISITOR_SIM_HOST:EVISITOR_SIM_PORT (127.0.0.1:8100), state from EVISITOR_SIM_SEED
 * (dev/evisitor-sim/seed.json). See README.md for the demo accounts and the control API.
 */
import { createSimApp } from "./app.ts";
import { optionsFromEnv } from "./options.ts";
import { DEFAULT_SEED, loadSeed, SimState } from "./state.ts";

const env = Deno.env.toObject();
const port = Number(env.EVISITOR_SIM_PORT || 8100);
const hostname = env.EVISITOR_SIM_HOST || "127.0.0.1";
const seed = await loadSeed(env.EVISITOR_SIM_SEED || DEFAULT_SEED);
const app = createSimApp(new SimState(seed), optionsFromEnv(env));

const server = Deno.serve({
  hostname,
  port,
  onListen: ({ hostname, port }) =>
    console.log(
      `evisitor-sim: eVisitor simulator on http://${hostname}:${port} (not the real service)`,
    ),
}, app.fetch);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    app.close();
    server.shutdown().then(() => Deno.exit(0));
  });
}
