import { and, asc, eq, isNull } from "drizzle-orm";
import { SubscriptionStatus } from "@shared/enums.ts";
import { eurosOf } from "@shared/billing/money.ts";
import { registrationFailureOf, registrationFailureText } from "@shared/registration-failures.ts";
import type { DataExport } from "@shared/schemas/data-export.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { purchaseRequests, receipts } from "../../db/schema/billing.ts";
import { externalAccounts } from "../../db/schema/external-accounts.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { users } from "../../db/schema/users.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { receiptNumberOf } from "../billing/receipts.ts";
import { documentNumberOf } from "../guests/guest-response.ts";
import { policyOf, subscriptionOf } from "../plans/plan-policy.ts";
import { impersonatorEmailOf, recordAccountEvent } from "../users/account-history.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Whether the host's plan includes data export (`allowDataExport`: trial, Pro and Premium, not
 * Basic). Refused with SubscriptionNotFound without a subscription and SubscriptionLimitReached on
 * a plan without export. An expired plan of a package with export still exports: reading one's
 * data stays possible after a plan ends, and leaving must not depend on paying.
 */
async function assertCanExportData(db: DbOrTx, userId: string): Promise<void> {
  const found = await subscriptionOf(db, userId);
  if (!found || found.subscription.status === SubscriptionStatus.Cancelled) {
    throw new AppError("SubscriptionNotFound");
  }
  if (!policyOf(found.pkg).allowDataExport) {
    throw new AppError("SubscriptionLimitReached", {
      detail: "Your plan does not include data export; Pro and Premium do.",
    });
  }
}

/**
 * Everything of one host, and only theirs: every query is filtered by the caller's user id (a
 * guest, stay or unit of another host is never reached through a join). Guests' document numbers
 * are opened: the data is the host's own. Nothing secret is read (see DataExport).
 */
