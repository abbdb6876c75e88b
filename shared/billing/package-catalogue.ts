import type { SubscriptionPackage } from "../schemas/subscription-package.ts";
import { type PackageData, toSubscriptionPackage } from "./package-offer.ts";

/**
 * The packages as the database is first seeded with them (core/db/migrations/0012_billing.sql;
 * tests/integration/package-catalogue.test.ts keeps the two equal). The static landing page is
 * built from this snapshot so its pricing is in the HTML; a small script then reads the live
 * GET /api/Subscriptions and shows the prices in force, because prices are data an operator can
 * change without a build.
 */
const PERIODS = [
  { months: 1, discountPercent: 0 },
  { months: 6, discountPercent: 10 },
  { months: 12, discountPercent: 20 },
];

const SEEDED: PackageData[] = [
  {
    id: "basic",
    name: "Basic",
    description:
      "Za male iznajmljivače: jedan objekt s jednom smještajnom jedinicom i jedan eVisitor račun. QR prijava gostiju, automatska prijava i odjava, sinkronizacija kalendara.",
    basePriceCents: 990,
    periods: PERIODS,
    policy: {
      maxExternalAccounts: 1,
      maxProperties: 1,
      allowBulkImport: false,
      allowDataExport: false,
      allowApiAccess: false,
      maxUsersPerProperty: 1,
      maxBookingsPerMonth: 30,
      maxUnitsPerProperty: 1,
    },
  },
  {
    id: "pro",
    name: "Pro",
    description:
      "Za ozbiljne iznajmljivače: do 5 objekata s više smještajnih jedinica i jedan eVisitor račun. Sve iz paketa Basic te izvoz podataka.",
    basePriceCents: 1990,
    periods: PERIODS,
    policy: {
      maxExternalAccounts: 1,
      maxProperties: 5,
      allowBulkImport: false,
      allowDataExport: true,
      allowApiAccess: false,
      maxUsersPerProperty: 1,
      maxBookingsPerMonth: null,
      maxUnitsPerProperty: null,
    },
  },
  {
    id: "premium",
    name: "Premium",
    description:
      "Za profesionalne upravitelje: neograničen broj objekata i do 10 eVisitor računa. Sve iz paketa Pro te skupni uvoz i pristup API-ju.",
    basePriceCents: 3990,
    periods: PERIODS,
    policy: {
      maxExternalAccounts: 10,
      maxProperties: null,
      allowBulkImport: true,
      allowDataExport: true,
      allowApiAccess: true,
      maxUsersPerProperty: 5,
      maxBookingsPerMonth: null,
      maxUnitsPerProperty: null,
    },
  },
];

/** The seeded packages as GET /api/Subscriptions answers them on a fresh database. */
export const PACKAGE_CATALOGUE: readonly SubscriptionPackage[] = SEEDED.map(toSubscriptionPackage);
