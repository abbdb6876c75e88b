import { WifiEncryptionType } from "./enums.ts";

/** Backslash-escapes what the WIFI: format reserves (\ ; , : and "). */
export function escapeWifi(value: string): string {
  return value.replace(/([\\;,:"])/g, "\\$1");
}

/**
 * The de-facto standard payload phone cameras read to join a network
 * (WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;;), e.g. on the guest's check-in confirmation.
 */
export function wifiQrPayload(
  wifi: { ssid: string; password: string; encryptionType: WifiEncryptionType },
): string {
  const type = wifi.encryptionType === WifiEncryptionType.WPA
    ? "WPA"
    : wifi.encryptionType === WifiEncryptionType.WEP
    ? "WEP"
    : "nopass";
  const password = type === "nopass" ? "" : `P:${escapeWifi(wifi.password)};`;
  return `WIFI:T:${type};S:${escapeWifi(wifi.ssid)};${password};`;
}
