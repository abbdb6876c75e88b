import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { Locale } from "../../i18n/locales.ts";
import {
  type PluralKey,
  type Translate,
  translatePlural,
  type TranslationKey,
} from "../../i18n/translate.ts";

/** What every plan includes (spec section 9), whatever its limits. */
const EVERY_PLAN = [
  "plans.feature.qrCheckIn",
  "plans.feature.autoCheckInOut",
  "plans.feature.calendarSync",
] as const satisfies TranslationKey[];

/**
 * One advertised line of a plan: its message key, with the count for a counted one. The pricing
 * page, the plan page and tests/integration/package-catalogue-walk.test.ts (which exercises the
 * route behind every key) all read a plan's features from here.
 */
export type AdvertisedFeature =
  | { key: TranslationKey; count?: undefined }
  | { key: PluralKey; count: number };

/**
 * A plan's policy as advertised lines, limits first (properties, units, eVisitor accounts, stays a
 * month, users per property), then what every plan has, then the extras it allows. A limit of
 * null is unlimited; one user per property (the host alone) is not advertised.
 */
export function advertisedFeatures(policy: SubscriptionPolicy): AdvertisedFeature[] {
  const limit = (
    value: number | null,
    counted: "plans.feature.properties" | "plans.feature.accounts" | "plans.feature.stays",
    unlimited: TranslationKey,
  ): AdvertisedFeature => value === null ? { key: unlimited } : { key: counted, count: value };
  const users: AdvertisedFeature[] = policy.maxUsersPerProperty === null
    ? [{ key: "plans.feature.usersUnlimited" }]
    : policy.maxUsersPerProperty > 1
    ? [{ key: "plans.feature.users", count: policy.maxUsersPerProperty }]
    : [];
  return [
    limit(policy.maxProperties, "plans.feature.properties", "plans.feature.propertiesUnlimited"),
    policy.maxUnitsPerProperty === 1
      ? { key: "plans.feature.oneUnit" }
      : policy.maxUnitsPerProperty === null
      ? { key: "plans.feature.manyUnits" }
      : { key: "plans.feature.units", count: policy.maxUnitsPerProperty },
    limit(policy.maxExternalAccounts, "plans.feature.accounts", "plans.feature.accountsUnlimited"),
    limit(policy.maxBookingsPerMonth, "plans.feature.stays", "plans.feature.staysUnlimited"),
    ...users,
    ...EVERY_PLAN.map((key) => ({ key })),
    ...(policy.allowDataExport ? [{ key: "plans.feature.dataExport" as const }] : []),
    ...(policy.allowBulkImport ? [{ key: "plans.feature.bulkImport" as const }] : []),
    ...(policy.allowApiAccess ? [{ key: "plans.feature.apiAccess" as const }] : []),
  ];
}

/** A plan's policy in words (see advertisedFeatures). */
export function planFeatures(t: Translate, lang: Locale, policy: SubscriptionPolicy): string[] {
  return advertisedFeatures(policy).map((feature) =>
    feature.count === undefined ? t(feature.key) : translatePlural(lang, feature.key, feature.count)
  );
}

/** Who a package is for (spec section 3), for the three packages the product sells. */
const TAGLINES: Record<string, TranslationKey> = {
  basic: "plans.tagline.basic",
  pro: "plans.tagline.pro",
  premium: "plans.tagline.premium",
};

export function packageTagline(t: Translate, packageId: string): string | undefined {
  const key = TAGLINES[packageId];
  return key ? t(key) : undefined;
}

/**
 * A package's description: the stored one (Croatian, editable as data) in Croatian; in English
 * our translation of the three packages, else the stored text.
 */
const DESCRIPTIONS: Record<string, TranslationKey> = {
  basic: "plans.description.basic",
  pro: "plans.description.pro",
  premium: "plans.description.premium",
};

export function packageDescription(
  t: Translate,
  lang: Locale,
  pkg: { id: string; description: string },
): string {
  const key = DESCRIPTIONS[pkg.id];
  return lang !== "hr" && key ? t(key) : pkg.description;
}
