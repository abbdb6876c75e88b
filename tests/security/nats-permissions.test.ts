/**
 * NATS users and their permissions (deploy/nats/users.conf, issue 17 L10): nobody connects without
 * a user, and each of the API, the workers and the tools can do what its work needs and no more.
 * Document photos cross `mrz.read`; only the API sends them and only the workers read them.
 * The rest of the suite (tests/support/nats-server.ts) runs every process as its own user, so the
 * product working end to end is the proof that the allow lists are enough.
 */
import assert from "node:assert/strict";
import { connect } from "@nats-io/transport-node";
import { errors } from "@nats-io/nats-core";
import { jetstreamManager } from "@nats-io/jetstream";
import { MRZ_QUEUE_GROUP, MRZ_READ_SUBJECT } from "@shared/mrz-service.ts";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { ensureStreams } from "../../workers/runner/streams.ts";
import { type NatsUser, startNatsServer, type TestNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS as SERVERS } from "../support/pipeline.ts";

/** A connection as `user`, which records the permission violations the server reports. */
async function connectAs(server: TestNatsServer, user: NatsUser) {
  const nc = await connect(natsConnectOptions(server.urls[user], `permissions-test-${user}`));
  const violations: string[] = [];
  (async () => {
    for await (const status of nc.status()) {
      if (status.type === "error" && status.error instanceof errors.PermissionViolationError) {
        violations.push(`${status.error.operation} ${status.error.subject}`);
      }
    }
  })();
  return {
    nc,
    /** Whether the server refused `operation` on `subject` (after a round trip). */
    async refused(operation: "publish" | "subscription", subject: string): Promise<boolean> {
      await nc.flush();
      // The error may follow the PONG by a moment.
      await new Promise((r) => setTimeout(r, 50));
      return violations.includes(`${operation} ${subject}`);
    },
  };
}

async function withServer(fn: (server: TestNatsServer) => Promise<void>) {
  const server = await startNatsServer();
  try {
    await fn(server);
  } finally {
    await server.dispose();
  }
}

/**
 * What the server answers a client's CONNECT (with `credentials`) and PING, over plain TCP: the
 * protocol itself, so a client library's handling of the closed socket plays no part.
 */
async function answerToConnect(port: number, credentials: Record<string, string>) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const connect = { verbose: false, pedantic: false, ...credentials };
    await conn.write(new TextEncoder().encode(`CONNECT ${JSON.stringify(connect)}\r\nPING\r\n`));
    let text = "";
    const buffer = new Uint8Array(4096);
    while (!/PONG|-ERR/.test(text)) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
    return text.split("\r\n").find((line) => /^(PONG|-ERR)/.test(line)) ?? text;
  } finally {
    conn.close();
  }
}

Deno.test({
  name: "NATS refuses a connection without a user or with a wrong password",
  ...SERVERS,
  fn: () =>
    withServer(async (server) => {
      const password = (user: NatsUser) => new URL(server.urls[user]).password;
      assert.equal(await answerToConnect(server.port, {}), "-ERR 'Authorization Violation'");
      assert.equal(
        await answerToConnect(server.port, { user: "api", pass: "not-the-password" }),
        "-ERR 'Authorization Violation'",
      );
      assert.equal(
        await answerToConnect(server.port, { user: "api", pass: password("workers") }),
        "-ERR 'Authorization Violation'",
        "another user's password",
      );
      assert.equal(
        await answerToConnect(server.port, { user: "api", pass: password("api") }),
        "PONG",
        "the right one is let in",
      );
    }),
});

