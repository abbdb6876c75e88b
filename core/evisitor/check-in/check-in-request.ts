/**
 * The request body a guest's registration (or its edit) is sent to eVisitor with: the guest, the
 * stay and eVisitor's own lists for the facility, read through the account's session, mapped by
 * guest-to-check-in.ts. The one place a stored guest becomes a CheckInTourist; the evisitor
 * worker only sends what this answers.
 */
import { eq } from "drizzle-orm";
import type { TaxCategory } from "@shared/schemas/tax-category.ts";
import type { Database } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import { replaceSettlements, settlementEntryOf } from "../../services/guests/settlements.ts";
import type { RegistrationContext } from "../../services/guests/registration/guest-context.ts";
import { stayTimesOf } from "../../services/reservations/stay-dates.ts";
import type { EVisitorCheckIn, EVisitorPaymentCategory, EVisitorSession } from "../types.ts";
import { GuestMappingError, toCheckIn } from "./guest-to-check-in.ts";

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
  { guest, stay, unit, property, account }: RegistrationContext,
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
