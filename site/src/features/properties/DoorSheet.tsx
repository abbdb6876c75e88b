import { WifiEncryptionType } from "@shared/enums.ts";
import {
  QR_SHEET_TEXTS,
  type QrSheetLanguage,
  type QrSheetTexts,
  sheetText,
} from "@shared/qr-sheet-texts.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import type { AccommodationUnitDetails } from "../../lib/api/accommodation-units.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { QrImage } from "./use-unit-qr.ts";

export type Paper = "A4" | "A5";

/** The paper's size in millimetres: printed, the sheet is exactly the page. */
const PAPER_MM: Record<Paper, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
};

interface DoorSheetProps {
  t: Translate;
  paper: Paper;
  languages: readonly QrSheetLanguage[];
  unit: AccommodationUnitDetails;
  wifi: WifiDetails | null;
  checkInQr: QrImage;
  wifiQr: QrImage;
}

/**
 * The door sheet of issue 32, white paper in both themes: the check-in QR code large with the
 * guests' steps, a dashed cut line, and below it a card for the table with the code again and the
 * WiFi. Sizes are in container units (cqw) of the sheet's width, so the preview and both printed
 * sizes keep the same proportions; the PDF (core/services/units/qr-sheet-pdf.ts) draws the
 * same layout. The texts are the guests' (shared/qr-sheet-texts.ts), in the host's chosen
 * languages, the first one leading.
 */
