import { useEffect, useState } from "react";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { WifiEncryptionType } from "@shared/enums.ts";
import { wifiQrPayload } from "@shared/wifi-qr.ts";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

/**
 * The host's WiFi for the guest, on the guest's own phone: the network's name and the password to
 * copy, then to be chosen and pasted in the phone's WiFi settings (a web page cannot join a
 * network itself, and a `WIFI:` link does nothing in a browser). The QR code a camera joins by is
 * there for another phone of the party, behind "QR code for another phone".
 */
export function WifiCard({ wifi }: { wifi: WifiDetails }) {
  const { t } = useTranslator();
  const [qr, setQr] = useState<{ size: number; path: string }>();
  const [showQr, setShowQr] = useState(false);
  const [copied, setCopied] = useState(false);
  const secured = wifi.encryptionType !== WifiEncryptionType.None && wifi.password !== "";

  useEffect(() => {
    if (!showQr) return;
    let live = true;
    // The QR library (lean-qr, a few kB) is only fetched when a guest asks for the code.
    Promise.all([import("lean-qr"), import("lean-qr/extras/svg")]).then(
      ([{ generate, correction }, { toSvgPath }]) => {
        const code = generate(wifiQrPayload(wifi), { minCorrectionLevel: correction.M });
        if (live) setQr({ size: code.size, path: toSvgPath(code) });
      },
    ).catch(() => {});
    return () => {
      live = false;
    };
  }, [showQr, wifi.ssid, wifi.password, wifi.encryptionType]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(wifi.password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section
      aria-labelledby="wifi-heading"
      className="rounded-2xl border border-border bg-surface p-4 text-left shadow-xs sm:p-6"
    >
      <h2 id="wifi-heading" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="wifi" className="size-6 text-primary" />
        {t("wifi.heading")}
      </h2>
      <dl className="mt-3 space-y-3">
        <div>
          <dt className="text-sm font-semibold text-fg-muted">{t("wifi.network")}</dt>
          <dd className="text-lg font-bold break-all">{wifi.ssid}</dd>
        </div>
        {secured && (
          <div>
            <dt className="text-sm font-semibold text-fg-muted">{t("wifi.password")}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-lg font-bold break-all">{wifi.password}</span>
              <button
                type="button"
                onClick={copy}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-xl bg-primary px-4 text-sm font-semibold text-primary-fg shadow-sm hover:bg-primary-hover"
              >
                <Icon name={copied ? "check" : "copy"} className="size-4" />
                {copied ? t("wifi.copied") : t("wifi.copy")}
              </button>
            </dd>
          </div>
        )}
      </dl>
      {secured && (
        <p className="mt-3 text-sm text-fg-muted">{t("wifi.join", { ssid: wifi.ssid })}</p>
      )}
      <details
        className="mt-3"
        onToggle={(event) => setShowQr((event.target as HTMLDetailsElement).open)}
      >
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-primary">
          {t("wifi.showQr")}
        </summary>
        <figure className="mt-2 w-fit text-center">
          <div
            role="img"
            aria-label={t("wifi.qr", { ssid: wifi.ssid })}
            className="size-44 rounded-xl bg-white p-1"
          >
            {qr && (
              // Two modules of quiet zone around the code, as before.
              <svg
                viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
                className="size-full"
                shapeRendering="crispEdges"
                aria-hidden="true"
              >
                <path d={qr.path} fill="#000" />
              </svg>
            )}
          </div>
          <figcaption className="mt-1.5 max-w-44 text-xs text-fg-muted">
            {t("wifi.qrHint")}
          </figcaption>
        </figure>
      </details>
    </section>
  );
}
