import { WifiEncryptionType } from "@shared/enums.ts";
import type { WifiDetails } from "@shared/schemas/wifi-details.ts";

/** The WiFi inputs of the settings and unit dialogs, as typed. */
export interface WifiValues {
  name: string;
  password: string;
  /** "0" none, "1" WEP, "2" WPA/WPA2 (the select's values). */
  security: string;
}

export function wifiValuesOf(wifi: WifiDetails | null): WifiValues {
  return wifi
    ? { name: wifi.ssid, password: wifi.password, security: String(wifi.encryptionType) }
    : { name: "", password: "", security: String(WifiEncryptionType.WPA) };
}

/**
 * The flat WiFi fields of the API (spec section 3). Nothing typed means no WiFi, whatever the
 * security select shows; otherwise the shared schema checks the rest (a password or a secured
 * network needs the network name, a secured network its password).
 */
export function wifiRequestOf(values: WifiValues) {
  const name = values.name.trim();
  const password = values.password;
  if (!name && !password) return { wifiEncryptionType: WifiEncryptionType.None };
  return {
    wifiName: name || undefined,
    wifiPassword: password || undefined,
    wifiEncryptionType: Number(values.security) as WifiEncryptionType,
  };
}
