import QRCode from "qrcode";
import {
  QR_SHEET_TEXTS,
  type QrSheetLanguage,
  type QrSheetTexts,
  sheetText,
} from "@shared/qr-sheet-texts.ts";
import { WifiEncryptionType } from "@shared/enums.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";
import { type Pdf, renderPdf } from "../../platform/pdf.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accessUnit } from "../access/property-access.ts";
import { userQrSheetLanguages } from "../users/user-settings.ts";
import { wifiOf } from "../properties/to-response.ts";
import { checkInUrl, wifiQrPayload } from "./unit-qr.ts";

/**
 * The unit's door sheet as a PDF (issue 32): one A4 page in the chosen guest languages, the same
 * layout as the printed page (site/src/features/properties/DoorSheet.tsx): the check-in QR code
 * large, the steps, a dashed cut line, and below it a table card with the code again and the WiFi.
 * The codes are drawn as vector squares, sharp at any printer's resolution. Needs the "qr" right.
 * Without languages, those the caller chose (user settings; hr and en until then).
 */
export async function qrSheetPdf(
  ctx: ServiceContext,
  { code, ...input }: { code: string; languages?: readonly QrSheetLanguage[] },
): Promise<{ code: string; pdf: Uint8Array }> {
  const { unit, property } = await accessUnit(ctx.db, actorIdOf(ctx), { code }, "qr");
  const languages = input.languages ?? await userQrSheetLanguages(ctx);
  const sheet: Sheet = {
    propertyName: property.name,
    unitName: unit.name,
    checkInUrl: checkInUrl(ctx.config.publicUrl, unit.code),
    wifi: wifiOf(unit) ?? wifiOf(property),
    languages,
  };
  const pdf = await renderPdf(
    { title: `${sheetText(languages, "heading")[0]}: ${unit.name}`, author: "Prijavko" },
    (doc) => drawSheet(doc, sheet),
    { margin: 0 },
  );
  return { code: unit.code, pdf };
}

interface Sheet {
  propertyName: string;
  unitName: string;
  checkInUrl: string;
  wifi: WifiDetails | null;
  languages: readonly QrSheetLanguage[];
}

const INK = "#0f172a";
const MUTED = "#475569";
const FAINT = "#64748b";
const BLUE = "#1e40af";

/**
 * Draws the sheet in "cqw" as the page does: one hundredth of the page's width. From the bottom
 * up: the table card, the cut line, then the door part above it, whose QR code takes the height
 * the texts leave (at most 55 % of the page's width), so three long languages still fit one page.
 */
export function drawSheet(doc: Pdf, sheet: Sheet): void {
  const u = doc.page.width / 100;
  const cardTop = doc.page.height - 25 * u;
  const cutTop = drawCutLine(doc, sheetText(sheet.languages, "cut").join(" · "), cardTop, u);
  drawTableCard(doc, sheet, cardTop, u);
  drawDoorPart(doc, sheet, cutTop - 1.5 * u, u);
}

type Font = "regular" | "bold";
interface Line {
  text: string;
  font: Font;
  size: number;
  color: string;
}

function drawDoorPart(doc: Pdf, sheet: Sheet, bottom: number, u: number) {
  const page = doc.page.width;
  const [first, ...others] = sheet.languages;
  const joined = (key: keyof QrSheetTexts) => sheetText(sheet.languages, key).join(" · ");
  const left = 6 * u;
  const width = 88 * u;
  const heightOf = ({ text, font, size }: Line, w = width) =>
    doc.font(font).fontSize(size).heightOfString(text, { width: w });
  const draw = (line: Line) => {
    doc.font(line.font).fontSize(line.size).fillColor(line.color).text(line.text, left, doc.y, {
      width,
      align: "center",
    });
  };

  const above: Line[] = [
    { text: sheet.unitName, font: "bold", size: 4.6 * u, color: INK },
    { text: joined("heading"), font: "bold", size: 2.9 * u, color: BLUE },
  ];
  const scan: Line[] = [
    { text: QR_SHEET_TEXTS[first].scan, font: "bold", size: 3.1 * u, color: INK },
    ...others.map((lang) => ({
      text: QR_SHEET_TEXTS[lang].scan,
      font: "regular" as const,
      size: 2.2 * u,
      color: MUTED,
    })),
  ];
  const below: Line[] = [
    { text: joined("orOpen"), font: "regular", size: 1.9 * u, color: MUTED },
    { text: sheet.checkInUrl, font: "bold", size: 2.1 * u, color: INK },
  ];
  const badge = 3.4 * u;
  const stepsLeft = 8 * u;
  const textLeft = stepsLeft + badge + 1.8 * u;
  const textWidth = 84 * u - badge - 1.8 * u;
  const steps = (["step1", "step2", "step3"] as const).map((key) => ({
    key,
    height: Math.max(
      badge,
      doc.font("regular").fontSize(1.9 * u).heightOfString(
        sheet.languages.map((lang) => QR_SHEET_TEXTS[lang][key]).join(" "),
        { width: textWidth },
      ),
    ),
  }));

  const top = 5 * u;
  const nameHeight = 2.2 * u * 1.3;
  const gaps = 0.6 * u + 1.5 * u + 1.5 * u + 1.8 * u + 2 * u + 1.6 * u;
  const texts = nameHeight + [...above, ...scan, ...below].reduce((n, l) => n + heightOf(l), 0) +
    steps.reduce((n, step) => n + step.height + 0.8 * u, 0);
  const qrSize = Math.min(55 * u, bottom - top - texts - gaps);

  doc.y = top;
  doc.font("regular").fontSize(2.2 * u).fillColor(FAINT).text(
    sheet.propertyName.toUpperCase(),
    left,
    doc.y,
    { width, align: "center", characterSpacing: 0.25 * u },
  );
  draw(above[0]);
  doc.y += 0.6 * u;
  draw(above[1]);
  doc.y += 1.5 * u;
  drawQr(doc, sheet.checkInUrl, (page - qrSize) / 2, doc.y, qrSize);
  doc.y += qrSize + 1.5 * u;
  for (const line of scan) draw(line);

  doc.y += 1.8 * u;
  for (const [index, { key, height }] of steps.entries()) {
    const stepTop = doc.y;
    doc.circle(stepsLeft + badge / 2, stepTop + badge / 2, badge / 2).fill(BLUE);
    doc.font("bold").fontSize(2 * u).fillColor("#ffffff").text(
      String(index + 1),
      stepsLeft,
      stepTop + (badge - 2.3 * u) / 2,
      { width: badge, align: "center" },
    );
    doc.font("regular").fontSize(1.9 * u).fillColor(INK).text(
      QR_SHEET_TEXTS[first][key],
      textLeft,
      stepTop + 0.4 * u,
      { width: textWidth, continued: others.length > 0 },
    );
    others.forEach((lang, i) => {
      doc.fillColor(MUTED).text(` ${QR_SHEET_TEXTS[lang][key]}`, {
        width: textWidth,
        continued: i < others.length - 1,
      });
    });
    doc.y = stepTop + height + 0.8 * u;
  }
  doc.y += 2 * u;
  for (const line of below) draw(line);
}

