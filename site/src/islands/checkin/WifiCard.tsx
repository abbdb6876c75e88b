import { useEffect, useState } from "react";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { WifiEncryptionType } from "@shared/enums.ts";
import { wifiQrPayload } from "@shared/wifi-qr.ts";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

/** The host's WiFi for the guest: network, password (to copy) and a QR code to join by camera. */
export function WifiCard({ wifi }: { wifi: WifiDetails }) {
  const { t } = useTranslator();
  const [svg, setSvg] = useState<string>();
  const [copied, setCopied] = useState(false);
  const secured = wifi.encryptionType !== WifiEncryptionType.None && wifi.password !== "";

  useEffect(() => {
    let live = true;
    // The QR library is only fetched for guests whose host shares a WiFi network.
    import("qrcode").then(({ default: QRCode }) =>
      QRCode.toString(wifiQrPayload(wifi), {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 2,
      })
    ).then((markup) => live && setSvg(markup)).catch(() => {});
    return () => {
      live = false;
    };
  }, [wifi.ssid, wifi.password, wifi.encryptionType]);

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
      <h3 id="wifi-heading" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="wifi" className="size-6 text-primary" />
        {t("wifi.heading")}
      </h3>
      <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <dl className="w-full min-w-0 flex-1 space-y-3">
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
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-border-strong/50 px-3 text-sm font-semibold hover:bg-surface-muted"
                >
                  <Icon name={copied ? "check" : "copy"} className="size-4" />
                  {copied ? t("wifi.copied") : t("wifi.copy")}
                </button>
              </dd>
            </div>
          )}
        </dl>
        <figure className="shrink-0 text-center">
          <div
            role="img"
            aria-label={t("wifi.qr", { ssid: wifi.ssid })}
            className="size-44 rounded-xl bg-white p-1"
            dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
          />
          <figcaption className="mt-1.5 max-w-44 text-xs text-fg-muted">
            {t("wifi.qrHint")}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
