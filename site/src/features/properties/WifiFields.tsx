import { useId } from "react";
import { WifiEncryptionType } from "@shared/enums.ts";
import { WIFI_PASSWORD_MAX_LENGTH, WIFI_SSID_MAX_LENGTH } from "@shared/schemas/wifi-details.ts";
import type { Translate } from "../../i18n/translate.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Icon } from "../../ui/Icon.tsx";
import type { WifiValues } from "./wifi-form.ts";

interface WifiFieldsProps {
  t: Translate;
  values: WifiValues;
  onChange: (values: WifiValues) => void;
  /** Translated errors of the flat API fields. */
  errorOf: (field: "wifiName" | "wifiPassword" | "wifiEncryptionType") => string | undefined;
  description: string;
}

const SECURITY_OPTIONS = [WifiEncryptionType.WPA, WifiEncryptionType.WEP, WifiEncryptionType.None];

/** The guest WiFi of a property or unit: network name, password and security (spec section 2). */
export function WifiFields({ t, values, onChange, errorOf, description }: WifiFieldsProps) {
  const descriptionId = useId();
  return (
    <fieldset
      aria-describedby={descriptionId}
      className="rounded-2xl border border-border p-4 sm:p-5"
    >
      <legend className="flex items-center gap-2 px-1.5 font-semibold">
        <Icon name="wifi" className="size-5 text-fg-muted" />
        {t("wifi.legend")}
      </legend>
      <p id={descriptionId} className="text-sm text-fg-muted">{description}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          name="wifiName"
          label={t("wifi.name")}
          autoComplete="off"
          maxLength={WIFI_SSID_MAX_LENGTH}
          value={values.name}
          onChange={(event) => onChange({ ...values, name: event.target.value })}
          error={errorOf("wifiName")}
        />
        <TextField
          name="wifiPassword"
          label={t("wifi.password")}
          autoComplete="off"
          maxLength={WIFI_PASSWORD_MAX_LENGTH}
          value={values.password}
          onChange={(event) => onChange({ ...values, password: event.target.value })}
          error={errorOf("wifiPassword")}
        />
        <div className="sm:col-span-2">
          <SelectField
            name="wifiEncryptionType"
            label={t("wifi.security")}
            value={values.security}
            onChange={(event) => onChange({ ...values, security: event.target.value })}
            options={SECURITY_OPTIONS.map((type) => ({
              value: String(type),
              label: t(`wifi.security.${type}`),
            }))}
            error={errorOf("wifiEncryptionType")}
          />
        </div>
      </div>
    </fieldset>
  );
}
