import type { RetentionPeriods as Periods } from "@shared/schemas/account-deletion.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** How long the product keeps what, as GET /Users/manage/privacy reports the workers' figures. */
export function RetentionPeriods({ periods }: { periods: Periods }) {
  const { t } = useTranslation();
  const rows = [
    [
      t("privacy.retention.guests"),
      t("privacy.retention.guestsPeriod", { days: periods.guestDataDaysAfterCheckOut }),
    ],
    [
      t("privacy.retention.history"),
      t("privacy.retention.days", { days: periods.accountHistoryDays }),
    ],
    [
      t("privacy.retention.contact"),
      t("privacy.retention.days", { days: periods.contactMessageDays }),
    ],
    [
      t("privacy.retention.account"),
      t("privacy.retention.accountPeriod", { days: periods.deletionGraceDays }),
    ],
    [
      t("privacy.retention.receipts"),
      t("privacy.retention.years", { years: periods.receiptYears }),
    ],
  ];
  return (
    <dl className="divide-y divide-border rounded-2xl border border-border">
      {rows.map(([what, period]) => (
        <div
          key={what}
          className="grid gap-1 p-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:gap-4"
        >
          <dt className="text-[0.9375rem]">{what}</dt>
          <dd className="font-semibold sm:text-right">{period}</dd>
        </div>
      ))}
    </dl>
  );
}
