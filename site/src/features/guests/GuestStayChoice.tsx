import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { useStayChoices } from "./use-stay-choices.ts";

/**
 * The stay a new guest joins, among the property's: "Loading…", the failure with a retry, the way
 * to add a reservation when there is none, else the select.
 */
export function GuestStayChoice(
  { t, lang, load, onRetry, value, onChange, error }: {
    t: Translate;
    lang: Locale;
    load: ReturnType<typeof useStayChoices>["load"];
    onRetry: () => void;
    value: string;
    onChange: (code: string) => void;
    error?: string;
  },
) {
  if (load.status === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner />
        {t("guests.form.loadingStays")}
      </p>
    );
  }
  if (load.status === "failed") {
    return (
      <FormNotice
        tone="error"
        action={<Button variant="secondary" size="sm" onClick={onRetry}>{t("app.retry")}</Button>}
      >
        {t("guests.form.staysFailed", { reason: describeApiError(t, load.error) })}
      </FormNotice>
    );
  }
  if (load.stays.length === 0) {
    return (
      <FormNotice tone="info">
        {t("guests.form.noStays")}{" "}
        <a
          href={ROUTES.reservations}
          onClick={markNavigation}
          className="underline underline-offset-4"
        >
          {t("guests.form.noStaysLink")}
        </a>
      </FormNotice>
    );
  }
  return (
    <SelectField
      name="reservationCode"
      label={t("guests.form.stay")}
      description={t("guests.form.stayHint")}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      options={[
        ...(value ? [] : [{ value: "", label: t("guests.form.chooseStay") }]),
        ...load.stays.map((stay) => ({
          value: stay.code,
          label: [
            formatCalendarRange(stay.startDate, stay.endDate, lang),
            stay.accommodationUnit?.name,
            stay.code,
          ].filter(Boolean).join(" · "),
        })),
      ]}
    />
  );
}
