import {
  DEFAULT_QR_SHEET_LANGUAGES,
  type QrSheetLanguage,
  QrSheetLanguages,
} from "@shared/qr-sheet-texts.ts";

/**
 * The guest languages a host last chose for the door sheet (issue 32), kept in this browser under
 * "qrSheetLanguages" as `hr,en`. The choice is made when printing, and printing happens here; the
 * PDF takes the languages in its address, so the server need not keep them.
 */
const STORAGE_KEY = "qrSheetLanguages";

export function readQrSheetLanguages(): QrSheetLanguage[] {
  try {
    const parsed = QrSheetLanguages.safeParse(globalThis.localStorage?.getItem(STORAGE_KEY));
    if (parsed.success) return parsed.data;
  } catch {
    // No storage (private mode): the default.
  }
  return [...DEFAULT_QR_SHEET_LANGUAGES];
}

export function saveQrSheetLanguages(languages: readonly QrSheetLanguage[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, languages.join(","));
  } catch {
    // Not remembered, still used on this page.
  }
}
