import { eq } from "drizzle-orm";
import { SettlementsRequested } from "@shared/events.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { log } from "@core/platform/logger.ts";
import { replaceSettlements } from "@core/services/guests/settlements.ts";
import { isProcessed, markProcessed } from "../../runner/dedupe.ts";
import { defineConsumer } from "../../runner/worker.ts";

const CONSUMER = "evisitor_settlements";

/**
 * Reads an account's Croatian settlements from eVisitor when a search found the list missing or
 * old (a sync reads them too). An unreachable eVisitor is retried with back-off; a refusal (wrong
 * password, lock) is left for the account's own sync to report: guests type the city meanwhile.
 */
export function settlementsConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  return defineConsumer({
    name: CONSUMER,
    stream: "EVISITOR",
    event: SettlementsRequested,
    async handle(event, ctx) {
      if (await isProcessed(ctx.db, CONSUMER, event.id)) return;
      const { externalAccountId } = event.payload;
      const [account] = await ctx.db.select().from(externalAccounts)
        .where(eq(externalAccounts.id, externalAccountId));
      if (!account) return; // disconnected meanwhile
      let settlements;
      try {
        settlements = await sessions.use(account, (session) => session.listSettlements());
      } catch (error) {
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("settlement list not read", {
          externalAccountId,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        if (error.isTransient) throw error;
        await markProcessed(ctx.db, CONSUMER, event.id, ctx.clock());
        return;
      }
      const now = ctx.clock();
      await ctx.db.transaction(async (tx) => {
        await replaceSettlements(tx, externalAccountId, settlements, now);
        await markProcessed(tx, CONSUMER, event.id, now);
      });
      log.info("settlement list read", { externalAccountId, settlements: settlements.length });
    },
  });
}
