import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { ApiTokens } from "./ApiTokens.tsx";
import { ChangeEmailForm } from "./ChangeEmailForm.tsx";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { CookieSettings } from "./CookieSettings.tsx";
import { DataExport } from "./DataExport.tsx";
import { EmailNotificationSettings } from "./EmailNotificationSettings.tsx";
import { TwoFactorSettings } from "./TwoFactorSettings.tsx";

/**
 * /app/postavke-racuna: e-mail, password, two-factor sign-in, e-mail notifications, the export of
 * one's data, personal API tokens and cookies of the signed-in user.
 */
export default function AccountSettingsPage() {
  return (
    <AppFrame titleKey="profileMenu.accountSettings">
      <AccountSettings />
    </AppFrame>
  );
}

function AccountSettings() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("profileMenu.accountSettings")}
      </h1>
      <p className="mt-2 text-lg text-fg-muted">{t("account.intro")}</p>
      <div className="mt-8 space-y-6">
        <ChangeEmailForm />
        <ChangePasswordForm />
        <TwoFactorSettings />
        <EmailNotificationSettings />
        <DataExport />
        <ApiTokens />
        <CookieSettings />
      </div>
    </div>
  );
}
