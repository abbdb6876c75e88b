import assert from "node:assert/strict";
import { connectNatsInBackground } from "@core/platform/nats.ts";
import { createTestApp } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { waitFor } from "../support/wait.ts";

Deno.test({
  name: "GET /api/health reports NATS down and up again as the server stops and returns",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const database = await createTestDatabase();
    const server = await startNatsServer();
    const nats = connectNatsInBackground(server.urls.api, "health-test");
    const app = await createTestApp({ db: database.db, nats });
    const health = async () => {
      const res = await app.request("/api/health");
      return { status: res.status, body: await res.json() };
    };
    try {
      await waitFor(() => nats.isConnected(), { what: "NATS connection" });
      assert.deepEqual(await health(), {
        status: 200,
        body: { status: "ok", database: "up", nats: "up", jetstream: "up" },
      });

      await server.stop();
      const down = await waitFor(async () => {
        const h = await health();
        return h.status === 503 && h;
      }, { what: "health to report NATS down" });
      assert.deepEqual(down.body, {
        status: "degraded",
        database: "up",
        nats: "down",
        jetstream: "down",
      });

      await server.start();
      await waitFor(async () => (await health()).status === 200, { what: "health to recover" });
    } finally {
      await nats.close();
      await server.dispose();
      await database.dispose();
    }
  },
});
