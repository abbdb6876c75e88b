import { type FormEvent, useState } from "react";
import { useSetAtom } from "jotai";
import { type Theme, THEMES } from "@shared/themes.ts";
import { APP_LANGUAGES, UserSettings } from "@shared/schemas/user-settings.ts";
import { getUserSettings, saveUserSettings } from "../../lib/api/account.ts";
import { useLoad } from "../../lib/state/use-load.ts";
import { applyUserSettings } from "../../lib/session/refresh-account.ts";
import { languageAtom } from "../../lib/state/language.ts";
import { readThemePreference } from "../../lib/theme/preference.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { FormOutcome } from "../../ui/forms/FormOutcome.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { SwitchField } from "../../ui/forms/SwitchField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";
import { PushSettings } from "./PushSettings.tsx";

const FIELDS = ["language", "theme", "defaultCheckInTime", "defaultCheckOutTime"] as const;
type Field = (typeof FIELDS)[number];

type Outcome = { tone: "success" } | { tone: "error"; error: unknown };

/**
 * /app/postavke: language, theme, notification channels and the default check-in and check-out
 * times of new properties, on one page, kept on the server for the signed-in user.
 */
export default function SettingsPage() {
  return (
    <AppFrame titleKey="profileMenu.settings">
      <SettingsContent />
    </AppFrame>
  );
}

function SettingsContent() {
  const { t } = useTranslation();
  const { load, retry } = useLoad(getUserSettings);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("profileMenu.settings")}
      </h1>
      <p className="mt-2 text-lg text-fg-muted">{t("userSettings.intro")}</p>
      <div className="mt-8">
        {load.status === "loading" && <LoadingState t={t} />}
        {load.status === "failed" && (
          <LoadFailedNotice
            t={t}
            error={load.error}
            onRetry={retry}
          />
        )}
        {load.status === "loaded" && <SettingsForm saved={load.data} />}
      </div>
      <div className="mt-6">
        <PushSettings />
      </div>
    </div>
  );
}

function SettingsForm({ saved }: { saved: UserSettings }) {
  const { t, lang } = useTranslation();
  const setLanguage = useSetAtom(languageAtom);
  const { formRef, messageRef, focusField } = useFieldFocus<Field>();
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  // Language and theme start from what this browser shows now (the top bar's switches change
  // them here only); saving makes them the account's, for every browser signed in later.
  const [language, setLanguageChoice] = useState<UserSettings["language"]>(lang);
  const [theme, setTheme] = useState<Theme>(readThemePreference);
  const [emailNotifications, setEmailNotifications] = useState(saved.emailNotifications);
  const [outcome, setOutcome] = useState<Outcome>();
  const [isSaving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const time = (name: Field) => String(data.get(name) ?? "") || null;
    const parsed = UserSettings.safeParse({
      language,
      theme,
      emailNotifications,
      defaultCheckInTime: time("defaultCheckInTime"),
      defaultCheckOutTime: time("defaultCheckOutTime"),
    });
    if (!parsed.success) {
      setOutcome(undefined);
      focusField(showClientErrors(parsed.error));
      return;
    }
    clearErrors();
    setOutcome(undefined);
    setSaving(true);
    try {
      const settings = await saveUserSettings(parsed.data);
      applyUserSettings(settings);
      setLanguage(settings.language);
      setOutcome({ tone: "success" });
      focusField(undefined);
    } catch (error) {
      const invalid = showServerErrors(error);
      if (!invalid) setOutcome({ tone: "error", error });
      focusField(invalid);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-6">
      <SettingsSection
        icon="monitor"
        title={t("userSettings.appearance.title")}
        description={t("userSettings.appearance.description")}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            name="language"
            label={t("language.label")}
            value={language}
            onChange={(event) => setLanguageChoice(event.target.value as UserSettings["language"])}
            options={APP_LANGUAGES.map((value) => ({
              value,
              label: t(`language.${value}`),
            }))}
            error={errorOf("language")}
          />
          <SelectField
            name="theme"
            label={t("theme.label")}
            value={theme}
            onChange={(event) => setTheme(event.target.value as Theme)}
            options={THEMES.map((value) => ({ value, label: t(`theme.${value}`) }))}
            error={errorOf("theme")}
          />
        </div>
      </SettingsSection>
      <SettingsSection
        icon="bell"
        title={t("userSettings.notifications.title")}
        description={t("userSettings.notifications.description")}
      >
        <div className="divide-y divide-border rounded-2xl border border-border">
          <p className="flex items-start justify-between gap-4 p-4 sm:p-5">
            <span className="min-w-0">
              <span className="block text-[0.9375rem] font-semibold">
                {t("userSettings.notifications.inApp")}
              </span>
              <span className="mt-0.5 block text-sm text-fg-muted">
                {t("userSettings.notifications.inAppHint")}
              </span>
            </span>
            <span className="shrink-0 rounded-full bg-success-soft px-2.5 py-1 text-sm font-semibold text-success-soft-fg">
              {t("userSettings.notifications.always")}
            </span>
          </p>
          <div className="p-4 sm:p-5">
            <SwitchField
              name="emailNotifications"
              label={t("account.notifications.switch")}
              description={t("account.notifications.description")}
              checked={emailNotifications}
              onChange={setEmailNotifications}
            />
          </div>
        </div>
      </SettingsSection>
      <SettingsSection
        icon="calendar"
        title={t("userSettings.times.title")}
        description={t("userSettings.times.description")}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="defaultCheckInTime"
            type="time"
            label={t("userSettings.times.checkIn")}
            defaultValue={saved.defaultCheckInTime ?? ""}
            error={errorOf("defaultCheckInTime")}
          />
          <TextField
            name="defaultCheckOutTime"
            type="time"
            label={t("userSettings.times.checkOut")}
            defaultValue={saved.defaultCheckOutTime ?? ""}
            error={errorOf("defaultCheckOutTime")}
          />
        </div>
      </SettingsSection>
      <FormOutcome
        ref={messageRef}
        success={outcome?.tone === "success" ? t("userSettings.saved") : undefined}
        failure={outcome?.tone === "error" ? describeApiError(t, outcome.error) : undefined}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={isSaving}>
          {isSaving ? t("account.saving") : t("userSettings.save")}
        </Button>
      </div>
    </form>
  );
}
