import type { Translate } from "../../i18n/translate.ts";

/**
 * The name to show for a guest in the host's lists; once the guest's personal data was removed
 * after the retention period there is none, and the list says so instead of showing a blank.
 */
export function guestNameOf(
  t: Translate,
  guest: { surnameAndName: string; anonymisedAt?: string | null },
): string {
  return guest.anonymisedAt ? t("guests.dataRemoved") : guest.surnameAndName;
}
