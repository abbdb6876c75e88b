import { and, eq } from "drizzle-orm";
import { GuestsRefreshRequested } from "@shared/events.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { log } from "@core/platform/logger.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { defineConsumer } from "../../runner/worker.ts";
import { openAccountSession } from "@core/evisitor/account-session.ts";
import { stopsHere } from "../read-refusal.ts";

/**
 * Follows check-outs made in eVisitor (automatic ones, or the host's in eVisitor's own site) for
 * the checked-in guests of one stay the host opened. Read-only towards eVisitor; idempotent.
 */
export function refreshConsumer(
  { evisitor, secretBox }: { evisitor: EVisitorAccess; secretBox: SecretBox },
) {
  return defineConsumer({
    name: "evisitor_guests_refresh",
    stream: "EVISITOR",
    event: GuestsRefreshRequested,
    async handle(event, ctx) {
      const rows = await ctx.db.select().from(guests)
        .innerJoin(properties, eq(properties.id, guests.propertyId))
        .innerJoin(externalAccounts, eq(externalAccounts.id, properties.externalAccountId))
        .where(and(
          eq(guests.reservationId, event.payload.reservationId),
          eq(guests.status, "CheckedIn"),
        ));
      if (rows.length === 0) return;
      const account = rows[0].external_accounts;
      let session;
      try {
        session = await openAccountSession({ evisitor, secretBox }, account);
      } catch (error) {
        // A refused password or API key: asked once, not six times (the guard remembers it).
        const ids = { reservationId: event.payload.reservationId };
        if (stopsHere(error, event, "guests refresh", ids)) return;
        throw error;
      }
      try {
        for (const { guests: guest } of rows) {
          const { records } = await session.listTourists({ id: guest.guid });
          if (records[0]?.checkedOut) {
            const now = ctx.clock();
            await ctx.db.update(guests)
              .set({ status: "CheckedOut", checkedOutAt: now, updatedAt: now })
              .where(eq(guests.id, guest.id));
            log.info("guest checked out in eVisitor", { guestId: guest.id });
          }
        }
      } finally {
        await session.logout().catch(() => {});
      }
    },
  });
}
