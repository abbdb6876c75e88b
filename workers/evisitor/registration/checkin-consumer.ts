import { eq } from "drizzle-orm";
import { GuestCheckInRequested } from "@shared/events.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { RegistrationFailure } from "@shared/registration-failures.ts";
import type { Database } from "@core/db/client.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import type { TaxCategory } from "@shared/schemas/tax-category.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { log } from "@core/platform/logger.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import { replaceSettlements, settlementEntryOf } from "@core/services/guests/settlements.ts";
import { firewallRetryAt, unansweredRetryAt } from "./unanswered-retry.ts";
import { stayTimesOf } from "@core/services/reservations/stay-dates.ts";
import { defineConsumer, type HandlerContext } from "../../runner/worker.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { guestContextOf } from "./guest-context.ts";
import {
  type EVisitorCheckIn,
  EVisitorError,
  type EVisitorPaymentCategory,
  type EVisitorSession,
} from "@core/evisitor/types.ts";
import { GuestMappingError, toCheckIn } from "./guest-to-checkin.ts";

type GuestRow = typeof guests.$inferSelect;

/** Why a registration failed, for the host: eVisitor's own words when it refused data. */
export function hostFailureOf(error: EVisitorError): RegistrationFailure {
  switch (error.kind) {
    case "rejected":
      return { code: "evisitor-refused", detail: error.message };
    case "invalid-credentials":
    case "unauthenticated":
      return { code: "credentials", detail: null };
    case "locked-out":
      return { code: "locked-out", detail: null };
    case "api-key":
      return { code: "api-key", detail: null };
    case "forbidden":
      return { code: "forbidden", detail: null };
    case "firewall":
      return { code: "firewall", detail: error.supportId ?? null };
    default:
      return { code: "unanswered", detail: null };
  }
}

async function markFailed(
  ctx: HandlerContext,
  guest: GuestRow,
  failure: RegistrationFailure,
  unitName: string,
) {
  await recordFailure(ctx, guest, {
    failure,
    unitName,
    retryAt: null,
    notify: true,
    now: ctx.clock(),
  });
}

/**
 * eVisitor did not answer any delivery, or its firewall refused (tried once: a block is
 * deterministic): the registration is planned to be sent again by itself, minutes later after an
 * outage, hours later after the firewall (unanswered-retry.ts), and the host told at the first
 * failure and when no retry is left. A firewall refusal is told as such, with its support ID.
 */
async function markUnanswered(
  ctx: HandlerContext,
  guest: GuestRow,
  unitName: string,
  error: EVisitorError,
) {
  const now = ctx.clock();
  const retryAt = error.kind === "firewall"
    ? firewallRetryAt(guest.registrationRetries, now)
    : unansweredRetryAt(guest.registrationRetries, now);
  await recordFailure(ctx, guest, {
    failure: error.kind === "firewall"
      ? hostFailureOf(error)
      : { code: retryAt ? "unanswered-retrying" : "unanswered", detail: null },
    unitName,
    retryAt,
    notify: guest.registrationRetries === 0 || retryAt === null,
    now,
  });
}

async function recordFailure(
  ctx: HandlerContext,
  guest: GuestRow,
  { failure, unitName, retryAt, notify, now }: {
    failure: RegistrationFailure;
    unitName: string;
    retryAt: Date | null;
    notify: boolean;
    now: Date;
  },
) {
  // One transaction: a worker dying between the two cannot leave a failed guest unannounced.
  await ctx.db.transaction(async (tx) => {
    await tx.update(guests)
      .set({
        registrationState: "failed",
        registrationFailure: failure.code,
        registrationError: failure.detail,
        registrationRetryAt: retryAt,
        updatedAt: now,
      })
      .where(eq(guests.id, guest.id));
    if (!notify) return;
    await createNotification(tx, guest.userId, NOTIFICATION_TEMPLATES.guestRegistrationFailed, {
      dedupeKey: `guest-registration-failed:${guest.id}:${now.getTime()}`,
      placeholders: {
        accommodationUnit: unitName,
        reservationList: `${guest.name} ${guest.surname}`,
      },
      now,
    });
  });
}

/**
 * Keeps the categories eVisitor offers for the property's facility, as just read, for the host's
 * guest form (properties.tax_categories); written only when they changed.
 */
