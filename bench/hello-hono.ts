/**
 * The load benchmark's baseline (bench/load.ts): a bare Hono app answering "hello", served the way
 * api/main.ts serves the product (Deno.serve with hostname, port, an abort signal and onListen,
 * the app's fetch as the handler; one process, no middleware). Its requests/s on this machine in
 * the same run is the ceiling the product's mixes are compared with.
 *
 *   HOST=127.0.0.1 PORT=8001 deno run -A bench/hello-hono.ts
 *
 * Prints one line "listening http://HOST:PORT" once it accepts connections; stops on SIGTERM or
 * SIGINT.
 */
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("hello"));

const controller = new AbortController();
const server = Deno.serve({
  hostname: Deno.env.get("HOST") ?? "127.0.0.1",
  port: Number(Deno.env.get("PORT") ?? 8001),
  // Several copies on one port, as api/main.ts runs with API_PROCESSES > 1.
  reusePort: Deno.env.get("REUSE_PORT") === "true",
  signal: controller.signal,
  onListen: ({ hostname, port }) => console.log(`listening http://${hostname}:${port}`),
}, app.fetch);

const shutdown = async () => {
  controller.abort();
  await server.finished;
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", shutdown);
Deno.addSignalListener("SIGINT", shutdown);