/**
 * A dashed line across the page with scissors at its start and what to do above it; returns
 * where its text begins.
 */
function drawCutLine(doc: Pdf, text: string, lineY: number, u: number): number {
  const options = { width: 90 * u, align: "center" } as const;
  const textHeight = doc.font("regular").fontSize(1.5 * u).heightOfString(text, options);
  const textTop = lineY - 0.8 * u - textHeight;
  doc.fillColor(FAINT).text(text, 5 * u, textTop, options);
  doc.save().moveTo(2 * u, lineY).lineTo(98 * u, lineY).lineWidth(0.25 * u).dash(1.2 * u, {
    space: 0.8 * u,
  }).stroke("#94a3b8").restore();
  // The scissors on a white patch of the line, where the cut begins.
  const scissorsX = 3 * u;
  doc.rect(scissorsX, lineY - 1.8 * u, 4.6 * u, 3.6 * u).fill("#ffffff");
  doc.font("regular").fontSize(3 * u).fillColor(FAINT).text(
    "✂",
    scissorsX + 0.8 * u,
    lineY - 1.9 * u,
    { lineBreak: false },
  );
  return textTop;
}

/**
 * The strip under the cut line: the code again with the unit and the heading in each language,
 * and the WiFi when there is. Every text keeps to its box (`height`), so nothing spills onto a
 * second page.
 */
function drawTableCard(doc: Pdf, sheet: Sheet, cardTop: number, u: number) {
  const top = cardTop + 3 * u;
  const qrSize = 19 * u;
  drawQr(doc, sheet.checkInUrl, 6 * u, top, qrSize);
  const textLeft = 28 * u;
  const columns = 94 * u - textLeft;
  const textWidth = sheet.wifi ? columns * 0.45 - 1.5 * u : columns;
  const bottom = top + qrSize;
  const line = (text: string, font: Font, size: number, color: string, width: number) => {
    const height = bottom - doc.y;
    if (height < size) return;
    doc.font(font).fontSize(size).fillColor(color).text(text, { width, height, ellipsis: true });
  };
  doc.x = textLeft;
  doc.y = top + 0.5 * u;
  line(sheet.unitName, "bold", 2.8 * u, INK, textWidth);
  doc.y += 0.5 * u;
  for (const heading of sheetText(sheet.languages, "heading")) {
    line(heading, "bold", 1.9 * u, BLUE, textWidth);
  }
  if (!sheet.wifi) return;

  const wifiLeft = textLeft + textWidth + 1.5 * u;
  doc.moveTo(wifiLeft, top).lineTo(wifiLeft, bottom).lineWidth(0.25 * u).stroke("#cbd5e1");
  const wifiQr = 13 * u;
  drawQr(doc, wifiQrPayload(sheet.wifi), wifiLeft + 3 * u, top + (qrSize - wifiQr) / 2, wifiQr);
  const wifiTextLeft = wifiLeft + 3 * u + wifiQr + 2 * u;
  const wifiWidth = 94 * u - wifiTextLeft;
  const joined = (key: keyof QrSheetTexts) => sheetText(sheet.languages, key).join(" / ");
  doc.x = wifiTextLeft;
  doc.y = top + 0.5 * u;
  line(joined("wifiHeading"), "bold", 2.4 * u, INK, wifiWidth);
  line(joined("wifiNetwork"), "regular", 1.5 * u, MUTED, wifiWidth);
  line(sheet.wifi.ssid, "bold", 2 * u, INK, wifiWidth);
  line(joined("wifiPassword"), "regular", 1.5 * u, MUTED, wifiWidth);
  if (sheet.wifi.encryptionType === WifiEncryptionType.None) {
    line(joined("wifiOpen"), "regular", 2 * u, INK, wifiWidth);
  } else line(sheet.wifi.password, "bold", 2 * u, INK, wifiWidth);
}

/**
 * A QR code as black squares (a run of dark modules in a row is one rectangle, so no hairline
 * seams between them), with the quiet zone of two modules the PNG and SVG have too.
 */
function drawQr(doc: Pdf, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill("#000000");
}
