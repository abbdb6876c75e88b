import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { checkInLinkOf, mailShareUrl, whatsAppShareUrl } from "./check-in-link.ts";

interface ShareStayLinksProps {
  t: Translate;
  lang: Locale;
  reservation: Reservation;
}

/**
 * The stay's check-in link for its guests (spec section 2): shown, and shared by copying it, by
 * WhatsApp or by e-mail, each with a short message naming the place and the dates.
 */
export function ShareStayLinks({ t, lang, reservation }: ShareStayLinksProps) {
  const link = checkInLinkOf(reservation.code);
  const unit = reservation.accommodationUnit;
  const message = t("reservations.share.message", {
    place: unit?.property?.name ?? unit?.name ?? "",
    checkIn: formatCalendarDate(reservation.startDate, lang),
    checkOut: formatCalendarDate(reservation.endDate, lang),
    link,
  });

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      notify(t("reservations.share.copied"), { color: "success" });
    } catch {
      notify(t("reservations.share.copyFailed"), { color: "error" });
    }
  }

  return (
    <section aria-label={t("reservations.share.title")} className="rounded-xl bg-surface-muted p-4">
      <p className="text-sm font-semibold">{t("reservations.share.title")}</p>
      <p className="mt-0.5 text-sm text-fg-muted">{t("reservations.share.text")}</p>
      <p className="mt-2 font-mono text-sm break-all">{link}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row [&>*]:whitespace-nowrap sm:[&>*]:flex-auto">
        <Button variant="secondary" size="sm" onClick={copyLink}>
          <Icon name="copy" className="size-4" />
          {t("reservations.share.copy")}
        </Button>
        <a
          href={whatsAppShareUrl(message)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary", "sm")}
        >
          <Icon name="chat" className="size-4" />
          {t("reservations.share.whatsApp")}
          <span className="sr-only">{` (${t("reservations.share.newWindow")})`}</span>
        </a>
        <a
          href={mailShareUrl(t("reservations.share.subject", { code: reservation.code }), message)}
          className={buttonClass("secondary", "sm")}
        >
          <Icon name="mail" className="size-4" />
          {t("reservations.share.email")}
        </a>
      </div>
    </section>
  );
}
