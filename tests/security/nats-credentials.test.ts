/**
 * Issue 30, third probe: a process given NATS credentials the server refuses (a wrong password, or
 * none at all) stops at once with one line naming the variable to fix, NATS_URL, and never the
 * password; it neither retries forever as if NATS were down nor dies of an escaped ECONNRESET with
 * a stack trace. A server that is only out of reach is still waited for.
 */
import assert from "node:assert/strict";
import { freePort } from "../support/ports.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { TEST_ENV } from "../support/app.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The process's lines and exit code, or `running: true` if it still runs after `ms`. */
async function runFor(script: string, natsUrl: string, ms: number) {
  const dir = await Deno.makeTempDir({ prefix: "nats-credentials-" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script],
      cwd: ROOT,
      env: {
        ...TEST_ENV,
        NATS_URL: natsUrl,
        DATABASE_URL: `file:${dir}/app.db`,
        HOST: "127.0.0.1",
        PORT: String(freePort()),
        MAIL_DIR: `${dir}/mail`,
        NO_COLOR: "1",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    const out = await child.output();
    clearTimeout(timer);
    const running = out.signal === "SIGKILL";
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    return { running, code: out.code, lines: text.split("\n").filter((l) => l.trim() !== "") };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function assertStoppedOnCredentials(
  result: Awaited<ReturnType<typeof runFor>>,
  secret: string,
) {
  assert.equal(result.running, false, `still running:\n${result.lines.join("\n")}`);
  assert.notEqual(result.code, 0);
  const text = result.lines.join("\n");
  assert.doesNotMatch(text, /ECONNRESET|^\s+at /m, "no stack trace");
  assert.ok(!text.includes(secret), "the password is never logged");
  const errors = result.lines.filter((line) => /"level":"error"|error:/i.test(line));
  assert.equal(errors.length, 1, text);
  assert.match(errors[0], /NATS_URL/);
  assert.doesNotMatch(text, /not reachable/, "a refusal is not an outage");
}

Deno.test({
  name: "workers given a wrong NATS password stop at once with one line naming NATS_URL",
  ...REAL_SERVERS,
  fn: async () => {
    const server = await startNatsServer();
    try {
      const url = new URL(server.urls.workers);
      url.password = "wrong-password-4711";
      const result = await runFor("workers/main.ts", url.href, 10_000);
      assertStoppedOnCredentials(result, "wrong-password-4711");
    } finally {
      await server.dispose();
    }
  },
});

Deno.test({
  name: "the API without NATS credentials stops at once with one line naming NATS_URL",
  ...REAL_SERVERS,
  fn: async () => {
    const server = await startNatsServer();
    try {
      const result = await runFor("api/main.ts", server.address, 15_000);
      assertStoppedOnCredentials(result, new URL(server.urls.api).password);
    } finally {
      await server.dispose();
    }
  },
});

Deno.test({
  name: "workers keep waiting for a NATS server that is only out of reach",
  ...REAL_SERVERS,
  fn: async () => {
    const result = await runFor(
      "workers/main.ts",
      `nats://workers:pw@127.0.0.1:${freePort()}`,
      4000,
    );
    assert.equal(result.running, true, result.lines.join("\n"));
    assert.ok(result.lines.some((line) => /not reachable, retrying/.test(line)));
    assert.ok(!result.lines.join("\n").includes(":pw@"), "the password is never logged");
  },
});
