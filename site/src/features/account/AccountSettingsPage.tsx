import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { ApiTokens } from "./ApiTokens.tsx";
import { ChangeEmailForm } from "./ChangeEmailForm.tsx";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { TwoFactorSettings } from "./TwoFactorSettings.tsx";

/**
 * /app/postavke-racuna: e-mail, password and two-factor sign-in of the signed-in user, and personal
 * API tokens. E-mail notifications are on /app/postavke; the data export and cookies in the privacy
 * centre.
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
        <ApiTokens />
      </div>
    </div>
  );
}
