import assert from "node:assert/strict";
import { parse } from "yaml";

// No Docker engine runs here, so the deployment is checked by reading it: docker-compose.yml,
// the NATS node configurations, the Caddyfile and the env example, against the code's own
// settings, so that none of them can drift from what the processes read.

const root = new URL("../../../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, root));

type Env = Record<string, string | null>;
interface Service {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Env;
  ports?: string[];
  volumes?: string[];
  networks?: Record<string, { aliases?: string[] } | null>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] };
  restart?: string;
  container_name?: string;
}

const composeText = await read("docker-compose.yml");
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
/** Every string in the file's data (comments left out). */
const allStrings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : value && typeof value === "object"
    ? Object.entries(value).flatMap(([key, v]) => [key, ...allStrings(v)])
    : [];
const composeStrings = allStrings(compose);
const services = compose.services;
const natsNodes = ["nats-1", "nats-2", "nats-3"];
const natsConf = Object.fromEntries(
  await Promise.all(natsNodes.map(async (n) => [n, await read(`deploy/nats/${n}.conf`)])),
) as Record<string, string>;
const projectNatsConf = await read("nats.conf");
const caddyfile = await read("deploy/Caddyfile");
const envExample = await read("deploy/env.example");
const dockerfile = await read("Dockerfile");

/** The settings a source file reads: the keys of its zod environment schemas. */
async function settingsOf(...paths: string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const path of paths) {
    for (const [, key] of (await read(path)).matchAll(/^\s+([A-Z][A-Z0-9_]+):\s/gm)) keys.add(key);
  }
  return keys;
}

/** ${VAR}, ${VAR:-default}, ${VAR:?message} references in a compose value. */
function interpolations(value: string) {
  return [...value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g)].map((m) => ({
    name: m[1],
    op: m[2],
    rest: m[3],
  }));
}

/** A NATS config's value for a top-level key, e.g. `server_name: nats-1`. */
function confValue(conf: string, key: string): string | undefined {
  return new RegExp(`^${key}:\\s*"?([^"\\n]+?)"?\\s*$`, "m").exec(conf)?.[1];
}
/** The body of a block such as `cluster { … }` (no nested braces in ours). */
function confBlock(conf: string, name: string): string {
  const body = new RegExp(`^${name}\\s*\\{([^}]*)\\}`, "m").exec(conf)?.[1];
  assert.ok(body !== undefined, `${name} block`);
  return body;
}

const appServices = ["api", "workers", "workers-mrz", "migrate", "nats-streams"];
const replicated = ["api", "workers", "workers-mrz"];
const oneShots = ["migrate", "nats-streams"];

Deno.test("docker-compose.yml runs the scaled-out topology", () => {
  assert.deepEqual(Object.keys(services).sort(), [
    "api",
    "libsql",
    "migrate",
    "nats-1",
    "nats-2",
    "nats-3",
    "nats-streams",
    "proxy",
    "workers",
    "workers-mrz",
  ]);
});

Deno.test("three NATS nodes, each with its own config, JetStream storage and the shared alias", () => {
  for (const node of natsNodes) {
    const service = services[node];
    assert.equal(service.image, "nats:2.10-alpine");
    assert.deepEqual(service.command, ["-c", "/etc/nats/nats.conf"]);
    assert.ok(service.volumes?.includes(`./deploy/nats/${node}.conf:/etc/nats/nats.conf:ro`));
    const storeDir = confValue(confBlock(natsConf[node], "jetstream"), "\\s*store_dir");
    assert.ok(
      service.volumes?.some((v) => v === `${node}-data:${storeDir}`),
      `${node} keeps its JetStream files (${storeDir}) in a volume of its own`,
    );
    assert.ok(service.networks?.default?.aliases?.includes("nats"), `${node} answers to "nats"`);
    assert.equal(service.restart, "unless-stopped");
    assert.match(service.healthcheck!.test.join(" "), /http:\/\/127\.0\.0\.1:8222\/healthz\b/);
    assert.equal(confValue(natsConf[node], "http_port"), "8222");
  }
});

