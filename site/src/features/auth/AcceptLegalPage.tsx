import { type FormEvent, useEffect, useRef, useState } from "react";
import { LEGAL_DOCUMENTS } from "@shared/legal/documents.ts";
import type { LegalConsents } from "@shared/schemas/legal-consent.ts";
import { acceptLegalDocuments, getLegalConsents } from "../../lib/api/legal.ts";
import { navigateTo } from "../../lib/navigation/follow-link.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import {
  currentLocation,
  loginUrl,
  RETURN_PARAM,
  safeReturnUrl,
} from "../../lib/session/return-url.ts";
import { signOut } from "../../lib/session/sign-out.ts";
import { readStoredUser } from "../../lib/session/stored-session.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { LegalLink } from "./LegalLink.tsx";

/** /app/prihvacanje-uvjeta: after sign-in, the legal documents with a version not yet accepted. */
export default function AcceptLegalPage() {
  return (
    <AuthFrame titleKey="consents.title" descriptionKey="consents.intro">
      <AcceptLegal />
    </AuthFrame>
  );
}

/**
 * Blocks the way on until the host accepts the new versions or signs out. With nothing pending (or
 * accepted in another tab) it goes straight on to the return address.
 */
function AcceptLegal() {
  const { t, lang } = useTranslation();
  const alertRef = useRef<HTMLDivElement>(null);
  const [consents, setConsents] = useState<LegalConsents | "failed">();
  const [attempt, setAttempt] = useState(0);
  const [checkboxError, setCheckboxError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<"accept" | "signOut">();
  const [returnUrl] = useState(() =>
    safeReturnUrl(new URLSearchParams(location.search).get(RETURN_PARAM))
  );

  useEffect(() => {
    if (!readStoredUser()) {
      location.replace(loginUrl(currentLocation()));
      return;
    }
    const controller = new AbortController();
    getLegalConsents(controller.signal)
      .then((found) => {
        if (found.pending.length === 0) navigateTo(returnUrl, { replace: true });
        else setConsents(found);
      })
      .catch(() => !controller.signal.aborted && setConsents("failed"));
    return () => controller.abort();
  }, [attempt, returnUrl]);

  if (consents === undefined) return <LoadingState t={t} />;
  if (consents === "failed") {
    return (
      <AuthCard icon="alertTriangle" tone="error" title={t("consents.loadFailed")}>
        <Button onClick={() => setAttempt((value) => value + 1)} className="w-full">
          {t("app.retry")}
        </Button>
      </AuthCard>
    );
  }
  const pending = consents.pending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checkbox = form.elements.namedItem("acceptPending") as HTMLInputElement;
    if (!checkbox.checked) {
      setCheckboxError(t("validation.legalAcceptanceRequired"));
      checkbox.focus();
      return;
    }
    setCheckboxError(undefined);
    setFailure(undefined);
    setBusy("accept");
    try {
      await acceptLegalDocuments({
        documents: pending.map(({ document, version }) => ({ document, version })),
      });
      navigateTo(returnUrl, { replace: true });
    } catch {
      setBusy(undefined);
      setFailure(t("consents.failed"));
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  async function handleSignOut() {
    setBusy("signOut");
    await signOut();
  }

  return (
    <AuthCard icon="shieldCheck" title={t("consents.title")} intro={t("consents.intro")}>
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <FormAlert ref={alertRef} message={failure} />
        <ul className="space-y-3" aria-label={t("consents.title")}>
          {pending.map((item) => (
            <li key={item.document} className="rounded-xl border border-border bg-surface p-3.5">
              <LegalLink kind={item.document} lang={lang}>{t(`legal.${item.document}`)}</LegalLink>
              <p className="mt-1 text-sm text-fg-muted">
                {t("consents.item", {
                  version: item.version,
                  date: formatCalendarDate(LEGAL_DOCUMENTS[item.document].effectiveDate, lang),
                })}
                {item.acceptedVersion &&
                  ` · ${t("consents.previous", { version: item.acceptedVersion })}`}
              </p>
            </li>
          ))}
        </ul>
        <div>
          <label
            htmlFor="acceptPending"
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3.5 ${
              checkboxError ? "border-error bg-error-soft/40" : "border-border bg-surface"
            }`}
          >
            <input
              id="acceptPending"
              name="acceptPending"
              type="checkbox"
              required
              aria-invalid={checkboxError ? true : undefined}
              aria-describedby={checkboxError ? "acceptPending-error" : undefined}
              onChange={() => setCheckboxError(undefined)}
              className="mt-0.5 size-6 shrink-0 accent-primary"
            />
            <span className="font-semibold">{t("consents.checkbox")}</span>
          </label>
          {checkboxError && (
            <p
              id="acceptPending-error"
              className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error"
            >
              <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
              <span>{checkboxError}</span>
            </p>
          )}
        </div>
        <div className="flex flex-col gap-3">
          <Button type="submit" busy={busy === "accept"} disabled={busy !== undefined}>
            {busy === "accept" ? t("consents.accepting") : t("consents.accept")}
          </Button>
          <Button
            variant="secondary"
            onClick={handleSignOut}
            busy={busy === "signOut"}
            disabled={busy !== undefined}
          >
            {t("consents.signOut")}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
