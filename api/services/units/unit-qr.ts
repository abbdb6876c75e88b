import QRCode from "qrcode";
import { WifiEncryptionType } from "@shared/enums.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";

/**
 * The permanent check-in address a unit's QR code holds. Croatian is the default language and
 * has no prefix; the guest can switch language on the page.
 */
export function checkInUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/prijava/smjestaj/${encodeURIComponent(code)}`;
}

/** Backslash-escapes what the WIFI: format reserves (\ ; , : and "). */
const escapeWifi = (value: string) => value.replace(/([\\;,:"])/g, "\\$1");

/**
 * The de-facto standard payload phones read to join a network
 * (WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;;).
 */
export function wifiQrPayload(wifi: WifiDetails): string {
  const type = wifi.encryptionType === WifiEncryptionType.WPA
    ? "WPA"
    : wifi.encryptionType === WifiEncryptionType.WEP
    ? "WEP"
    : "nopass";
  const password = type === "nopass" ? "" : `P:${escapeWifi(wifi.password)};`;
  return `WIFI:T:${type};S:${escapeWifi(wifi.ssid)};${password};`;
}

/** Error correction M survives a scuffed print; the quiet zone keeps scanners happy. */
const OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: "svg" });
}

export async function qrPng(text: string, width = 600): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await QRCode.toBuffer(text, { ...OPTIONS, type: "png", width }));
}
