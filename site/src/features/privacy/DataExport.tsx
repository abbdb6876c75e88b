import { useEffect, useState } from "react";
import { SubscriptionStatus } from "@shared/enums.ts";
import { DATA_EXPORT_ENTITIES, type DataExportEntity } from "@shared/schemas/data-export.ts";
import { getDataExport } from "../../lib/api/data-export.ts";
import { getCurrentSubscription } from "../../lib/api/subscriptions.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";

type Format = "json" | "csv";
type PlanLoad =
  | { status: "loading" }
  | { status: "loaded"; allowed: boolean }
  | { status: "failed"; error: unknown };

/**
 * "Export data" (GET /DataExport): everything as one JSON file, or one list as CSV for a
 * spreadsheet. Plans without export (Basic) see why and the way to the plans instead; the server
 * decides in the end (SubscriptionLimitReached).
 */
export function DataExport() {
  const { t } = useTranslation();
  const [plan, setPlan] = useState<PlanLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [format, setFormat] = useState<Format>("json");
  const [entity, setEntity] = useState<DataExportEntity>("guests");
  const [isExporting, setExporting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setPlan({ status: "loading" });
    getCurrentSubscription(controller.signal)
      .then((subscription) =>
        setPlan({
          status: "loaded",
          allowed: !!subscription && subscription.status !== SubscriptionStatus.Cancelled &&
            subscription.policy.allowDataExport,
        })
      )
      .catch((error) => {
        if (!controller.signal.aborted) setPlan({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  async function handleExport() {
    setExporting(true);
    try {
      const blob = await getDataExport(format, entity);
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(blob, `prijavko-${format === "csv" ? entity : "podaci"}-${day}.${format}`);
      notify(t("account.dataExport.done"), { color: "success" });
    } catch (error) {
      notify(t("account.dataExport.failed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <SettingsSection
      icon="download"
      title={t("account.dataExport.title")}
      description={t("account.dataExport.description")}
    >
      {plan.status === "loading" && (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner className="size-4 text-primary" />
          {t("app.loading")}
        </p>
      )}
      {plan.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={plan.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {plan.status === "loaded" && !plan.allowed && (
        <FormNotice
          tone="info"
          action={
            <a href={ROUTES.subscription} className={buttonClass("secondary", "sm")}>
              {t("account.dataExport.seePlans")}
            </a>
          }
        >
          {t("account.dataExport.notIncluded")}
        </FormNotice>
      )}
      {plan.status === "loaded" && plan.allowed && (
        <div className="space-y-4">
          <SelectField
            name="format"
            label={t("account.dataExport.format")}
            value={format}
            onChange={(event) => setFormat(event.target.value as Format)}
            options={[
              { value: "json", label: t("account.dataExport.format.json") },
              { value: "csv", label: t("account.dataExport.format.csv") },
            ]}
          />
          {format === "csv" && (
            <SelectField
              name="entity"
              label={t("account.dataExport.entity")}
              value={entity}
              onChange={(event) => setEntity(event.target.value as DataExportEntity)}
              options={DATA_EXPORT_ENTITIES.map((value) => ({
                value,
                label: t(`account.dataExport.entity.${value}`),
              }))}
            />
          )}
          <p className="text-sm text-fg-muted">{t("account.dataExport.careful")}</p>
          <Button busy={isExporting} onClick={() => void handleExport()}>
            {isExporting ? t("account.dataExport.downloading") : t("account.dataExport.download")}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
