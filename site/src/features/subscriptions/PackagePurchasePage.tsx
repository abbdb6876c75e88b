import { useEffect, useState } from "react";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { listPackages } from "../../lib/api/subscriptions.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import type { Locale } from "../../i18n/locales.ts";
import { pageTitle } from "../../i18n/page-title.ts";
import { type Translate, translator } from "../../i18n/translate.ts";
import { buttonClass } from "../../ui/button-styles.ts";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import {
  linkLanguageSwitches,
  linkPackageInHead,
  monthsFromAddress,
  packageIdFromAddress,
  packageLink,
} from "./package-address.ts";
import { Purchase } from "./PackagePurchase.tsx";

type Load =
  | { status: "loading" }
  | { status: "failed"; error: unknown }
  | { status: "loaded"; packages: SubscriptionPackage[] };

/**
 * /paket/{packageId} (spec section 2): the public purchase page of one package: who it is for,
 * the period with its discount, base, discounted and final price, what it includes, and the way
 * on: ordering (signed in) or registering with the first 3 months free and coming back here.
 */
export default function PackagePurchasePage({ lang }: { lang: Locale }) {
  const t = translator(lang);
  const [packageId] = useState(packageIdFromAddress);
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    listPackages(controller.signal)
      .then((packages) => setLoad({ status: "loaded", packages }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  const pkg = load.status === "loaded"
    ? load.packages.find((item) => item.id === packageId)
    : undefined;

  useEffect(() => {
    if (!pkg) return;
    document.title = pageTitle(lang, t("packagePage.title", { name: pkg.name }));
    linkPackageInHead(pkg.id);
    linkLanguageSwitches(pkg.id, monthsFromAddress());
  }, [pkg, lang]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 md:py-14">
      {load.status === "loading" && <LoadingState t={t} />}
      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {load.status === "loaded" && !pkg && <UnknownPackage t={t} lang={lang} />}
      {load.status === "loaded" && pkg && (
        <Purchase
          t={t}
          lang={lang}
          pkg={pkg}
          packages={load.packages}
          others={load.packages.filter((p) => p !== pkg)}
        />
      )}
    </div>
  );
}

function UnknownPackage({ t, lang }: { t: Translate; lang: Locale }) {
  return (
    <div role="alert" className="mx-auto max-w-xl text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t("packagePage.notFound.title")}</h1>
      <p className="mt-3 text-lg text-fg-muted">{t("packagePage.notFound.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {["basic", "pro", "premium"].map((id) => (
          <a
            key={id}
            href={packageLink(lang, id)}
            onClick={markNavigation}
            className={buttonClass("secondary")}
          >
            {t("purchase.packageName", { name: id[0].toUpperCase() + id.slice(1) })}
          </a>
        ))}
      </div>
    </div>
  );
}
