import { z } from "zod";
import { WifiEncryptionType, WifiEncryptionTypeSchema } from "../enums.ts";
import { optionalText, requiredMessage } from "./fields.ts";

/** 802.11 limits: an SSID is at most 32 bytes, a WPA passphrase at most 63 characters. */
export const WIFI_SSID_MAX_LENGTH = 32;
export const WIFI_PASSWORD_MAX_LENGTH = 63;

/** WiFi of a property or unit as the API returns it (shown to guests after check-in). */
export const WifiDetails = z
  .object({
    ssid: z.string(),
    password: z.string(),
    encryptionType: WifiEncryptionTypeSchema,
  })
  .meta({ id: "WifiDetails" });
export type WifiDetails = z.infer<typeof WifiDetails>;

/** The WiFi inputs of the unit dialog and the property settings dialog, flat as the spec has them. */
export const wifiSettingsShape = {
  wifiName: optionalText(WIFI_SSID_MAX_LENGTH),
  wifiPassword: optionalText(WIFI_PASSWORD_MAX_LENGTH),
  wifiEncryptionType: WifiEncryptionTypeSchema.default(WifiEncryptionType.None).meta({
    description: "None=0, WEP=1, WPA=2 (WPA/WPA2)",
  }),
};

/** A secured network needs its password; a password or a secured network needs the network name. */
export function checkWifiSettings(
  value: { wifiName?: string; wifiPassword?: string; wifiEncryptionType: WifiEncryptionType },
  ctx: z.RefinementCtx,
) {
  const secured = value.wifiEncryptionType !== WifiEncryptionType.None;
  if (secured && !value.wifiPassword) {
    ctx.addIssue({
      code: "custom",
      path: ["wifiPassword"],
      message: requiredMessage("wifiPassword"),
    });
  }
  if ((secured || value.wifiPassword) && !value.wifiName) {
    ctx.addIssue({ code: "custom", path: ["wifiName"], message: requiredMessage("wifiName") });
  }
}
