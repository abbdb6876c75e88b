import type { PurchaseRequest } from "@shared/schemas/purchase-request.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";

/** What a purchase request buys: "Prijavko Pro" over "12 mjeseci". */
export function PackageAndLength(
  { t, lang, request }: {
    t: Translate;
    lang: Locale;
    request: Pick<PurchaseRequest, "packageName" | "subscriptionLength">;
  },
) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold whitespace-nowrap">
        {t("purchase.packageName", { name: request.packageName })}
      </span>
      <span className="text-sm whitespace-nowrap text-fg-muted">
        {translatePlural(lang, "plans.months", request.subscriptionLength)}
      </span>
    </span>
  );
}