Deno.test("the NATS nodes form one cluster: distinct names, JetStream, routes to the other two", () => {
  const names = natsNodes.map((node) => confValue(natsConf[node], "server_name"));
  assert.deepEqual(names, natsNodes, "server_name is the service name, unique per node");
  const clusterNames = new Set<string | undefined>();
  for (const node of natsNodes) {
    const conf = natsConf[node];
    assert.match(conf, /^jetstream\s*\{/m, `${node} runs JetStream`);
    const cluster = confBlock(conf, "cluster");
    clusterNames.add(/\bname:\s*(\S+)/.exec(cluster)?.[1]);
    assert.match(cluster, /\blisten:\s*0\.0\.0\.0:6222\b/);
    const routes = [...cluster.matchAll(/nats-route:\/\/([\w-]+):(\d+)/g)]
      .map(([, host, port]) => `${host}:${port}`).sort();
    assert.deepEqual(
      routes,
      natsNodes.filter((n) => n !== node).map((n) => `${n}:6222`),
      `${node} routes to the other nodes`,
    );
    // The MRZ worker's photos travel in one message on whichever node a client uses.
    assert.equal(confValue(conf, "max_payload"), confValue(projectNatsConf, "max_payload"));
  }
  assert.equal(clusterNames.size, 1, "one cluster name");
  assert.ok([...clusterNames][0]);
});

Deno.test("every process that uses NATS reaches all three nodes", () => {
  const aliases = (node: string) => [node, ...(services[node].networks?.default?.aliases ?? [])];
  for (const name of [...replicated, "nats-streams"]) {
    const url = services[name].environment?.NATS_URL;
    assert.ok(url, `${name} sets NATS_URL`);
    // The password is an interpolation (`${NATS_API_PASSWORD:?…}`), not yet a URL's.
    const hosts = url.replace(/\$\{[^}]*\}/g, "secret").split(",")
      .map((u) => new URL(u.trim()).hostname);
    for (const node of natsNodes) {
      assert.ok(
        hosts.some((host) => aliases(node).includes(host)),
        `${name}'s NATS_URL (${url}) reaches ${node}`,
      );
    }
    assert.ok(
      natsNodes.every((n) => services[name].depends_on?.[n]?.condition === "service_healthy"),
      `${name} waits for the cluster`,
    );
  }
});

Deno.test("each service connects to NATS as its own user, with its password from the env", async () => {
  const users = await read("deploy/nats/users.conf");
  const defined = [...users.matchAll(/\{ user: (\w+), password: \$(\w+), permissions: \$(\w+) \}/g)]
    .map(([, user, password, permissions]) => ({ user, password, permissions }));
  assert.deepEqual(defined.map((d) => d.user), ["api", "workers", "tools"]);
  const expected: Record<string, string> = {
    api: "api",
    workers: "workers",
    "workers-mrz": "workers",
    "nats-streams": "tools",
  };
  for (const [name, user] of Object.entries(expected)) {
    const url = services[name].environment?.NATS_URL ?? "";
    const variable = `NATS_${user.toUpperCase()}_PASSWORD`;
    assert.ok(
      url.startsWith(`nats://${user}:\${${variable}:?`),
      `${name} connects as ${user} with ${variable}: ${url}`,
    );
    // Only the first address carries them (nats-servers.ts applies them to all).
    assert.equal(url.split("@").length, 2, `${name}: credentials once`);
    assert.ok(defined.some((d) => d.user === user && d.password === variable));
  }
  // No other service holds NATS credentials: the migrations use only the database.
  assert.equal(services.migrate.environment?.NATS_URL, undefined);
  for (const node of natsNodes) {
    const env = services[node].environment ?? {};
    for (const { password } of defined) {
      assert.match(
        env[password] ?? "",
        new RegExp(`^\\$\\{${password}:\\?`),
        `${node} ${password}`,
      );
    }
    assert.ok(services[node].volumes?.includes("./deploy/nats/users.conf:/etc/nats/users.conf:ro"));
    assert.match(natsConf[node], /^include "users\.conf"$/m, `${node} includes the users`);
  }
  assert.match(projectNatsConf, /^include "deploy\/nats\/users\.conf"$/m);
  // Every permission set named by a user is defined, and nothing is allowed to everyone.
  for (const { permissions } of defined) {
    assert.match(users, new RegExp(`^${permissions} = \\{`, "m"));
  }
  assert.doesNotMatch(users, /"\>"/, "no user may publish or subscribe to everything");
});

