import { and, count, eq, isNull, ne } from "drizzle-orm";
import { ExternalAccountStatus } from "@shared/enums.ts";
import { ProvisioningRequested } from "@shared/events.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { properties } from "@core/db/schema/properties.ts";
import { log } from "@core/platform/logger.ts";
import { isProcessed, markProcessed } from "../../runner/dedupe.ts";
import { defineConsumer, type HandlerContext } from "../../runner/worker.ts";
import {
  type EVisitorBorderCrossing,
  EVisitorError,
  type EVisitorSettlement,
} from "@core/evisitor/types.ts";
import { replaceSettlements } from "@core/services/guests/settlements.ts";
import { saveBorderCrossings } from "./code-lists.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { applySync } from "./apply-sync.ts";
import { type FacilitySnapshot, planSync } from "./plan-sync.ts";
import { applyPlanAllowance, type PlanShortfall } from "./plan-allowance.ts";
import { planPolicyOf } from "@core/services/plans/plan-policy.ts";
import type { Transaction } from "@core/db/client.ts";
import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { TaxCategory } from "@shared/schemas/tax-category.ts";

const CONSUMER = "evisitor_provisioning";
type Account = typeof externalAccounts.$inferSelect;

/** Without any subscription nothing new is mirrored (applyPlanAllowance treats it as not in force). */
const NO_PLAN: SubscriptionPolicy = {
  maxExternalAccounts: 0,
  maxProperties: 0,
  allowBulkImport: false,
  allowDataExport: false,
  allowApiAccess: false,
  maxUsersPerProperty: 0,
  maxBookingsPerMonth: 0,
  maxUnitsPerProperty: 0,
};

/** The host's plan as provisioning applies it, with their active properties on other accounts. */
async function allowanceOf(tx: Transaction, account: Account, now: Date) {
  const plan = await planPolicyOf(tx, account.userId, now);
  const [{ n }] = await tx.select({ n: count() }).from(properties).where(and(
    eq(properties.userId, account.userId),
    ne(properties.externalAccountId, account.id),
    isNull(properties.deactivatedAt),
  ));
  return {
    policy: plan?.policy ?? NO_PLAN,
    inForce: plan?.inForce ?? false,
    otherProperties: n,
  };
}

function fetchSnapshots(
  sessions: AccountSessions,
  account: Account,
): Promise<{
  snapshots: FacilitySnapshot[];
  borderCrossings: EVisitorBorderCrossing[];
  settlements: EVisitorSettlement[] | null;
  taxCategories: Map<string, TaxCategory[]>;
}> {
  return sessions.use(account, async (session) => {
    const snapshots: FacilitySnapshot[] = [];
    // The host's guest form offers these per property (properties.tax_categories); a facility
    // whose list cannot be read keeps the one it had.
    const taxCategories = new Map<string, TaxCategory[]>();
    for (const facility of await session.listFacilities()) {
      snapshots.push({ facility, units: await session.listUnits(facility.id, facility.code) });
      if (facility.isDeactivated) continue;
      const categories = await session.listPaymentCategories(facility.id).catch((error) => {
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("tax categories not read", { externalAccountId: account.id, kind: error.kind });
        return null;
      });
      if (categories) {
        taxCategories.set(
          facility.id,
          categories.filter((c) => c.active).map(({ code, name }) => ({ code, name })),
        );
      }
    }
    // The check-in form offers these to guests from outside the EU (evisitor_code_lists).
    const borderCrossings = await session.listBorderCrossings();
    // Croatian guests pick their city from these (evisitor_settlements). Without them the city is
    // typed, so a failure here keeps the list from the last sync rather than failing the sync.
    const settlements = await session.listSettlements().catch((error) => {
      if (!(error instanceof EVisitorError)) throw error;
      log.warn("settlement list not read", { externalAccountId: account.id, kind: error.kind });
      return null;
    });
    return { snapshots, borderCrossings, settlements, taxCategories };
  });
}

/** Status to fall back to after a failed sync: the account keeps whatever it had before. */
const statusAfterFailure = (account: Account) =>
  account.lastSyncedAt
    ? ExternalAccountStatus.Synchronized
    : account.status === ExternalAccountStatus.Edited
    ? ExternalAccountStatus.Edited
    : ExternalAccountStatus.Created;

/**
 * Mirrors an eVisitor account: Created/Edited → Provisioning → Synchronized. A refusal by eVisitor
 * (wrong password, lock, no rights) is recorded for the host as `lastError` (the error kind) and not
 * retried; an unreachable eVisitor is retried with back-off and recorded on the last attempt.
 */
