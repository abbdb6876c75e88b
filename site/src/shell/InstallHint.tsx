import { useEffect, useState } from "react";
import type { Translate } from "../i18n/translate.ts";
import {
  currentInstallOffer,
  dismissInstallHint,
  type InstallOffer,
  onInstallOfferChange,
  startAppInstall,
} from "../lib/pwa/app-install.ts";
import { Button } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";

// At once, not when the hint first draws: Chromium's offer may come while the page still
// restores the session, and an offer nobody listened for is gone.
startAppInstall();

/**
 * "Install Prijavko" above the page on a phone that can install it (issue 35): a button where the
 * browser offers installing (Chromium's beforeinstallprompt), the Share → Add to Home Screen steps
 * in iOS Safari. Gone once installed, in the installed app and after "Not now" on this device.
 * Its module registers the service worker (lib/pwa/app-install.ts), as every app page loads it.
 */
export function InstallHint({ t }: { t: Translate }) {
  const [offer, setOffer] = useState<InstallOffer>();

  useEffect(() => {
    const update = () => setOffer(currentInstallOffer());
    update();
    return onInstallOfferChange(update);
  }, []);

  if (!offer) return null;
  return (
    <section
      aria-labelledby="install-hint-title"
      className="mb-6 flex items-start gap-3 rounded-2xl print:hidden border border-primary/30 bg-primary-soft p-4 text-primary-soft-fg"
    >
      <img src="/icons/icon-192.png" alt="" className="size-10 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <h2 id="install-hint-title" className="font-semibold">{t("install.title")}</h2>
        {offer.kind === "prompt"
          ? <p className="mt-1 text-sm">{t("install.text")}</p>
          : (
            <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm">
              <li>{t("install.iosStep1")}</li>
              <li>{t("install.iosStep2")}</li>
              <li>{t("install.iosStep3")}</li>
            </ol>
          )}
        <div className="mt-3 flex flex-wrap gap-2">
          {offer.kind === "prompt" && (
            <Button size="sm" onClick={() => void offer.install()}>
              <Icon name="download" className="size-4" />
              {t("install.button")}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={dismissInstallHint}>
            {t("install.notNow")}
          </Button>
        </div>
      </div>
    </section>
  );
}
