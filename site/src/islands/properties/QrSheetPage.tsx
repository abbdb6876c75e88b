import { useEffect, useState } from "react";
import { WifiEncryptionType } from "@shared/enums.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { type AccommodationUnitDetails, getUnit } from "../../lib/api/accommodation-units.ts";
import { markQrPrinted } from "../../lib/api/getting-started.ts";
import { listProperties } from "../../lib/api/properties.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { type Translate, translator } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { type QrImage, useUnitQr } from "./use-unit-qr.ts";

/** The sheet speaks to guests, so it carries both languages whatever the host reads. */
const hr = translator("hr");
const en = translator("en");

type Paper = "A4" | "A5";

type Load =
  | { status: "loading" }
  | { status: "loaded"; unit: AccommodationUnitDetails; wifi: WifiDetails | null }
  | { status: "failed"; error: unknown };

/**
 * /app/objekti/qr-ispis?code=<unitCode>: one unit's sheet to print and put up in the unit. The
 * check-in QR code with short instructions in Croatian and English and the address in text, and
 * the WiFi code when the unit or its property has WiFi. Printing leaves the app's shell and this
 * page's tools out and fits the sheet on one A4 or A5 page.
 */
export default function QrSheetPage() {
  return (
    <AppFrame titleKey="qrSheet.title">
      <QrSheet />
    </AppFrame>
  );
}

