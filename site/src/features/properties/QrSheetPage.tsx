import { useEffect, useId, useState } from "react";
import {
  DEFAULT_QR_SHEET_LANGUAGES,
  MAX_QR_SHEET_LANGUAGES,
  QR_SHEET_LANGUAGES,
  type QrSheetLanguage,
} from "@shared/qr-sheet-texts.ts";
import type { UserSettings } from "@shared/schemas/user-settings.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { getUserSettings, saveUserSettings } from "../../lib/api/account.ts";
import {
  type AccommodationUnitDetails,
  getUnit,
  getUnitQrSheetPdf,
} from "../../lib/api/accommodation-units.ts";
import { markQrPrinted } from "../../lib/api/getting-started.ts";
import { listProperties } from "../../lib/api/properties.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { LANGUAGE_NAMES } from "../../i18n/checkin/languages.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { DoorSheet, type Paper } from "./DoorSheet.tsx";
import { useUnitQr } from "./use-unit-qr.ts";

type Load =
  | { status: "loading" }
  | {
    status: "loaded";
    unit: AccommodationUnitDetails;
    wifi: WifiDetails | null;
    settings: UserSettings;
  }
  | { status: "failed"; error: unknown };

/**
 * /app/objekti/qr-ispis?code=<unitCode>: one unit's door sheet to print and put up in the unit
 * (DoorSheet), in the guest languages the host chooses (one to three, kept in the host's settings),
 * printed or downloaded as a PDF. Printing leaves the app's shell and this page's tools out and
 * makes the sheet the whole A4 or A5 page.
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
  const [chosen, setChosen] = useState<QrSheetLanguage[]>();
  const [isDownloading, setDownloading] = useState(false);
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

  const languages = chosen ??
    (load.status === "loaded" ? load.settings.qrSheetLanguages : undefined) ??
    DEFAULT_QR_SHEET_LANGUAGES;

  /** Shown at once; kept in the host's settings, so the next sheet and the PDF follow it. */
  async function chooseLanguages(next: QrSheetLanguage[]) {
    setChosen(next);
    if (load.status !== "loaded") return;
    try {
      await saveUserSettings({ ...load.settings, qrSheetLanguages: next });
    } catch (error) {
      notify(t("qrSheet.languagesNotSaved", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    }
  }

  async function downloadPdf() {
    if (!code) return;
    setDownloading(true);
    try {
      saveBlob(await getUnitQrSheetPdf(code, languages), `prijava-${code}.pdf`);
      markQrPrinted();
    } catch (error) {
      notify(t("qr.downloadFailed", { reason: describeApiError(t, error) }), { color: "error" });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="mx-auto max-w-4xl">
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
          <div className="mt-6 grid gap-5">
            <LanguageChoice t={t} languages={languages} onChange={chooseLanguages} />
            <div className="flex flex-wrap items-end justify-between gap-4">
              <PaperChoice t={t} paper={paper} onChange={setPaper} />
              <div className="flex flex-wrap gap-2.5">
                <Button variant="secondary" busy={isDownloading} onClick={downloadPdf}>
                  {!isDownloading && <Icon name="download" className="size-5" />}
                  {t("qrSheet.downloadPdf")}
                </Button>
                <Button onClick={() => globalThis.print()}>
                  <Icon name="printer" className="size-5" />
                  {t("qrSheet.print")}
                </Button>
              </div>
            </div>
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
          <DoorSheet
            t={t}
            paper={paper}
            languages={languages}
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

/**
 * The unit, its WiFi (the unit's own, else its property's, as the WiFi QR code has it) and the
 * host's settings with the sheet's languages.
 */
async function loadSheet(code: string, signal: AbortSignal) {
  const [unit, settings] = await Promise.all([getUnit(code, signal), getUserSettings(signal)]);
  if (unit.wifiDetails || !unit.property) return { unit, settings, wifi: unit.wifiDetails };
  const page = await listProperties(
    { pageNumber: 1, pageSize: 100, sortBy: "name", searchValue: unit.property.name },
    signal,
  );
  const property = page.items.find((item) => item.id === unit.propertyId);
  return { unit, settings, wifi: property?.wifiDetails ?? null };
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

/**
 * The guests' languages on the sheet: native checkboxes (keyboard and screen readers know them),
 * one to three of the check-in page's seven, in that page's order. At three the others rest; the
 * last one left cannot be unticked.
 */
function LanguageChoice(
  { t, languages, onChange }: {
    t: Translate;
    languages: readonly QrSheetLanguage[];
    onChange: (languages: QrSheetLanguage[]) => void;
  },
) {
  const hintId = useId();
  const isFull = languages.length >= MAX_QR_SHEET_LANGUAGES;
  function toggle(lang: QrSheetLanguage, checked: boolean) {
    onChange(QR_SHEET_LANGUAGES.filter((l) => l === lang ? checked : languages.includes(l)));
  }
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-semibold">{t("qrSheet.languages")}</legend>
      <p id={hintId} className="mt-0.5 text-sm text-fg-muted">
        {t("qrSheet.languagesHint", { max: MAX_QR_SHEET_LANGUAGES })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {QR_SHEET_LANGUAGES.map((lang) => {
          const checked = languages.includes(lang);
          const disabled = checked ? languages.length === 1 : isFull;
          return (
            <label
              key={lang}
              lang={lang}
              className={`inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-semibold transition-colors mobile:min-h-11 has-focus-visible:outline-2 has-focus-visible:outline-ring ${
                checked
                  ? "border-primary bg-primary-soft text-primary-soft-fg"
                  : "border-border-strong/50 bg-surface text-fg-muted"
              } ${disabled && !checked ? "opacity-50" : "cursor-pointer hover:bg-surface-muted"}`}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={(event) => toggle(lang, event.target.checked)}
                className="size-4 accent-primary"
              />
              {LANGUAGE_NAMES[lang]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
