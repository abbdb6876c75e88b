import assert from "node:assert/strict";
import { JetStreamApiError, type JetStreamManager } from "@nats-io/jetstream";
import { setLogLevel } from "@core/platform/logger.ts";
import { ensureStreamsWhenReady, isClusterNotReady } from "../../../workers/runner/streams.ts";
import { STREAMS } from "@shared/events.ts";

setLogLevel("error");

const apiError = (code: number, err_code: number, description: string) =>
  new JetStreamApiError({ code, err_code, description });

/** A JetStream manager with no streams yet whose first `refusals` creations are refused. */
function formingCluster(refusals: number, refusal = apiError(500, 10005, "no suitable peers")) {
  const created: string[] = [];
  let tries = 0;
  const jsm = {
    streams: {
      info: () => Promise.reject(apiError(404, 10059, "stream not found")),
      add: (config: { name: string }) => {
        if (tries++ < refusals) return Promise.reject(refusal);
        created.push(config.name);
        return Promise.resolve({});
      },
    },
  } as unknown as JetStreamManager;
  return { jsm, created, tries: () => tries };
}

Deno.test("a cluster still forming is waited for: every stream is made once its nodes have joined", async () => {
  // Three nodes started together: a stream of three replicas cannot be placed before all joined.
  // A workers process that gave up then (issue 28's chaos run) had no worker at all.
  const cluster = formingCluster(3);
  await ensureStreamsWhenReady(cluster.jsm, { replicas: 3 }, new AbortController().signal);
  assert.deepEqual(cluster.created, STREAMS.map((s) => s.name));
  assert.equal(cluster.tries(), 3 + STREAMS.length);
});

Deno.test("a refusal that waiting cannot mend is thrown at once", async () => {
  const forbidden = apiError(400, 10052, "insufficient resources");
  const cluster = formingCluster(1, forbidden);
  await assert.rejects(
    ensureStreamsWhenReady(cluster.jsm, { replicas: 3 }, new AbortController().signal),
    (error) => error === forbidden,
  );
  assert.equal(cluster.tries(), 1);
});

Deno.test("what a forming cluster answers is told from real refusals", () => {
  assert.equal(isClusterNotReady(apiError(500, 10005, "no suitable peers for placement")), true);
  assert.equal(
    isClusterNotReady(apiError(503, 10008, "JetStream system temporarily unavailable")),
    true,
  );
  assert.equal(
    isClusterNotReady(Object.assign(new Error("timeout"), { name: "TimeoutError" })),
    true,
  );
  assert.equal(isClusterNotReady(apiError(400, 10058, "stream name already in use")), false);
  assert.equal(isClusterNotReady(new Error("Permissions Violation for Publish")), false);
});
