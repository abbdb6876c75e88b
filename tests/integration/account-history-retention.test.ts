import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accountEvents } from "@core/db/schema/account-events.ts";
import { scheduleMarks } from "@core/db/schema/schedule-marks.ts";
import { recordAccountEvent } from "@core/services/users/account-history.ts";
import { runScheduler } from "../../workers/scheduler/scheduler.ts";
import {
  ACCOUNT_HISTORY_RETENTION,
  accountHistoryRetentionJob,
} from "../../workers/scheduler/jobs/account-history-retention.ts";
import { createHost } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { waitFor } from "../support/wait.ts";

const RUN = new Date("2026-09-11T08:00:00Z");
const DAY = 24 * 3600_000;

Deno.test("the account history retention job deletes entries older than a year, once a day under its lease", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await db.delete(accountEvents); // only the entries below
    const at = (daysAgo: number) => new Date(RUN.getTime() - daysAgo * DAY);
    // Each entry told apart by its address (the history keeps only real addresses).
    const OLD = "192.0.2.1", JUST_OVER = "192.0.2.2", RECENT = "192.0.2.3", NEW = "192.0.2.4";
    for (
      const [daysAgo, address] of [[400, OLD], [366, JUST_OVER], [364, RECENT], [1, NEW]] as const
    ) {
      await recordAccountEvent(db, {
        userId,
        kind: "SignedIn",
        now: at(daysAgo),
        origin: { address },
      });
    }

    const controller = new AbortController();
    const running = runScheduler({
      jobs: [accountHistoryRetentionJob({ tickMs: 20 })],
      db,
      js: () => {
        throw new Error("no NATS in this test");
      },
      clock: () => RUN,
      signal: controller.signal,
    });
    try {
      await waitFor(async () => {
        const [mark] = await db.select().from(scheduleMarks)
          .where(eq(scheduleMarks.name, ACCOUNT_HISTORY_RETENTION));
        return mark?.lastRunOn === "2026-09-11";
      }, { what: "the retention's day done" });
      const left = await db.select({ address: accountEvents.address }).from(accountEvents);
      assert.deepEqual(left.map((e) => e.address).sort(), [RECENT, NEW]);

      // Today's run is over: an entry that turns a year old meanwhile waits for tomorrow.
      await recordAccountEvent(db, {
        userId,
        kind: "SignedIn",
        now: at(500),
        origin: { address: "192.0.2.5" },
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.equal((await db.select().from(accountEvents)).length, 3);
    } finally {
      controller.abort();
      await running;
    }
  }, { now: RUN }));