export function provisioningConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  const setStatus = (ctx: HandlerContext, id: string, values: Partial<Account>) =>
    ctx.db.update(externalAccounts).set({ ...values, updatedAt: ctx.clock() }).where(
      eq(externalAccounts.id, id),
    );

  return defineConsumer({
    name: CONSUMER,
    stream: "EVISITOR",
    event: ProvisioningRequested,
    async handle(event, ctx) {
      if (await isProcessed(ctx.db, CONSUMER, event.id)) return;
      const [account] = await ctx.db.select().from(externalAccounts)
        .where(eq(externalAccounts.id, event.payload.externalAccountId));
      if (!account) return; // disconnected meanwhile: nothing to mirror
      await setStatus(ctx, account.id, { status: ExternalAccountStatus.Provisioning });

      let snapshots: FacilitySnapshot[];
      let borderCrossings: EVisitorBorderCrossing[];
      let settlements: EVisitorSettlement[] | null;
      let taxCategories: Map<string, TaxCategory[]>;
      try {
        ({ snapshots, borderCrossings, settlements, taxCategories } = await fetchSnapshots(
          sessions,
          account,
        ));
      } catch (error) {
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("provisioning failed", {
          externalAccountId: account.id,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        // An outage is delivered again within seconds; eVisitor's firewall is told at once and
        // not repeated (issue 31 item 4): the host, told, syncs again when they choose.
        if (!error.retriesSoon || event.isLastAttempt) {
          await setStatus(ctx, account.id, {
            status: statusAfterFailure(account),
            // The firewall's support ID goes with it, for eVisitor's support.
            lastError: error.kind === "firewall" && error.supportId
              ? `firewall:${error.supportId}`
              : error.kind,
          });
          await createNotification(
            ctx.db,
            account.userId,
            NOTIFICATION_TEMPLATES.accountSyncFailed,
            {
              dedupeKey: `account-sync-failed:${event.id}`,
              placeholders: { reservationList: error.kind },
              now: ctx.clock(),
            },
          );
        }
        if (error.retriesSoon && !event.isLastAttempt) throw error;
        await markProcessed(ctx.db, CONSUMER, event.id, ctx.clock());
        return;
      }

      const now = ctx.clock();
      if (settlements) {
        // Apart from the sync's own transaction (thousands of rows, not worth holding its lock
        // for), and before it: once the account shows as synchronized, its guests find them.
        const list = settlements;
        await ctx.db.transaction((tx) => replaceSettlements(tx, account.id, list, now));
      }
      let shortfall: PlanShortfall | null = null;
      // Immediate: the plan's allowance is counted (properties of the host's other accounts, which
      // another replica may be provisioning right now) and the new rows written under one lock.
      await ctx.db.transaction(async (tx) => {
        const known = {
          properties: await tx.select({ id: properties.id, facilityId: properties.facilityId })
            .from(properties)
            .where(eq(properties.externalAccountId, account.id)),
          units: await tx.select({
            id: accommodationUnits.id,
            propertyId: accommodationUnits.propertyId,
            externalUnitId: accommodationUnits.externalUnitId,
            externalUnitIndex: accommodationUnits.externalUnitIndex,
            name: accommodationUnits.name,
          }).from(accommodationUnits).where(eq(accommodationUnits.userId, account.userId)),
        };
        const allowed = applyPlanAllowance(
          planSync(known, snapshots),
          await allowanceOf(tx, account, now),
        );
        shortfall = allowed.shortfall;
        await applySync(tx, { userId: account.userId, accountId: account.id, now }, allowed.plan);
        for (const [facilityId, categories] of taxCategories) {
          await tx.update(properties).set({ taxCategories: categories }).where(and(
            eq(properties.externalAccountId, account.id),
            eq(properties.facilityId, facilityId),
          ));
        }
        await tx.update(externalAccounts).set({
          status: ExternalAccountStatus.Synchronized,
          // What the plan left out stays visible on the account until a sync adds everything.
          lastError: shortfall?.reason ?? null,
          lastSyncedAt: now,
          updatedAt: now,
        }).where(eq(externalAccounts.id, account.id));
        await saveBorderCrossings(tx, account.environment, borderCrossings, now);
        await markProcessed(tx, CONSUMER, event.id, now);
      }, { behavior: "immediate" });
      if (shortfall) await notifyShortfall(ctx, account, shortfall, event.id, now);
      await createNotification(ctx.db, account.userId, NOTIFICATION_TEMPLATES.accountSynced, {
        dedupeKey: `account-synced:${event.id}`,
        placeholders: { reservationList: String(snapshots.length) },
        now,
      });
      log.info("provisioning done", {
        externalAccountId: account.id,
        facilities: snapshots.length,
      });
    },
  });
}

/** Tells the host what their plan left out of the account's sync, once per sync event. */
async function notifyShortfall(
  ctx: HandlerContext,
  account: Account,
  shortfall: PlanShortfall,
  eventId: string,
  now: Date,
) {
  log.info("provisioning left out what the plan does not allow", {
    externalAccountId: account.id,
    limit: shortfall.limit,
    properties: shortfall.properties,
    units: shortfall.units,
  });
  await createNotification(ctx.db, account.userId, NOTIFICATION_TEMPLATES.planLimitReached, {
    dedupeKey: `plan-limit:${eventId}`,
    placeholders: {
      limit: shortfall.limit,
      count: String(
        shortfall.limit === "maxProperties"
          ? shortfall.properties
          : shortfall.limit === "maxUnitsPerProperty"
          ? shortfall.units
          : shortfall.properties + shortfall.units,
      ),
    },
    now,
  });
}
