import { useEffect, useRef, useState } from "react";
import { getNotificationSettings, saveNotificationSettings } from "../../lib/api/notifications.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { SwitchField } from "../../ui/forms/SwitchField.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { SettingsSection } from "./SettingsSection.tsx";

type SettingsLoad =
  | { status: "loading" }
  | { status: "loaded"; emailNotifications: boolean }
  | { status: "failed"; error: unknown };

/**
 * "E-mail me important notifications" (GET/PUT /UserNotifications/settings): saved as soon as it
 * is switched; a failed save switches it back and says why.
 */
export function EmailNotificationSettings() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<SettingsLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [isSaving, setSaving] = useState(false);
  /** The value the server holds; a failed save goes back to it. */
  const saved = useRef(true);
  /** Only the latest switch's answer counts. */
  const latest = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    getNotificationSettings(controller.signal)
      .then(({ emailNotifications }) => {
        saved.current = emailNotifications;
        setLoad({ status: "loaded", emailNotifications });
      })
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  async function handleChange(emailNotifications: boolean) {
    const request = ++latest.current;
    setLoad({ status: "loaded", emailNotifications });
    setSaving(true);
    try {
      const answer = await saveNotificationSettings({ emailNotifications });
      if (request !== latest.current) return;
      saved.current = answer.emailNotifications;
      notify(
        t(
          answer.emailNotifications
            ? "account.notifications.savedOn"
            : "account.notifications.savedOff",
        ),
        { color: "success" },
      );
    } catch (error) {
      if (request !== latest.current) return;
      setLoad({ status: "loaded", emailNotifications: saved.current });
      notify(describeApiError(t, error), { color: "error" });
    } finally {
      if (request === latest.current) setSaving(false);
    }
  }

  return (
    <SettingsSection
      icon="bell"
      title={t("account.notifications.title")}
      description={t("account.notifications.description")}
    >
      {load.status === "loading" && (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner className="size-4 text-primary" />
          {t("app.loading")}
        </p>
      )}
      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {load.status === "loaded" && (
        <div className="rounded-2xl border border-border p-4 sm:p-5">
          <SwitchField
            name="emailNotifications"
            label={t("account.notifications.switch")}
            description={t("account.notifications.hint")}
            checked={load.emailNotifications}
            onChange={(checked) => void handleChange(checked)}
            extra={isSaving ? <Spinner className="size-3.5 text-fg-muted" /> : undefined}
          />
        </div>
      )}
    </SettingsSection>
  );
}