Deno.test("the streams get three replicas before any worker starts", async () => {
  const streams = services["nats-streams"];
  assert.deepEqual(streams.command, [
    "node_modules/.bin/deno",
    "run",
    "-A",
    "deploy/nats/streams.ts",
  ]);
  assert.equal(Number(streams.environment?.NATS_STREAM_REPLICAS), natsNodes.length);
  const script = await read("deploy/nats/streams.ts");
  assert.match(script, /from "@shared\/events\.ts"/, "the stream list comes from the code");
  for (const name of ["workers", "workers-mrz"]) {
    assert.equal(
      services[name].depends_on?.["nats-streams"]?.condition,
      "service_completed_successfully",
      `${name} starts after the streams exist (its ensureStreams would make them with 1 replica)`,
    );
  }
});

Deno.test("several API and worker replicas, and every worker runs in at least two", async () => {
  assert.ok(services.api.deploy!.replicas! >= 2, "api replicas");
  const workerNames = /WORKER_NAMES\s*=\s*\[([^\]]*)\]/.exec(await read("workers/env.ts"))![1]
    .match(/"([a-z]+)"/g)!.map((s) => s.slice(1, -1));
  const covered = new Set<string>();
  for (const name of ["workers", "workers-mrz"]) {
    const service = services[name];
    assert.deepEqual(service.command, ["node_modules/.bin/deno", "run", "-A", "workers/main.ts"]);
    assert.ok(service.deploy!.replicas! >= 2, `${name} replicas`);
    for (const worker of service.environment!.WORKERS!.split(",")) {
      assert.ok(workerNames.includes(worker), `${worker} is a worker`);
      covered.add(worker);
    }
  }
  assert.deepEqual([...covered].sort(), [...workerNames].sort(), "every worker runs somewhere");
  for (const name of replicated) {
    assert.equal(services[name].ports, undefined, `${name} publishes no port, so it scales`);
    assert.equal(services[name].container_name, undefined);
  }
  assert.deepEqual(
    Object.entries(services).filter(([, s]) => s.ports).map(([name]) => name),
    ["proxy"],
    "only the proxy is published",
  );
});

