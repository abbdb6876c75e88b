import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { AccountReconcileRequested } from "@shared/events.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { addDays } from "@shared/local-date.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { properties } from "@core/db/schema/properties.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { log } from "@core/platform/logger.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { guestsOfStays } from "@core/services/guests/registration/queries.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { defineConsumer } from "../../runner/worker.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { stopsHere } from "../read-refusal.ts";
import type { EVisitorTourist } from "@core/evisitor/types.ts";
import { compareRegistrations, type OurStay } from "./compare-registrations.ts";
import { touristsArrivedBetween } from "../tourists-between.ts";

/** How far back the daily comparison looks (eVisitor allows corrections for 15 days). */
export const RECONCILE_DAYS = 30;
/**
 * Once a day per eVisitor account: compares the stays of the last 30 days with eVisitor's tourist
 * list, follows check-outs made there, and tells the host (once per finding) about stays nobody
 * registered, registrations eVisitor no longer has, and guests not checked out after departure.
 */
export function reconcileConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  return defineConsumer({
    name: "evisitor_reconcile",
    stream: "EVISITOR",
    event: AccountReconcileRequested,
    async handle(event, ctx) {
      const [account] = await ctx.db.select().from(externalAccounts)
        .where(eq(externalAccounts.id, event.payload.externalAccountId));
      if (!account) return;
      const now = ctx.clock();
      const today = todayOf(now);
      const from = addDays(today, -RECONCILE_DAYS);

      const rows = await ctx.db.select().from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
        .where(and(
          eq(properties.externalAccountId, account.id),
          inArray(reservations.kind, ["booking", "unknown"]),
          isNull(reservations.canceledAt),
          gte(reservations.startDate, from),
          lte(reservations.startDate, today),
        ));
      if (rows.length === 0) return;
      const guestRows = await guestsOfStays(ctx.db, rows.map((r) => r.reservations.id));
      const stays: OurStay[] = rows.map(({ reservations: r }) => ({
        id: r.id,
        startDate: r.startDate,
        endDate: r.endDate,
        guests: guestRows.filter((g) => g.reservationId === r.id).map((g) => ({
          id: g.id,
          guid: g.guid,
          status: g.status,
          registrationState: g.registrationState,
          stayStart: r.startDate,
          stayEnd: r.endDate,
        })),
      }));

      let tourists: EVisitorTourist[];
      try {
        tourists = await sessions.use(
          account,
          (session) => touristsArrivedBetween(session, from, today),
        );
      } catch (error) {
        const ids = { externalAccountId: account.id };
        if (stopsHere(error, event, "registrations comparison", ids)) return;
        throw error;
      }

      const findings = compareRegistrations(stays, tourists, today);
      for (const finding of findings) {
        const row = rows.find((r) => r.reservations.id === finding.stayId)!;
        if (finding.kind === "checked-out-there") {
          await recordTransition(ctx.db, finding.guestId, { kind: "checked-out-in-evisitor" }, now);
          continue;
        }
        await createNotification(
          ctx.db,
          account.userId,
          NOTIFICATION_TEMPLATES.registrationMismatch,
          {
            dedupeKey: `${finding.kind}:${"guestId" in finding ? finding.guestId : finding.stayId}`,
            placeholders: {
              accommodationUnit: row.accommodation_units.name,
              code: row.reservations.code,
              reservationList: finding.kind,
              start: row.reservations.startDate,
              end: row.reservations.endDate,
            },
            now,
          },
        );
      }
      log.info("registrations reconciled", {
        externalAccountId: account.id,
        stays: stays.length,
        findings: findings.length,
      });
    },
  });
}
