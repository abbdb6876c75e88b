import QRCode from "qrcode";
import { unitCheckInPath } from "@shared/app-routes.ts";

/**
 * The permanent check-in address a unit's QR code holds. Croatian is the default language and
 * has no prefix; the guest can switch language on the page.
 */
export function checkInUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${unitCheckInPath(code)}`;
}

export { wifiQrPayload } from "@shared/wifi-qr.ts";

/** Error correction M survives a scuffed print; the quiet zone keeps scanners happy. */
const OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: "svg" });
}

export async function qrPng(text: string, width = 600): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await QRCode.toBuffer(text, { ...OPTIONS, type: "png", width }));
}
