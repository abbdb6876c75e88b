import { getPrivacyOverview } from "../../lib/api/account.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { useLoad } from "../../lib/state/use-load.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";
import { ConsentsList } from "./ConsentsList.tsx";
import { CookieSettings } from "./CookieSettings.tsx";
import { DataExport } from "./DataExport.tsx";
import { DeleteAccount } from "./DeleteAccount.tsx";
import { RetentionPeriods } from "./RetentionPeriods.tsx";

/**
 * /app/privatnost, the privacy centre: the export of one's data, the consents given, how long
 * what is kept, the account history, and deleting the account.
 */
export default function PrivacyPage() {
  return (
    <AppFrame titleKey="profileMenu.privacyCenter">
      <PrivacyContent />
    </AppFrame>
  );
}

function PrivacyContent() {
  const { t } = useTranslation();
  const { load, retry } = useLoad(getPrivacyOverview);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("profileMenu.privacyCenter")}
      </h1>
      <p className="mt-2 text-lg text-fg-muted">{t("privacy.intro")}</p>
      <div className="mt-8 space-y-6">
        <DataExport />
        <SettingsSection
          icon="shieldCheck"
          title={t("privacy.consents.title")}
          description={t("privacy.consents.description")}
        >
          <div className="space-y-4">
            <ConsentsList />
            <CookieSettings />
          </div>
        </SettingsSection>
        {load.status === "loading" && <LoadingState t={t} />}
        {load.status === "failed" && (
          <LoadFailedNotice
            t={t}
            error={load.error}
            onRetry={retry}
          />
        )}
        {load.status === "loaded" && (
          <SettingsSection
            icon="calendar"
            title={t("privacy.retention.title")}
            description={t("privacy.retention.description")}
          >
            <RetentionPeriods periods={load.data.retention} />
          </SettingsSection>
        )}
        <SettingsSection
          icon="history"
          title={t("profileMenu.history")}
          description={t("privacy.history.description")}
        >
          <div>
            <a
              href={ROUTES.history}
              onClick={markNavigation}
              className={buttonClass("secondary")}
            >
              <Icon name="history" className="size-5" />
              {t("privacy.history.open")}
            </a>
          </div>
        </SettingsSection>
        {load.status === "loaded" && (
          <DeleteAccount graceDays={load.data.retention.deletionGraceDays} />
        )}
      </div>
    </div>
  );
}