function QrSheet() {
  const { t } = useTranslation();
  const code = new URLSearchParams(location.search).get("code")?.trim() || undefined;
  const [paper, setPaper] = useState<Paper>("A4");
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const checkInQr = useUnitQr(code, "checkIn");
  const wifiQr = useUnitQr(code, "wifi");

  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    loadSheet(code, controller.signal)
      .then((loaded) => setLoad({ status: "loaded", ...loaded }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [code, attempt]);

  // Printed, with the button or the browser's own command: the dashboard's QR step is done.
  useEffect(() => {
    if (load.status !== "loaded") return;
    globalThis.addEventListener("beforeprint", markQrPrinted);
    return () => globalThis.removeEventListener("beforeprint", markQrPrinted);
  }, [load.status]);

  return (
    <div className="mx-auto max-w-4xl">
      {/* The page's paper size and margins for the browser's print dialog. */}
      <style>
        {`@page { size: ${paper} portrait; margin: 10mm; }
@media print { html, body { background: #fff !important; } }`}
      </style>
      <div className="print:hidden">
        <a
          href={ROUTES.properties}
          onClick={markNavigation}
          className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-primary underline-offset-4 hover:underline mobile:min-h-11"
        >
          <Icon name="arrowLeft" className="size-4" />
          {t("qrSheet.back")}
        </a>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{t("qrSheet.title")}</h1>
        <p className="mt-2 text-lg text-fg-muted">{t("qrSheet.intro")}</p>
        {code && load.status === "loaded" && (
          <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
            <PaperChoice t={t} paper={paper} onChange={setPaper} />
            <Button onClick={() => globalThis.print()}>
              <Icon name="printer" className="size-5" />
              {t("qrSheet.print")}
            </Button>
          </div>
        )}
      </div>

      <div className="mt-8 print:mt-0">
        {!code && <FormNotice tone="error">{t("qrSheet.missingCode")}</FormNotice>}
        {code && load.status === "loading" && <LoadingState t={t} />}
        {load.status === "failed" && (
          <LoadFailedNotice
            t={t}
            error={load.error}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )}
        {load.status === "loaded" && checkInQr.image.status === "failed" && (
          <LoadFailedNotice t={t} error={checkInQr.image.error} onRetry={checkInQr.retry} />
        )}
        {load.status === "loaded" && (
          <Sheet
            t={t}
            paper={paper}
            unit={load.unit}
            wifi={load.wifi}
            checkInQr={checkInQr.image}
            wifiQr={wifiQr.image}
          />
        )}
      </div>
    </div>
  );
}

/** The unit, and its WiFi: the unit's own, else its property's (as the WiFi QR code has it). */
async function loadSheet(code: string, signal: AbortSignal) {
  const unit = await getUnit(code, signal);
  if (unit.wifiDetails || !unit.property) return { unit, wifi: unit.wifiDetails };
  const page = await listProperties(
    { pageNumber: 1, pageSize: 100, sortBy: "name", searchValue: unit.property.name },
    signal,
  );
  const property = page.items.find((item) => item.id === unit.propertyId);
  return { unit, wifi: property?.wifiDetails ?? null };
}

function PaperChoice(
  { t, paper, onChange }: { t: Translate; paper: Paper; onChange: (paper: Paper) => void },
) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t("qrSheet.paper")}</legend>
      <div className="mt-1.5 inline-flex rounded-xl border border-border-strong/50 bg-surface p-1 shadow-xs">
        {(["A4", "A5"] as const).map((size) => (
          <label
            key={size}
            className={`cursor-pointer rounded-lg px-4 py-1.5 text-sm font-semibold transition-colors mobile:py-3 has-focus-visible:outline-2 has-focus-visible:outline-ring ${
              paper === size ? "bg-primary text-primary-fg" : "text-fg-muted hover:bg-surface-muted"
            }`}
          >
            <input
              type="radio"
              name="paper"
              value={size}
              checked={paper === size}
              onChange={() => onChange(size)}
              className="sr-only"
            />
            {size}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface SheetProps {
  t: Translate;
  paper: Paper;
  unit: AccommodationUnitDetails;
  wifi: WifiDetails | null;
  checkInQr: QrImage;
  wifiQr: QrImage;
}

/**
 * The sheet itself, white paper in both themes. Sizes are in container units (cqw) of the sheet's
 * width, so the A5 preview and both printed sizes keep the same proportions.
 */
function Sheet({ t, paper, unit, wifi, checkInQr, wifiQr }: SheetProps) {
  // A failed WiFi code still leaves its place when the WiFi is known; unknown WiFi waits for it.
  const hasWifi = wifiQr.status === "ready" || (wifi !== null && wifiQr.status !== "none");
  return (
    <article
      aria-label={t("qrSheet.preview")}
      className={`@container mx-auto flex aspect-[210/297] flex-col rounded-lg bg-white text-slate-900 shadow-xl ring-1 ring-black/5 print:aspect-auto print:w-full print:max-w-none print:rounded-none print:shadow-none print:ring-0 ${
        paper === "A4" ? "w-full max-w-[40rem]" : "w-full max-w-[28.5rem]"
      }`}
    >
      <div className="flex flex-1 flex-col px-[7cqw] pt-[5.5cqw] pb-[5cqw] text-center">
        <p className="text-[2.5cqw] font-semibold tracking-[0.12em] text-slate-500 uppercase">
          {unit.property?.name}
        </p>
        <h2 className="mt-[0.8cqw] text-[5.6cqw] leading-tight font-bold break-words">
          {unit.name}
        </h2>
        <p className="mt-[1.5cqw] text-[3.2cqw] font-bold text-blue-800">
          {hr("qrSheet.heading")} <span className="font-semibold text-slate-500">/</span>{" "}
          <span lang="en">{en("qrSheet.heading")}</span>
        </p>

        <div className="mx-auto mt-[2cqw] size-[38cqw]">
          <QrImageBox image={checkInQr} alt={`${hr("qrSheet.checkInAlt")}: ${unit.name}`} />
        </div>

        <p className="mt-[2cqw] text-[3.6cqw] leading-snug font-bold">{hr("qrSheet.scan")}</p>
        <p lang="en" className="text-[2.9cqw] leading-snug font-medium text-slate-600 italic">
          {en("qrSheet.scan")}
        </p>

        <ol className="mx-auto mt-[2cqw] grid max-w-[80cqw] gap-[1.2cqw] text-left">
          {(["qrSheet.step1", "qrSheet.step2", "qrSheet.step3"] as const).map((key, index) => (
            <li key={key} className="flex items-start gap-[2cqw]">
              <span
                aria-hidden="true"
                className="grid size-[3.8cqw] shrink-0 place-items-center rounded-full bg-blue-800 text-[2.3cqw] font-bold text-white"
              >
                {index + 1}
              </span>
              <span className="text-[2.3cqw] leading-snug">
                {hr(key)} <span lang="en" className="text-slate-600 italic">{en(key)}</span>
              </span>
            </li>
          ))}
        </ol>

        <p className="mt-[2cqw] text-[2.2cqw] text-slate-600">
          {hr("qrSheet.orOpen")} <span lang="en" className="italic">{en("qrSheet.orOpen")}</span>
        </p>
        <p className="font-mono text-[2.4cqw] font-semibold break-all">{unit.checkInUrl}</p>

        {/* Pushes the WiFi box to the bottom of the sheet, at least a little apart. */}
        <div aria-hidden="true" className="min-h-[3cqw] flex-1" />
        {hasWifi && (
          <section
            aria-label={hr("qrSheet.wifiHeading")}
            className="flex items-center gap-[4cqw] rounded-[2cqw] border-[0.3cqw] border-slate-300 p-[2.5cqw] text-left break-inside-avoid"
          >
            <div className="size-[17cqw] shrink-0">
              <QrImageBox
                image={wifiQr}
                alt={hr("qrSheet.wifiAlt", { name: wifi?.ssid ?? "" })}
              />
            </div>
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-[1.5cqw] text-[3.2cqw] font-bold">
                <Icon name="wifi" className="size-[4cqw]" />
                {hr("qrSheet.wifiHeading")}
              </p>
              <p className="text-[2.3cqw] text-slate-600">
                {hr("qrSheet.wifiScan")}{" "}
                <span lang="en" className="italic">{en("qrSheet.wifiScan")}</span>
              </p>
              {wifi && (
                <dl className="mt-[1.5cqw] grid grid-cols-[auto_minmax(0,1fr)] gap-x-[2cqw] gap-y-[0.6cqw] text-[2.6cqw]">
                  <dt className="text-slate-600">
                    {hr("qrSheet.wifiNetwork")} / <span lang="en">{en("qrSheet.wifiNetwork")}</span>
                  </dt>
                  <dd className="font-mono font-bold break-all">{wifi.ssid}</dd>
                  <dt className="text-slate-600">
                    {hr("qrSheet.wifiPassword")} /{" "}
                    <span lang="en">{en("qrSheet.wifiPassword")}</span>
                  </dt>
                  <dd className="font-mono font-bold break-all">
                    {wifi.encryptionType === WifiEncryptionType.None
                      ? (
                        <span className="font-sans font-normal italic">
                          {hr("qrSheet.wifiOpen")} / <span lang="en">{en("qrSheet.wifiOpen")}</span>
                        </span>
                      )
                      : wifi.password}
                  </dd>
                </dl>
              )}
            </div>
          </section>
        )}
      </div>
    </article>
  );
}

function QrImageBox({ image, alt }: { image: QrImage; alt: string }) {
  if (image.status === "ready") return <img src={image.url} alt={alt} className="size-full" />;
  return (
    <div className="grid size-full place-items-center rounded-[2cqw] bg-slate-100 text-slate-500">
      {image.status === "loading"
        ? <Spinner className="size-6" />
        : <Icon name="qr" className="size-1/3" />}
    </div>
  );
}