async function rememberTaxCategories(
  db: Database,
  property: { id: string; taxCategories: TaxCategory[] | null },
  read: EVisitorPaymentCategory[],
) {
  const offered = read.filter((c) => c.active).map(({ code, name }) => ({ code, name }));
  if (JSON.stringify(offered) === JSON.stringify(property.taxCategories)) return;
  await db.update(properties).set({ taxCategories: offered })
    .where(eq(properties.id, property.id));
}

const CROATIA = "HRV";

/**
 * The guest's cities in Croatia as entries of eVisitor's settlement list ("Grad-Naselje"), the
 * only form eVisitor takes them in: a place that is none of the list's is held for the host
 * (city-not-settlement) and never sent as typed. An account whose list was never read has it read
 * now, once (the search and the sync read it too).
 */
async function croatianCitiesOf(
  session: EVisitorSession,
  db: Database,
  accountId: string,
  guest: {
    countryOfResidence: string;
    cityOfResidence: string;
    countryOfBirth: string;
    cityOfBirth: string | null;
  },
): Promise<{ cityOfResidence: string; cityOfBirth: string | null }> {
  let read = false;
  const entryOf = async (city: string) => {
    let entry = await settlementEntryOf(db, accountId, city);
    if (entry === undefined && !read) {
      read = true;
      const settlements = await session.listSettlements();
      await db.transaction((tx) => replaceSettlements(tx, accountId, settlements, new Date()));
      entry = await settlementEntryOf(db, accountId, city);
    }
    if (!entry) throw new GuestMappingError("city-not-settlement", city.trim());
    return entry;
  };
  return {
    cityOfResidence: guest.countryOfResidence === CROATIA
      ? await entryOf(guest.cityOfResidence)
      : guest.cityOfResidence,
    // An empty city of birth is eVisitor's to refuse ("Grad rođenja nije zadan.").
    cityOfBirth: guest.countryOfBirth === CROATIA && guest.cityOfBirth?.trim()
      ? await entryOf(guest.cityOfBirth)
      : guest.cityOfBirth,
  };
}

/**
 * The guest as eVisitor's CheckInTourist, with the stay's dates and eVisitor's own lists for the
 * facility; a registration's edit (a new departure) sends the same under the same id.
 */
export async function checkInOf(
  session: EVisitorSession,
  { secretBox, db }: { secretBox: SecretBox; db: Database },
  { guest, stay, unit, property, account }: NonNullable<
    Awaited<ReturnType<typeof guestContextOf>>
  >,
): Promise<EVisitorCheckIn> {
  const times = stayTimesOf(unit, property);
  const [documentTypes, paymentCategories, arrivals, services, facilities] = await Promise.all([
    session.listDocumentTypes(),
    session.listPaymentCategories(property.facilityId),
    session.listArrivalOrganisations(),
    session.listOfferedServiceTypes(),
    session.listCheckInFacilities(),
  ]);
  await rememberTaxCategories(db, property, paymentCategories);
  // The lookup names a facility by its ID and its Code (evisitor-api.md §2.4); whether its ID is
  // FacilityBrowse's is not documented, so either one finds it (the code is the check-in's key).
  const facility = facilities.find((f) =>
    f.id.toLowerCase() === property.facilityId.toLowerCase() || f.code === property.facilityCode
  );
  // Not in the lookup: eVisitor takes no check-ins into the facility (deactivated by the tourist
  // board). Sending would only be refused, or worse, taken; the host must hear it instead.
  if (!facility) throw new GuestMappingError("facility-closed");
  const isVacationHome = facility.isVacationHomeCalculation;
  // Only a vacation home's flat rate asks who is an EU citizen (tax-category.ts).
  const euMembers = new Set(
    isVacationHome
      ? (await session.listCountries()).filter((c) => c.isEUMember).map((c) => c.codeThreeLetters)
      : [],
  );
  const checkIn = toCheckIn(
    {
      ...guest,
      documentNumber: await secretBox.open(guest.documentNumberSealed),
      ...await croatianCitiesOf(session, db, account.id, guest),
    },
    {
      facilityCode: property.facilityCode,
      startDate: stay.startDate,
      endDate: stay.endDate,
      checkInTime: times.checkIn,
      checkOutTime: times.checkOut,
      unitType: unit.externalUnitId ? unit.type : null,
    },
    {
      documentTypes: documentTypes.filter((d) => d.active).map((d) => d.code),
      paymentCategories: paymentCategories.filter((c) => c.active)
        .map(({ code, name }) => ({ code, name })),
      isVacationHome,
      euMembers,
      arrivalOrganisations: arrivals.filter((a) => a.active).map((a) => a.codeMI),
      offeredServiceTypes: services.filter((s) => s.active).map((s) => s.name),
    },
  );
  // An edit keeps the arrival eVisitor has: it refuses a changed one (the unit's check-in time
  // may have changed since, and the stay's arrival moves only through a new registration).
  if (guest.status === "CheckedIn" && guest.registeredStayFrom && guest.registeredTimeStayFrom) {
    return {
      ...checkIn,
      stayFrom: guest.registeredStayFrom,
      timeStayFrom: guest.registeredTimeStayFrom,
    };
  }
  return checkIn;
}

