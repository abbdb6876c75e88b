import type { Ref } from "react";
import { message } from "@shared/messages.ts";
import { Icon } from "./CheckinIcon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { PublicReservation } from "./checkin-api.ts";
import type { CheckinFailure } from "./checkin-errors.ts";
import type { Country } from "./countries.ts";
import { formatDay } from "./format.ts";
import type { GuestDraft } from "./guest-draft.ts";
import { useTranslator } from "./i18n-context.ts";
import { Notice } from "./Notice.tsx";

interface SummaryStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  alertRef: Ref<HTMLDivElement>;
  reservation: PublicReservation;
  drafts: GuestDraft[];
  countries: Country[] | undefined;
  terms: boolean;
  onTerms: (accepted: boolean) => void;
  termsError: boolean;
  sending: boolean;
  failure?: { kind: CheckinFailure; detail?: string };
  onRetry: () => void;
  onBackToGuests: () => void;
}

/** Step 3: who is checked in, the terms, and what went wrong with a send (each with retry). */
export function SummaryStep(props: SummaryStepProps) {
  const { t, lang, validation } = useTranslator();
  const { reservation, drafts, failure } = props;
  const countryName = (code: string) => props.countries?.find((c) => c.code === code)?.name ?? code;
  return (
    <div className="space-y-5">
      <div>
        <h1 ref={props.headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("summary.heading")}
        </h1>
        <p className="mt-1 text-fg-muted">
          {t("summary.intro", {
            start: formatDay(reservation.startDate, lang),
            end: formatDay(reservation.endDate, lang),
          })}
        </p>
      </div>

      <ul className="space-y-3">
        {drafts.map((draft, index) => {
          const v = draft.values;
          return (
            <li
              key={draft.key}
              className="rounded-2xl border border-border bg-surface p-4 shadow-xs"
            >
              <p className="flex items-center gap-2 font-bold">
                <span className="grid size-7 place-items-center rounded-full bg-primary-soft text-sm text-primary-soft-fg">
                  {index + 1}
                </span>
                {[v.firstName, v.middleName, v.surname].filter(Boolean).join(" ")}
              </p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
                <SummaryItem
                  label={t("field.dateOfBirth")}
                  value={formatDay(v.dateOfBirth, lang, "medium")}
                />
                <SummaryItem label={t("field.citizenship")} value={countryName(v.citizenship)} />
                <SummaryItem
                  label={t(`documentType.${Number(v.documentType) as 0 | 1 | 2 | 3 | 4}`)}
                  value={v.documentNumber}
                />
                <SummaryItem
                  label={t("field.countryOfResidence")}
                  value={countryName(v.countryOfResidence)}
                />
                <SummaryItem label={t("field.cityOfResidence")} value={v.cityOfResidence} />
              </dl>
            </li>
          );
        })}
      </ul>

      <div>
        <label
          htmlFor="terms"
          className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-4 ${
            props.termsError ? "border-error bg-error-soft/40" : "border-border bg-surface"
          }`}
        >
          <input
            id="terms"
            type="checkbox"
            checked={props.terms}
            onChange={(event) => props.onTerms(event.target.checked)}
            required
            aria-required
            aria-invalid={props.termsError || undefined}
            aria-describedby={`terms-details${props.termsError ? " terms-error" : ""}`}
            className="mt-0.5 size-6 shrink-0 accent-primary"
          />
          <span className="font-semibold">{t("terms.label")}</span>
        </label>
        {props.termsError && (
          <p
            id="terms-error"
            className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error"
          >
            <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
            {validation(message("checkinTermsRequired"))}
          </p>
        )}
        <details className="mt-2 text-sm text-fg-muted">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
            {t("terms.more")}
          </summary>
          <p id="terms-details" className="mt-1">{t("terms.details")}</p>
        </details>
      </div>

      <div
        ref={props.alertRef}
        role="alert"
        tabIndex={-1}
        className="focus:outline-none empty:hidden"
      >
        {failure && !props.sending && (
          <Notice
            tone="error"
            detail={failure.detail}
            action={
              <>
                <button
                  type="button"
                  onClick={props.onRetry}
                  className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-error px-4 font-semibold text-error-fg"
                >
                  <Icon name="sync" className="size-5" />
                  {t("actions.retry")}
                </button>
                {(failure.kind === "conflict" || failure.kind === "tooManyGuests") && (
                  <button
                    type="button"
                    onClick={props.onBackToGuests}
                    className="inline-flex min-h-11 items-center rounded-xl border border-current/40 px-4 font-semibold"
                  >
                    {t("actions.editGuests")}
                  </button>
                )}
              </>
            }
          >
            {t(`checkinError.${failure.kind}`)}
          </Notice>
        )}
      </div>
      {props.sending && (
        <p role="status" className="flex items-center gap-2 font-semibold">
          <Spinner className="size-5" /> {t("processing.saving")}
        </p>
      )}
    </div>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-fg-muted">{label}:</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
