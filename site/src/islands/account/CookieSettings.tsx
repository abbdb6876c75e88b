import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { SettingsSection } from "./SettingsSection.tsx";

/**
 * The way back to the cookie choice from the host area: the button carries `data-cookie-settings`,
 * which the cookie banner's script (components/consent/cookie-consent.ts) answers by opening its
 * settings dialog on every page.
 */
export function CookieSettings() {
  const { t } = useTranslation();
  return (
    <SettingsSection
      icon="shield"
      title={t("account.cookies.title")}
      description={t("account.cookies.description")}
    >
      <div>
        <Button variant="secondary" data-cookie-settings>
          {t("account.cookies.open")}
        </Button>
      </div>
    </SettingsSection>
  );
}
