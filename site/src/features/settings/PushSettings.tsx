import { useEffect, useState } from "react";
import { PUSH_KINDS, type PushKind } from "@shared/push-kinds.ts";
import type { PushSettings as Settings } from "@shared/schemas/push.ts";
import { getPushSettings, savePushKinds } from "../../lib/api/push.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import {
  pushSupport,
  removeDevice,
  thisDeviceId,
  turnOnThisDevice,
} from "../../lib/pwa/push-subscription.ts";
import { useLoad } from "../../lib/state/use-load.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { SwitchField } from "../../ui/forms/SwitchField.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";

/**
 * Settings' "Push notifications" card (issue 35): turn push on for this device, see every device
 * that gets them and remove any, and choose the kinds that come by push (for all devices). Each
 * change is saved at once, apart from the settings form above.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const { load, retry } = useLoad(getPushSettings);
  return (
    <SettingsSection
      icon="bell"
      title={t("push.title")}
      description={t("push.description")}
    >
      {load.status === "loading" && <LoadingState t={t} />}
      {load.status === "failed" && <LoadFailedNotice t={t} error={load.error} onRetry={retry} />}
      {load.status === "loaded" && <PushPanel t={t} initial={load.data} />}
    </SettingsSection>
  );
}

function PushPanel({ t, initial }: { t: Translate; initial: Settings }) {
  const { lang } = useTranslation();
  const [settings, setSettings] = useState(initial);
  const [mine, setMine] = useState<string>();
  const [busy, setBusy] = useState<string>();
  useEffect(() => setMine(thisDeviceId()), []);
  const support = pushSupport();
  const thisOn = !!mine && settings.devices.some((device) => device.id === mine);

  if (!settings.publicKey) return <p className="text-fg-muted">{t("push.unavailable")}</p>;

  async function refresh() {
    setSettings(await getPushSettings());
    setMine(thisDeviceId());
  }

  async function turnOn() {
    setBusy("on");
    try {
      if (!(await turnOnThisDevice(settings.publicKey!))) {
        notify(t("push.permissionRefused"), { color: "warning" });
      } else {
        notify(t("push.turnedOn"), { color: "success" });
      }
      await refresh();
    } catch (error) {
      notify(t("push.failed", { reason: describeApiError(t, error) }), { color: "error" });
    } finally {
      setBusy(undefined);
    }
  }

  async function remove(id: string) {
    setBusy(id);
    try {
      await removeDevice(id);
      notify(t("push.removed"), { color: "success" });
      await refresh();
    } catch (error) {
      notify(t("push.failed", { reason: describeApiError(t, error) }), { color: "error" });
    } finally {
      setBusy(undefined);
    }
  }

  async function choose(kind: PushKind, on: boolean) {
    const kinds = on
      ? [...settings.kinds, kind]
      : settings.kinds.filter((chosen) => chosen !== kind);
    const before = settings;
    setSettings({ ...settings, kinds: PUSH_KINDS.filter((k) => kinds.includes(k)) });
    try {
      setSettings(await savePushKinds({ kinds }));
    } catch (error) {
      setSettings(before);
      notify(t("push.failed", { reason: describeApiError(t, error) }), { color: "error" });
    }
  }

  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-border p-4 sm:p-5">
        <h3 className="text-[0.9375rem] font-semibold">{t("push.thisDevice")}</h3>
        {thisOn
          ? <p className="mt-1 text-sm text-fg-muted">{t("push.thisDeviceOn")}</p>
          : support === "available"
          ? (
            <>
              <p className="mt-1 text-sm text-fg-muted">{t("push.thisDeviceOff")}</p>
              <Button className="mt-3" size="sm" busy={busy === "on"} onClick={turnOn}>
                {t("push.turnOn")}
              </Button>
            </>
          )
          : <p className="mt-1 text-sm text-fg-muted">{t(`push.support.${support}`)}</p>}
      </div>

      <div>
        <h3 className="text-[0.9375rem] font-semibold">{t("push.devices")}</h3>
        {settings.devices.length === 0
          ? <p className="mt-1 text-sm text-fg-muted">{t("push.noDevices")}</p>
          : (
            <ul className="mt-2 divide-y divide-border rounded-2xl border border-border">
              {settings.devices.map((device) => {
                const name = device.label ?? t("push.unknownDevice");
                return (
                  <li key={device.id} className="flex items-center justify-between gap-3 p-4">
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {name}
                        {device.id === mine && (
                          <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-soft-fg">
                            {t("push.thisDeviceBadge")}
                          </span>
                        )}
                      </span>
                      <span className="block text-sm text-fg-muted">
                        {device.lastSentAt
                          ? t("push.lastSent", { when: formatDateTime(device.lastSentAt, lang) })
                          : t("push.added", { when: formatDateTime(device.createdAt, lang) })}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="dangerSecondary"
                      busy={busy === device.id}
                      aria-label={t("push.removeNamed", { name })}
                      onClick={() => remove(device.id)}
                    >
                      {t("push.remove")}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
      </div>

      <fieldset>
        <legend className="text-[0.9375rem] font-semibold">{t("push.kinds")}</legend>
        <div className="mt-2 divide-y divide-border rounded-2xl border border-border">
          {PUSH_KINDS.map((kind) => (
            <div key={kind} className="p-4">
              <SwitchField
                name={`push-${kind}`}
                label={t(`push.kind.${kind}`)}
                description={t(`push.kind.${kind}.text`)}
                checked={settings.kinds.includes(kind)}
                onChange={(on) => void choose(kind, on)}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