Deno.test("the API, the workers and the migration use the libSQL server with its token", () => {
  const libsql = services.libsql;
  assert.match(libsql.image!, /^ghcr\.io\/tursodatabase\/libsql-server:v\d+\.\d+\.\d+$/, "pinned");
  assert.ok(libsql.volumes?.includes("libsql-data:/var/lib/sqld"));
  assert.match(libsql.environment!.SQLD_AUTH_JWT_KEY!, /^\$\{LIBSQL_AUTH_JWT_KEY:\?/);
  assert.equal(libsql.environment!.SQLD_HTTP_LISTEN_ADDR, "0.0.0.0:8080");
  for (const name of ["api", "workers", "workers-mrz", "migrate"]) {
    const env = services[name].environment!;
    assert.equal(env.DATABASE_URL, "http://libsql:8080", name);
    assert.match(env.DATABASE_AUTH_TOKEN!, /^\$\{DATABASE_AUTH_TOKEN:\?/, name);
  }
});

Deno.test("the migrations run once, before any API replica or worker", () => {
  assert.deepEqual(services.migrate.command, [
    "node_modules/.bin/deno",
    "run",
    "-A",
    "deploy/migrate.ts",
  ]);
  assert.equal(services.migrate.depends_on?.libsql?.condition, "service_healthy");
  for (const name of replicated) {
    assert.equal(services[name].depends_on?.migrate?.condition, "service_completed_successfully");
  }
  // The administrator is made by the migration, once, not by replicas racing for the address.
  assert.equal(services.api.environment?.ADMIN_EMAIL, undefined);
  assert.equal(services.api.environment?.ADMIN_PASSWORD, undefined);
});

Deno.test("the proxy balances over the API replicas and sets the forwarded headers itself", () => {
  const { proxy, api } = services;
  assert.match(proxy.image!, /^caddy:2\.\d+/);
  assert.ok(proxy.volumes?.includes("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro"));
  assert.ok(proxy.ports?.some((p) => p.endsWith(":80")));
  assert.equal(proxy.depends_on?.api?.condition, "service_healthy");
  const apiPort = /^ENV .*\bPORT=(\d+)/m.exec(dockerfile)![1];
  assert.match(caddyfile, new RegExp(`^\\s*dynamic a api ${apiPort}\\b`, "m"), "all replicas");
  assert.match(caddyfile, /^\{\$SITE_ADDRESS::80\}\s*\{/m);
  // Without trusted_proxies Caddy replaces client-sent X-Forwarded-For/-Proto, which is what
  // TRUST_PROXY=true relies on (the API takes the first X-Forwarded-For entry).
  assert.doesNotMatch(
    caddyfile.replace(/#.*$/gm, ""),
    /trusted_proxies|header_up\s+\+?X-Forwarded/,
  );
  assert.equal(api.environment?.TRUST_PROXY, "true");
  const health = /^http:\/\/:(\d+)\s*\{\s*respond (\/\S+) 200/m.exec(caddyfile)!;
  assert.ok(
    proxy.healthcheck!.test.join(" ").includes(`http://127.0.0.1:${health[1]}${health[2]}`),
    "the healthcheck asks the Caddyfile's health address",
  );
});

Deno.test("no secret is written in the file: each comes from the environment", () => {
  const secretish = /SECRET|PASSWORD|TOKEN|KEY|SMTP_URL|IBAN|OIB/;
  for (const [name, service] of Object.entries(services)) {
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      if (!secretish.test(key) || value === null) continue;
      const refs = interpolations(value);
      assert.ok(
        refs.length === 1 && value === value.match(/\$\{[^}]*\}/)![0],
        `${name}.${key} is a single \${…} reference`,
      );
      assert.ok(refs[0].op !== ":-" || refs[0].rest === "", `${name}.${key} has no default value`);
    }
  }
  for (const required of ["JWT_SECRET", "DATA_ENCRYPTION_KEY", "DATABASE_AUTH_TOKEN", "SMTP_URL"]) {
    const owner = Object.values(services).find((s) => s.environment?.[required] !== undefined)!;
    assert.match(owner.environment![required]!, new RegExp(`^\\$\\{${required}:\\?`));
  }
  for (const value of composeStrings) {
    const literal = value.replace(/\$\{[^}]*\}/g, ""); // a ${VAR:?message} may show an example
    assert.doesNotMatch(literal, /[a-z]+:\/\/[^\s/:@]+:[^\s/@]+@/, "no URL with credentials");
  }
});

Deno.test("every long-running service has a healthcheck and a restart policy", () => {
  for (const [name, service] of Object.entries(services)) {
    if (oneShots.includes(name)) {
      assert.equal(service.restart, "no", `${name} runs once`);
      continue;
    }
    assert.ok(service.healthcheck?.test?.length, `${name} has a healthcheck`);
    assert.equal(service.restart, "unless-stopped", `${name} restarts`);
  }
  for (const [name, service] of Object.entries(services)) {
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      assert.ok(services[dependency], `${name} depends on a service that exists`);
      assert.equal(
        condition,
        oneShots.includes(dependency) ? "service_completed_successfully" : "service_healthy",
        `${name} → ${dependency}`,
      );
    }
  }
});

Deno.test("every setting set for an app process is one the code reads", async () => {
  const common = ["core/platform/config.ts"];
  const readers: Record<string, Set<string>> = {
    api: await settingsOf(...common, "api/env.ts"),
    workers: await settingsOf(...common, "workers/env.ts"),
    "workers-mrz": await settingsOf(...common, "workers/env.ts"),
    migrate: await settingsOf("deploy/migrate.ts"),
    "nats-streams": await settingsOf("deploy/nats/streams.ts"),
  };
  assert.ok(readers.api.has("JWT_SECRET") && readers.workers.has("WORKERS"), "keys are found");
  for (const [name, known] of Object.entries(readers)) {
    for (const key of Object.keys(services[name].environment ?? {})) {
      assert.ok(known.has(key), `${name} sets ${key}, which its code does not read`);
    }
  }
});

Deno.test("one image for the app processes, built with the public address", () => {
  assert.match(dockerfile, /^ARG SITE_URL\b/m);
  for (const name of appServices) {
    const service = services[name];
    assert.equal(service.image, "prijavko:local", name);
    assert.equal(service.build?.context, ".", name);
    assert.match(service.build!.args!.SITE_URL, /^\$\{PUBLIC_URL:\?/, name);
  }
  assert.ok(services.api.environment!.PUBLIC_URL!.startsWith("${PUBLIC_URL:?"));
});

Deno.test("deploy/env.example lists every variable docker-compose.yml reads", () => {
  const listed = new Set(
    [...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name),
  );
  const used = new Set(composeStrings.flatMap(interpolations).map((r) => r.name));
  // Pass-through settings (no value) are read from the environment too.
  for (const service of Object.values(services)) {
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      if (value === null) used.add(key);
    }
  }
  for (const name of used) assert.ok(listed.has(name), `${name} is in deploy/env.example`);
  for (const name of listed) assert.ok(used.has(name), `${name} is used by docker-compose.yml`);
});
