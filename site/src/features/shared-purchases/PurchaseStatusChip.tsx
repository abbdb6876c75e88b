import { PurchaseRequestStatus } from "@shared/enums.ts";
import type { IconName } from "../../icons/shapes.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";

/** Purchase request states of spec section 4, each with a colour, an icon and its name. */
const CHIPS: Record<number, { label: TranslationKey; icon: IconName; className: string }> = {
  [PurchaseRequestStatus.Pending]: {
    label: "purchase.status.Pending",
    icon: "history",
    className: "bg-warning-soft text-warning-soft-fg",
  },
  [PurchaseRequestStatus.Paid]: {
    label: "purchase.status.Paid",
    icon: "checkCircle",
    className: "bg-success-soft text-success-soft-fg",
  },
  [PurchaseRequestStatus.Trial]: {
    label: "purchase.status.Trial",
    icon: "sparkles",
    className: "bg-info-soft text-info-soft-fg",
  },
  [PurchaseRequestStatus.Expired]: {
    label: "purchase.status.Expired",
    icon: "alertCircle",
    className: "bg-secondary-soft text-secondary-soft-fg",
  },
  [PurchaseRequestStatus.Cancelled]: {
    label: "purchase.status.Cancelled",
    icon: "close",
    className: "bg-error-soft text-error-soft-fg",
  },
};

export function PurchaseStatusChip({ t, status }: { t: Translate; status: number }) {
  const chip = CHIPS[status] ?? CHIPS[PurchaseRequestStatus.Pending];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${chip.className}`}
    >
      <Icon name={chip.icon} className="size-4 shrink-0" />
      {t(chip.label)}
    </span>
  );
}

/** The purchase request states in the spec's order, for filters. */
export const PURCHASE_STATUSES: { value: number; label: TranslationKey }[] = [
  { value: PurchaseRequestStatus.Pending, label: "purchase.status.Pending" },
  { value: PurchaseRequestStatus.Paid, label: "purchase.status.Paid" },
  { value: PurchaseRequestStatus.Trial, label: "purchase.status.Trial" },
  { value: PurchaseRequestStatus.Expired, label: "purchase.status.Expired" },
  { value: PurchaseRequestStatus.Cancelled, label: "purchase.status.Cancelled" },
];