export function DoorSheet({ t, paper, languages, unit, wifi, checkInQr, wifiQr }: DoorSheetProps) {
  // A failed WiFi code still leaves its place when the WiFi is known; unknown WiFi waits for it.
  const hasWifi = wifiQr.status === "ready" || (wifi !== null && wifiQr.status !== "none");
  const [first, ...others] = languages;
  const size = PAPER_MM[paper];
  const joined = (key: keyof QrSheetTexts) => sheetText(languages, key).join(" · ");
  return (
    <article
      aria-label={t("qrSheet.preview")}
      lang={first}
      data-door-sheet
      className={`@container mx-auto flex aspect-[210/297] w-full flex-col overflow-hidden rounded-lg bg-white text-slate-900 shadow-xl ring-1 ring-black/5 [print-color-adjust:exact] print:aspect-auto print:max-w-none print:rounded-none print:shadow-none print:ring-0 ${
        paper === "A4" ? "max-w-[40rem]" : "max-w-[28.5rem]"
      }`}
    >
      {/* Printed, the sheet is the page: the page has no margin, the sheet's padding is it. */}
      <style>
        {`@page { size: ${paper} portrait; margin: 0; }
@media print {
  html, body { background: #fff !important; }
  [data-door-sheet] { width: ${size.width}mm !important; height: ${size.height}mm !important; }
}`}
      </style>
      <div className="flex min-h-0 flex-1 flex-col px-[6cqw] pt-[5cqw] text-center">
        <p className="text-[2.2cqw] font-semibold tracking-[0.12em] text-slate-500 uppercase">
          {unit.property?.name}
        </p>
        <h2 className="mt-[0.5cqw] text-[4.6cqw] leading-tight font-bold break-words">
          {unit.name}
        </h2>
        <p className="mt-[1cqw] text-[2.9cqw] leading-snug font-bold text-blue-800">
          {joined("heading")}
        </p>

        {/* As large as the texts leave room for, up to about half the sheet's width. */}
        <div className="mt-[1.5cqw] flex min-h-[30cqw] flex-[0_1_52cqw] justify-center">
          <div className="aspect-square h-full">
            <QrImageBox image={checkInQr} alt={`${t("qrSheet.checkInAlt")}: ${unit.name}`} />
          </div>
        </div>

        <p className="mt-[1.5cqw] text-[3.1cqw] leading-snug font-bold">
          {QR_SHEET_TEXTS[first].scan}
        </p>
        {others.map((lang) => (
          <p
            key={lang}
            lang={lang}
            className="text-[2.3cqw] leading-snug font-medium text-slate-600 italic"
          >
            {QR_SHEET_TEXTS[lang].scan}
          </p>
        ))}

        <ol className="mx-auto mt-[1.8cqw] grid max-w-[84cqw] gap-[1cqw] text-left">
          {(["step1", "step2", "step3"] as const).map((key, index) => (
            <li key={key} className="flex items-start gap-[1.8cqw]">
              <span
                aria-hidden="true"
                className="grid size-[3.4cqw] shrink-0 place-items-center rounded-full bg-blue-800 text-[2cqw] font-bold text-white"
              >
                {index + 1}
              </span>
              <span className="text-[2cqw] leading-snug">
                {QR_SHEET_TEXTS[first][key]}
                {others.map((lang) => (
                  <span key={lang} lang={lang} className="text-slate-600 italic">
                    {" "}
                    {QR_SHEET_TEXTS[lang][key]}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ol>

        <p className="mt-[1.8cqw] text-[2cqw] text-slate-600">{joined("orOpen")}</p>
        <p className="font-mono text-[2.2cqw] font-semibold break-all">{unit.checkInUrl}</p>
        <div aria-hidden="true" className="min-h-[1cqw] flex-1" />
      </div>

      <CutLine text={joined("cut")} />

      {/* The table card: the code again, and the WiFi guests ask for at the table. */}
      <section
        aria-label={t("qrSheet.tableCard")}
        className="flex h-[25cqw] shrink-0 items-center gap-[3cqw] px-[6cqw] py-[2.5cqw] text-left"
      >
        <div className="size-[19cqw] shrink-0">
          {/* The same code as above: read out once. */}
          <QrImageBox image={checkInQr} alt="" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="mb-[0.5cqw] text-[2.8cqw] leading-tight font-bold break-words">
            {unit.name}
          </p>
          {sheetText(languages, "heading").map((heading) => (
            <p key={heading} className="text-[1.9cqw] leading-snug font-bold text-blue-800">
              {heading}
            </p>
          ))}
        </div>
        {hasWifi && (
          <div className="flex min-w-0 flex-[1.25] items-center gap-[2cqw] border-l-[0.25cqw] border-slate-300 pl-[3cqw]">
            <div className="size-[13cqw] shrink-0">
              <QrImageBox
                image={wifiQr}
                alt={t("qrSheet.wifiAlt", { name: wifi?.ssid ?? "" })}
              />
            </div>
            <WifiText languages={languages} wifi={wifi} />
          </div>
        )}
      </section>
    </article>
  );
}

function WifiText(
  { languages, wifi }: { languages: readonly QrSheetLanguage[]; wifi: WifiDetails | null },
) {
  const joined = (key: keyof QrSheetTexts) => sheetText(languages, key).join(" / ");
  return (
    <div className="min-w-0 flex-1">
      <p className="flex items-center gap-[1cqw] text-[2.4cqw] font-bold">
        <Icon name="wifi" className="size-[2.8cqw]" />
        {joined("wifiHeading")}
      </p>
      {wifi && (
        <dl className="mt-[0.6cqw] text-[1.7cqw] leading-snug">
          <dt className="text-slate-600">{joined("wifiNetwork")}</dt>
          <dd className="font-mono text-[2cqw] font-bold break-all">{wifi.ssid}</dd>
          <dt className="text-slate-600">{joined("wifiPassword")}</dt>
          <dd className="font-mono text-[2cqw] font-bold break-all">
            {wifi.encryptionType === WifiEncryptionType.None
              ? <span className="font-sans font-normal italic">{joined("wifiOpen")}</span>
              : wifi.password}
          </dd>
        </dl>
      )}
    </div>
  );
}

/** A dashed line across the sheet with scissors at its start and what to do above it. */
function CutLine({ text }: { text: string }) {
  return (
    <div className="shrink-0 px-[2cqw] pt-[1cqw]">
      <p className="text-center text-[1.6cqw] text-slate-500">{text}</p>
      <div className="relative mt-[0.6cqw] border-t-[0.25cqw] border-dashed border-slate-400">
        <span
          aria-hidden="true"
          className="absolute top-0 left-[3cqw] -translate-y-1/2 bg-white px-[0.8cqw] text-[3cqw] leading-none text-slate-500"
        >
          ✂
        </span>
      </div>
    </div>
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
