import assert from "node:assert/strict";
import { parseNatsServers } from "@core/platform/nats-servers.ts";

Deno.test("NATS_URL: one server, a cluster's list, and credentials kept out of the addresses", () => {
  assert.deepEqual(parseNatsServers("nats://127.0.0.1:4222"), {
    servers: ["nats://127.0.0.1:4222"],
  });
  assert.deepEqual(parseNatsServers("nats://nats-1:4222, nats://nats-2:4222,nats-3:4222"), {
    servers: ["nats://nats-1:4222", "nats://nats-2:4222", "nats://nats-3:4222"],
  });
  assert.deepEqual(parseNatsServers("tls://app:s%40cret@nats.example.com:4222"), {
    servers: ["tls://nats.example.com:4222"],
    user: "app",
    pass: "s@cret",
  });
  assert.deepEqual(parseNatsServers("nats://t0ken@a:4222,nats://b:4222"), {
    servers: ["nats://a:4222", "nats://b:4222"],
    token: "t0ken",
  });
  assert.throws(() => parseNatsServers(" , "));
});