/**
 * Registers one guest with the host's eVisitor account. The guest's guid is the registration id,
 * so a repeated event (a retry after a lost answer, a redelivery) edits the same registration and
 * never makes a second one. eVisitor refusing the guest, or data that cannot be mapped, is
 * recorded with eVisitor's own message and a notification, not retried; an unreachable eVisitor
 * is retried with back-off, and after the last delivery the guest is recorded as failed and
 * planned to be sent again by itself later (unanswered-retry.ts). Nothing personal is logged: ids
 * and error kinds only.
 */
export function checkInConsumer(
  { sessions, secretBox }: { sessions: AccountSessions; secretBox: SecretBox },
) {
  return defineConsumer({
    name: "evisitor_guest_checkin",
    stream: "EVISITOR",
    event: GuestCheckInRequested,
    concurrency: 4,
    async handle(event, ctx) {
      const found = await guestContextOf(ctx.db, event.payload.guestId);
      if (!found) return; // deleted meanwhile
      const { guest, stay, unit, account } = found;
      // Registered already, or nothing left to send (personal data removed after retention).
      if (guest.registrationState === "registered" || guest.anonymisedAt) return;
      if (stay.canceledAt) {
        await markFailed(ctx, guest, { code: "stay-cancelled", detail: null }, unit.name);
        return;
      }

      let checkIn: EVisitorCheckIn;
      try {
        // The account's session of this batch: one login and one read of each code list for
        // all the guests queued together (account-sessions.ts).
        checkIn = await sessions.use(account, async (session) => {
          const checkIn = await checkInOf(session, { secretBox, db: ctx.db }, found);
          await session.checkInTourist(checkIn);
          return checkIn;
        });
      } catch (error) {
        if (error instanceof GuestMappingError) {
          log.warn("guest cannot be mapped for eVisitor", { guestId: guest.id });
          await markFailed(ctx, guest, error.failure, unit.name);
          return;
        }
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("guest registration failed", {
          guestId: guest.id,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        if (error.retriesSoon && !event.isLastAttempt) throw error;
        if (error.isTransient) {
          await markUnanswered(ctx, guest, unit.name, error);
          return;
        }
        await markFailed(ctx, guest, hostFailureOf(error), unit.name);
        return;
      }

      const now = ctx.clock();
      // One transaction: a worker killed between the two would otherwise find the guest
      // registered on redelivery and never tell the host (the chaos suite caught it).
      await ctx.db.transaction(async (tx) => {
        await tx.update(guests).set({
          status: "CheckedIn",
          registrationState: "registered",
          registrationFailure: null,
          registrationError: null,
          registrationRetryAt: null,
          registrationRetries: 0,
          registeredAt: now,
          registeredStayFrom: checkIn.stayFrom,
          registeredTimeStayFrom: checkIn.timeStayFrom,
          updatedAt: now,
        }).where(eq(guests.id, guest.id));
        await createNotification(tx, guest.userId, NOTIFICATION_TEMPLATES.guestCheckedIn, {
          dedupeKey: `guest-checked-in:${guest.id}`,
          placeholders: {
            accommodationUnit: unit.name,
            reservationList: `${guest.name} ${guest.surname}`,
            code: stay.code,
          },
          now,
        });
      });
      log.info("guest registered", { guestId: guest.id });
    },
  });
}
