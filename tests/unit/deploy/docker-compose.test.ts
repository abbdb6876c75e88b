import assert from "node:assert/strict";
import { parse } from "yaml";

// No Docker engine runs here, so the deployment file is checked by reading it.
const compose = parse(
  await Deno.readTextFile(new URL("../../../docker-compose.yml", import.meta.url)),
  { merge: true }, // Compose applies YAML merge keys (<<)
);
const natsConf = await Deno.readTextFile(new URL("../../../nats.conf", import.meta.url));

Deno.test("docker-compose.yml runs NATS, libSQL, the API and the workers, each with a healthcheck", () => {
  assert.deepEqual(Object.keys(compose.services).sort(), ["api", "libsql", "nats", "workers"]);
  for (
    const [name, service] of Object.entries(compose.services) as [string, Record<string, unknown>][]
  ) {
    assert.ok(service.healthcheck, `${name} has a healthcheck`);
  }
});

Deno.test("docker-compose.yml starts NATS with JetStream from the project's nats.conf", () => {
  assert.deepEqual(compose.services.nats.command, ["-c", "/etc/nats/nats.conf"]);
  assert.ok(compose.services.nats.volumes.includes("./nats.conf:/etc/nats/nats.conf:ro"));
  assert.match(natsConf, /jetstream\s*\{/);
});

Deno.test("docker-compose.yml keeps workers scalable and points every app process at the servers", () => {
  const { api, workers } = compose.services;
  assert.equal(workers.ports, undefined, "workers publish no port, so --scale works");
  assert.equal(workers.container_name, undefined);
  for (const service of [api, workers]) {
    assert.equal(service.environment.DATABASE_URL, "http://libsql:8080");
    assert.equal(service.environment.NATS_URL, "nats://nats:4222");
    assert.equal(service.depends_on.nats.condition, "service_healthy");
    assert.equal(service.depends_on.libsql.condition, "service_healthy");
  }
  assert.match(workers.environment.SMTP_URL, /SMTP_URL/);
  assert.match(workers.environment.PUBLIC_URL, /PUBLIC_URL/);
  for (const service of [api, workers]) {
    assert.match(
      service.environment.EVISITOR_URL,
      /^\$\{EVISITOR_URL:\?/,
      "no silent default for eVisitor",
    );
    assert.match(service.environment.DATA_ENCRYPTION_KEY, /^\$\{DATA_ENCRYPTION_KEY:\?/);
  }
});

Deno.test("docker-compose.yml demands the API's secrets instead of inventing them", () => {
  const { environment } = compose.services.api;
  assert.match(environment.JWT_SECRET, /^\$\{JWT_SECRET:\?/);
  assert.match(environment.DATA_ENCRYPTION_KEY, /^\$\{DATA_ENCRYPTION_KEY:\?/);
});
