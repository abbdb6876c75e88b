import { createRoute, z } from "@hono/zod-openapi";
import { databaseIsUp } from "@core/db/client.ts";
import { createRouter } from "../openapi/openapi.ts";

const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.enum(["up", "down"]),
    nats: z.enum(["up", "down"]),
    /** JetStream would take a publish: it answers with a quorum (no quorum: "down"). */
    jetstream: z.enum(["up", "down"]),
  })
  .meta({ id: "Health" });

// GET /api/health
const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Operations"],
  summary: "Whether the database and the event bus are reachable, and JetStream has a quorum",
  responses: {
    200: {
      description: "All dependencies reachable",
      content: { "application/json": { schema: Health } },
    },
    503: {
      description: "A dependency is down",
      content: { "application/json": { schema: Health } },
    },
  },
});

export const healthRoutes = createRouter().openapi(health, async (c) => {
  const { db, nats } = c.get("deps");
  const database = await databaseIsUp(db) ? "up" as const : "down" as const;
  const bus = nats.isConnected() ? "up" as const : "down" as const;
  const jetstream = await nats.jetStreamReady() ? "up" as const : "down" as const;
  const ok = database === "up" && bus === "up" && jetstream === "up";
  return c.json(
    { status: ok ? "ok" : "degraded", database, nats: bus, jetstream },
    ok ? 200 : 503,
  );
});