export async function hostDataExport(ctx: ServiceContext): Promise<DataExport> {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  await assertCanExportData(db, userId);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("NotFound");
  const plan = await subscriptionOf(db, userId);

  const accountRows = await db.select().from(externalAccounts)
    .where(eq(externalAccounts.userId, userId)).orderBy(asc(externalAccounts.createdAt));
  const propertyRows = await db.select().from(properties)
    .where(eq(properties.userId, userId)).orderBy(asc(properties.createdAt), asc(properties.id));
  const unitRows = await db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.userId, userId))
    .orderBy(asc(accommodationUnits.createdAt), asc(accommodationUnits.id));
  const reservationRows = await db.select().from(reservations)
    .where(eq(reservations.userId, userId))
    .orderBy(asc(reservations.startDate), asc(reservations.id));
  const guestRows = await db.select({ guest: guests, code: reservations.code }).from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .where(and(eq(guests.userId, userId), eq(reservations.userId, userId)))
    .orderBy(asc(reservations.startDate), asc(guests.createdAt), asc(guests.id));
  const notificationRows = await db.select().from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.deletedAt)))
    .orderBy(asc(userNotifications.createdAt));
  const requestRows = await db.select().from(purchaseRequests)
    .where(eq(purchaseRequests.userId, userId)).orderBy(asc(purchaseRequests.number));
  const receiptRows = await db.select().from(receipts)
    .where(eq(receipts.userId, userId)).orderBy(asc(receipts.year), asc(receipts.sequence));

  const exported: DataExport = {
    formatVersion: 1,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      pendingEmail: user.pendingEmail,
      language: user.language,
      emailNotifications: user.emailNotifications,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: iso(user.lastLoginAt),
      fullName: user.fullName,
      phone: user.phone,
      companyName: user.companyName,
      oib: user.oib,
      street: user.street,
      postalCode: user.postalCode,
      city: user.city,
      inVatSystem: user.inVatSystem,
      theme: user.theme,
      defaultCheckInTime: user.defaultCheckInTime,
      defaultCheckOutTime: user.defaultCheckOutTime,
      qrSheetLanguages: user.qrSheetLanguages,
    },
    subscription: plan
      ? {
        packageId: plan.pkg.id,
        packageName: plan.pkg.name,
        status: plan.subscription.status,
        isTrial: plan.subscription.isTrial,
        startAt: plan.subscription.startAt.toISOString(),
        endAt: plan.subscription.endAt.toISOString(),
      }
      : null,
    externalAccounts: accountRows.map((a) => ({
      id: a.id,
      type: a.type,
      environment: a.environment,
      username: a.username,
      email: a.email,
      status: a.status,
      lastError: a.lastError,
      lastSyncedAt: iso(a.lastSyncedAt),
      createdAt: a.createdAt.toISOString(),
    })),
    properties: propertyRows.map((p) => ({
      id: p.id,
      externalAccountId: p.externalAccountId,
      facilityCode: p.facilityCode,
      name: p.name,
      address: p.address,
      facilityType: p.facilityType,
      category: p.category,
      defaultCheckInTime: p.defaultCheckInTime,
      defaultCheckOutTime: p.defaultCheckOutTime,
      maxNumberOfGuests: p.maxNumberOfGuests,
      defaultNumberOfNights: p.defaultNumberOfNights,
      automaticCheckIn: p.automaticCheckIn,
      automaticCheckOut: p.automaticCheckOut,
      wifiName: p.wifiName,
      wifiPassword: p.wifiPassword,
      deactivatedAt: iso(p.deactivatedAt),
      createdAt: p.createdAt.toISOString(),
    })),
    accommodationUnits: unitRows.map((u) => ({
      id: u.id,
      code: u.code,
      propertyId: u.propertyId,
      name: u.name,
      description: u.description,
      capacity: u.capacity,
      type: u.type,
      category: u.category,
      externalCalendarLink: u.externalCalendarLink,
      defaultCheckInTime: u.defaultCheckInTime,
      defaultCheckOutTime: u.defaultCheckOutTime,
      wifiName: u.wifiName,
      wifiPassword: u.wifiPassword,
      createdAt: u.createdAt.toISOString(),
    })),
    reservations: reservationRows.map((r) => ({
      id: r.id,
      code: r.code,
      propertyId: r.propertyId,
      accommodationUnitId: r.accommodationUnitId,
      startDate: r.startDate,
      endDate: r.endDate,
      kind: r.kind,
      type: r.type,
      description: r.description,
      canceledAt: iso(r.canceledAt),
      createdAt: r.createdAt.toISOString(),
    })),
    guests: await Promise.all(guestRows.map(async ({ guest: g, code }) => ({
      id: g.id,
      guid: g.guid,
      reservationId: g.reservationId,
      reservationCode: code,
      propertyId: g.propertyId,
      accommodationUnitId: g.accommodationUnitId,
      name: g.name,
      middleName: g.middleName,
      surname: g.surname,
      gender: g.gender,
      dateOfBirth: g.dateOfBirth,
      citizenship: g.citizenship,
      countryOfBirth: g.countryOfBirth,
      cityOfBirth: g.cityOfBirth,
      countryOfResidence: g.countryOfResidence,
      cityOfResidence: g.cityOfResidence,
      residenceAddress: g.residenceAddress,
      documentType: g.documentType,
      documentNumber: await documentNumberOf(g, ctx.secretBox),
      email: g.email,
      telephone: g.telephone,
      borderCrossing: g.borderCrossing,
      passageDate: g.passageDate,
      status: g.status,
      registrationState: g.registrationState,
      registrationError: registrationFailureText(registrationFailureOf(g)),
      registeredAt: iso(g.registeredAt),
      checkedOutAt: iso(g.checkedOutAt),
      anonymisedAt: iso(g.anonymisedAt),
      createdAt: g.createdAt.toISOString(),
    }))),
    notifications: notificationRows.map((n) => ({
      id: n.id,
      template: n.template,
      notificationType: n.notificationType,
      placeholders: n.placeholders,
      createdAt: n.createdAt.toISOString(),
      readAt: iso(n.sentToAppAt),
    })),
    purchaseRequests: requestRows.map((p) => ({
      id: p.id,
      number: p.number,
      referenceCode: p.referenceCode,
      packageId: p.packageId,
      packageName: p.packageName,
      months: p.months,
      finalPrice: eurosOf(p.finalCents),
      discountPercent: p.discountPercent,
      status: p.status,
      paidAt: iso(p.paidAt),
      createdAt: p.createdAt.toISOString(),
    })),
    receipts: receiptRows.map((r) => ({
      id: r.id,
      number: receiptNumberOf(r),
      purchaseRequestId: r.purchaseRequestId,
      packageName: r.packageName,
      months: r.months,
      amount: eurosOf(r.amountCents),
      periodStart: r.periodStart.toISOString(),
      periodEnd: r.periodEnd.toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
  };
  await recordAccountEvent(db, {
    userId,
    kind: "DataExported",
    now,
    origin: ctx.request,
    actorEmail: await impersonatorEmailOf(db, ctx.actor),
  });
  return exported;
}
