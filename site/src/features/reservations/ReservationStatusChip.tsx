import type { ReservationStatus } from "@shared/enums.ts";
import type { IconName } from "../../icons/shapes.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";

/**
 * Status values of spec section 4, each with a colour, an icon and its name (never colour alone):
 * ahead, under way without registration (needs the host), under way registered, over registered,
 * over without registration, cancelled.
 */
const CHIPS: Record<
  ReservationStatus,
  { label: TranslationKey; icon: IconName; className: string }
> = {
  Pending: {
    label: "reservations.status.Pending",
    icon: "calendar",
    className: "bg-info-soft text-info-soft-fg",
  },
  Active: {
    label: "reservations.status.Active",
    icon: "door",
    className: "bg-warning-soft text-warning-soft-fg",
  },
  CheckedIn: {
    label: "reservations.status.CheckedIn",
    icon: "checkCircle",
    className: "bg-success-soft text-success-soft-fg",
  },
  Completed: {
    label: "reservations.status.Completed",
    icon: "check",
    className: "bg-secondary-soft text-secondary-soft-fg",
  },
  Expired: {
    label: "reservations.status.Expired",
    icon: "alertCircle",
    className: "bg-error-soft text-error-soft-fg",
  },
  Canceled: {
    label: "reservations.status.Canceled",
    icon: "close",
    className: "bg-accent-soft text-accent-soft-fg",
  },
  Unknown: {
    label: "reservations.status.Unknown",
    icon: "helpCircle",
    className: "bg-surface-muted text-fg-muted",
  },
};

export function ReservationStatusChip({ t, status }: { t: Translate; status: ReservationStatus }) {
  const chip = CHIPS[status] ?? CHIPS.Unknown;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${chip.className}`}
    >
      <Icon name={chip.icon} className="size-4 shrink-0" />
      {t(chip.label)}
    </span>
  );
}
