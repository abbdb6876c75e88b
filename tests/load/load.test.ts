/**
 * The load benchmark's CI variant: bench/load.ts end to end on the whole product, short and small
 * (3 s per read run, 200 guest check-ins). It checks what must hold on any machine: no errors and
 * no non-2xx answer in any run, every check-in accepted and every guest registered once. The
 * throughput and latency targets depend on the machine and are the full run's business
 * (README "Load": `deno run -A bench/load.ts`).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test({
  name: "load (CI variant): the read mix and 200 guest check-ins on the running product, " +
    "no errors, every guest registered once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "load-test-" });
    try {
      const { code, stderr } = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "bench/load.ts",
          "--duration",
          "3",
          "--warmup",
          "1",
          "--guests",
          "200",
          "--reservations",
          "40",
          "--json",
          `${dir}/load.json`,
        ],
        cwd: ROOT,
        stdout: "null",
        stderr: "piped",
      }).output();
      assert.equal(code, 0, new TextDecoder().decode(stderr).slice(-2000));
      const report = JSON.parse(await Deno.readTextFile(`${dir}/load.json`));

      for (const run of [report.baseline, report.read, report.readAtTarget, report.write]) {
        assert.equal(run.errors + run.timeouts, 0, `${run.mix}: connection errors or time-outs`);
        assert.equal(run.non2xx, 0, `${run.mix}: ${JSON.stringify(run.samples)}`);
        assert.ok(run.requests > 0, `${run.mix}: no request answered`);
      }
      assert.deepEqual(
        Object.keys(report.read.byKind).sort(),
        ["checkin-data", "notifications", "reservations-list", "statistics"],
      );
      assert.equal(report.write.requests, 200);
      assert.equal(report.drain.timedOut, false);
      assert.equal(report.drain.registered, report.drain.expected);
      assert.equal(report.drain.failed, 0);
      assert.equal(report.drain.lost, 0);
      assert.equal(report.drain.extra, 0);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
