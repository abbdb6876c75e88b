import { GuestsRefreshRequested } from "@shared/events.ts";
import { log } from "@core/platform/logger.ts";
import { checkedInGuestsOfStay } from "@core/services/guests/registration/queries.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { defineConsumer } from "../../runner/worker.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { stopsHere } from "../read-refusal.ts";
import { touristsArrivedBetween } from "../tourists-between.ts";

/**
 * Follows check-outs made in eVisitor (automatic ones, or the host's in eVisitor's own site) for
 * the checked-in guests of one stay the host opened. Read-only towards eVisitor; idempotent.
 */
export function refreshConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  return defineConsumer({
    name: "evisitor_guests_refresh",
    stream: "EVISITOR",
    event: GuestsRefreshRequested,
    async handle(event, ctx) {
      const rows = await checkedInGuestsOfStay(ctx.db, event.payload.reservationId);
      if (rows.length === 0) return;
      const account = rows[0].account;
      let checkedOut: string[];
      try {
        // One read for the whole stay: the guests who arrived on the stay's registered arrival
        // days, matched by registration id (not one read, nor one login, per guest).
        const arrivals = rows.map((r) => r.arrival).sort();
        const listed = await sessions.use(
          account,
          (session) => touristsArrivedBetween(session, arrivals[0], arrivals.at(-1)!),
        );
        const out = new Set(listed.filter((t) => t.checkedOut).map((t) => t.id.toLowerCase()));
        checkedOut = rows.filter((r) => out.has(r.guid.toLowerCase())).map((r) => r.id);
      } catch (error) {
        // A refused password or API key: asked once, not six times (the guard remembers it).
        const ids = { reservationId: event.payload.reservationId };
        if (stopsHere(error, event, "guests refresh", ids)) return;
        throw error;
      }
      for (const guestId of checkedOut) {
        const now = ctx.clock();
        const done = await recordTransition(
          ctx.db,
          guestId,
          { kind: "checked-out-in-evisitor" },
          now,
        );
        if (done?.outcome === "apply") log.info("guest checked out in eVisitor", { guestId });
      }
    },
  });
}
