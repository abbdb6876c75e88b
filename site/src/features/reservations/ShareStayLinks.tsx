import { useId, useState } from "react";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { notify } from "../../lib/state/snackbars.ts";
import {
  CHECKIN_LANGUAGES,
  type CheckinLanguage,
  LANGUAGE_NAMES,
} from "../../i18n/checkin/languages.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { mailShareUrl, whatsAppShareUrl } from "./check-in-link.ts";
import { lastShareLanguage, rememberShareLanguage, shareTexts } from "./share-messages.ts";

interface ShareStayLinksProps {
  t: Translate;
  lang: Locale;
  reservation: Reservation;
}

/**
 * The stay's check-in link for its guests (spec section 2): shown, and shared by copying it, by
 * WhatsApp or by e-mail, each with a short message naming the place and the dates. Both in the
 * guests' language, which the host picks (the last one picked comes first next time): the link
 * opens the check-in page in it.
 */
export function ShareStayLinks({ t, lang, reservation }: ShareStayLinksProps) {
  const [guestLang, setGuestLang] = useState<CheckinLanguage>(() => lastShareLanguage(lang));
  const selectId = useId();
  const unit = reservation.accommodationUnit;
  const { link, subject, message } = shareTexts(guestLang, {
    code: reservation.code,
    place: unit?.property?.name ?? unit?.name ?? "",
    startDate: reservation.startDate,
    endDate: reservation.endDate,
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
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold">
          {t("reservations.share.language")}
        </label>
        <select
          id={selectId}
          value={guestLang}
          onChange={(event) => {
            const next = event.target.value as CheckinLanguage;
            setGuestLang(next);
            rememberShareLanguage(next);
          }}
          className="min-h-10 rounded-lg border border-border-strong/80 bg-surface px-2.5 text-sm text-fg"
        >
          {CHECKIN_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>
          ))}
        </select>
      </div>
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
          href={mailShareUrl(subject, message)}
          className={buttonClass("secondary", "sm")}
        >
          <Icon name="mail" className="size-4" />
          {t("reservations.share.email")}
        </a>
      </div>
    </section>
  );
}
