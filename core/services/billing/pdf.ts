import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import type { Pdf } from "../../platform/pdf.ts";

/** A label and its value on one line, the label in grey. */
export function labelled(doc: Pdf, label: string, value: string, x = 56, width = 480) {
  const y = doc.y;
  doc.font("regular").fontSize(9).fillColor("#475569").text(label, x, y, { width: 170 });
  doc.font("regular").fontSize(11).fillColor("#0f172a").text(value, x + 175, y, {
    width: width - 175,
  });
  doc.moveDown(0.35);
}

/** A date as people in Croatia write it, in Zagreb's time: 1. 3. 2026. */
export function croatianDate(date: Date): string {
  return new Intl.DateTimeFormat("hr-HR", {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    timeZone: STAY_TIME_ZONE,
  }).format(date);
}
