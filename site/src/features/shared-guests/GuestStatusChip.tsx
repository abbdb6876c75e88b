import type { GuestStatus } from "@shared/enums.ts";
import type { IconName } from "../../icons/shapes.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Icon } from "../../ui/Icon.tsx";

/**
 * The guest statuses of spec section 4 ("PreCheck in (ready), Checked in, Checked out") and
 * Cancelled, each
 * with a colour, an icon and its name (never colour alone).
 */
const CHIPS: Record<GuestStatus, { label: TranslationKey; icon: IconName; className: string }> = {
  PreCheckIn: {
    label: "reservations.guestStatus.PreCheckIn",
    icon: "clipboard",
    className: "bg-info-soft text-info-soft-fg",
  },
  CheckedIn: {
    label: "reservations.guestStatus.CheckedIn",
    icon: "checkCircle",
    className: "bg-success-soft text-success-soft-fg",
  },
  CheckedOut: {
    label: "reservations.guestStatus.CheckedOut",
    icon: "logOut",
    className: "bg-secondary-soft text-secondary-soft-fg",
  },
  // Beside the spec's three: the registration was cancelled in eVisitor.
  Cancelled: {
    label: "reservations.guestStatus.Cancelled",
    icon: "close",
    className: "bg-warning-soft text-warning-soft-fg",
  },
};

export function GuestStatusChip({ t, status }: { t: Translate; status: GuestStatus }) {
  const chip = CHIPS[status] ?? CHIPS.PreCheckIn;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${chip.className}`}
    >
      <Icon name={chip.icon} className="size-4 shrink-0" />
      {t(chip.label)}
    </span>
  );
}
