import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural, type TranslationKey } from "../../i18n/translate.ts";

/** What every plan includes (spec section 9), whatever its limits. */
const EVERY_PLAN: TranslationKey[] = [
  "plans.feature.qrCheckIn",
  "plans.feature.autoCheckInOut",
  "plans.feature.calendarSync",
];

/**
 * A plan's policy in words, limits first (properties, units, eVisitor accounts, stays a month),
 * then what every plan has, then the extras it allows. A limit of null is unlimited.
 */
export function planFeatures(t: Translate, lang: Locale, policy: SubscriptionPolicy): string[] {
  const limit = (
    value: number | null,
    counted: "plans.feature.properties" | "plans.feature.accounts" | "plans.feature.stays",
    unlimited: TranslationKey,
  ) => value === null ? t(unlimited) : translatePlural(lang, counted, value);
  return [
    limit(policy.maxProperties, "plans.feature.properties", "plans.feature.propertiesUnlimited"),
    policy.maxUnitsPerProperty === 1
      ? t("plans.feature.oneUnit")
      : policy.maxUnitsPerProperty === null
      ? t("plans.feature.manyUnits")
      : translatePlural(lang, "plans.feature.units", policy.maxUnitsPerProperty),
    limit(policy.maxExternalAccounts, "plans.feature.accounts", "plans.feature.accountsUnlimited"),
    limit(policy.maxBookingsPerMonth, "plans.feature.stays", "plans.feature.staysUnlimited"),
    ...EVERY_PLAN.map((key) => t(key)),
    ...(policy.allowDataExport ? [t("plans.feature.dataExport")] : []),
    ...(policy.allowBulkImport ? [t("plans.feature.bulkImport")] : []),
    ...(policy.allowApiAccess ? [t("plans.feature.apiAccess")] : []),
  ];
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