Deno.test({
  name: "the API user sends mrz.read requests but cannot read them, the streams or other inboxes",
  ...SERVERS,
  fn: () =>
    withServer(async (server) => {
      const workers = await connectAs(server, "workers");
      const api = await connectAs(server, "api");
      const snooper = await connectAs(server, "api");
      try {
        // A worker answers photos, as workers/mrz/responder.ts does.
        const responder = workers.nc.subscribe(MRZ_READ_SUBJECT, { queue: MRZ_QUEUE_GROUP });
        (async () => {
          for await (const msg of responder) msg.respond(`read ${msg.data.length} bytes`);
        })();
        await workers.nc.flush();

        // Another API connection (or anyone holding the API's password) listening on mrz.read
        // gets nothing: the server refuses the subscription.
        const seen: string[] = [];
        const tap = snooper.nc.subscribe(MRZ_READ_SUBJECT);
        (async () => {
          for await (const msg of tap) seen.push(msg.string());
        })().catch(() => {});
        assert.ok(await snooper.refused("subscription", MRZ_READ_SUBJECT), "mrz.read refused");

        const reply = await api.nc.request(MRZ_READ_SUBJECT, "a document photo", {
          timeout: 5000,
        });
        assert.equal(reply.string(), "read 16 bytes", "the request/reply itself works");
        assert.deepEqual(seen, [], "the photo reached only the worker");

        // Its own inbox is allowed (so `refused` is not always true)…
        snooper.nc.subscribe("_INBOX_api.mine");
        assert.ok(!(await snooper.refused("subscription", "_INBOX_api.mine")), "its own inbox");
        // …the streams' subjects, the workers' inboxes (pulled events, JetStream replies) and
        // everyone's: refused.
        for (
          const subject of [
            "accounts.>",
            "evisitor.>",
            "dlq.>",
            "_INBOX_workers.>",
            "_INBOX.>",
            ">",
          ]
        ) {
          snooper.nc.subscribe(subject);
          assert.ok(await snooper.refused("subscription", subject), `subscribe ${subject}`);
        }
        // Events go through the outbox and the relay: the API publishes none. Of JetStream's API
        // it has the account and stream info (readiness: does JetStream have a quorum?), nothing
        // that reads a stored message, pulls one or changes a stream.
        for (
          const subject of [
            "accounts.user.registered",
            "dlq.accounts.user.registered",
            "$JS.API.STREAM.MSG.GET.ACCOUNTS",
            "$JS.API.DIRECT.GET.ACCOUNTS",
            "$JS.API.CONSUMER.MSG.NEXT.ACCOUNTS.x",
            "$JS.API.STREAM.DELETE.ACCOUNTS",
            "_INBOX_workers.x",
          ]
        ) {
          api.nc.publish(subject, "{}");
          assert.ok(await api.refused("publish", subject), `publish ${subject}`);
        }
      } finally {
        await Promise.all([workers.nc.close(), api.nc.close(), snooper.nc.close()]);
      }
    }),
});

Deno.test({
  name: "the workers user runs the streams but cannot delete, purge or read them by number, " +
    "nor read the API's replies",
  ...SERVERS,
  fn: () =>
    withServer(async (server) => {
      const workers = await connectAs(server, "workers");
      try {
        const jsm = await jetstreamManager(workers.nc);
        await ensureStreams(jsm); // allowed: what every workers process does at start
        await jsm.streams.info("ACCOUNTS");

        for (
          const subject of [
            "$JS.API.STREAM.DELETE.ACCOUNTS",
            "$JS.API.STREAM.PURGE.ACCOUNTS",
            "$JS.API.STREAM.MSG.GET.ACCOUNTS",
            "$JS.API.CONSUMER.DELETE.ACCOUNTS.account_emails",
            // Not a client of its own service: only the API asks for document photos.
            MRZ_READ_SUBJECT,
            "_INBOX_api.x",
          ]
        ) {
          workers.nc.publish(subject, "{}");
          assert.ok(await workers.refused("publish", subject), `publish ${subject}`);
        }
        // The API's inbox carries the guests' document data read from photos.
        for (const subject of ["_INBOX_api.>", "_INBOX.>", ">"]) {
          workers.nc.subscribe(subject);
          assert.ok(await workers.refused("subscription", subject), `subscribe ${subject}`);
        }
        await assert.rejects(jsm.streams.delete("ACCOUNTS"), "deleting a stream");
      } finally {
        await workers.nc.close();
      }
    }),
});

Deno.test({
  name: "the tools user manages the streams but publishes no event and reads no photo",
  ...SERVERS,
  fn: () =>
    withServer(async (server) => {
      const tools = await connectAs(server, "tools");
      try {
        const jsm = await jetstreamManager(tools.nc);
        await ensureStreams(jsm, { replicas: 1 }); // what deploy/nats/streams.ts needs
        assert.equal((await jsm.streams.info("DLQ")).config.name, "DLQ");

        for (const subject of ["accounts.user.registered", "dlq.x", MRZ_READ_SUBJECT]) {
          tools.nc.publish(subject, "{}");
          assert.ok(await tools.refused("publish", subject), `publish ${subject}`);
        }
        for (const subject of [MRZ_READ_SUBJECT, "accounts.>", "_INBOX_api.>"]) {
          tools.nc.subscribe(subject);
          assert.ok(await tools.refused("subscription", subject), `subscribe ${subject}`);
        }
      } finally {
        await tools.nc.close();
      }
    }),
});
