import { type FormEvent, useRef, useState } from "react";
import { EmailRequest } from "@shared/schemas/auth.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { forgotPassword } from "../../lib/api/users.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Button } from "../../ui/Button.tsx";
import { LONE_TEXT_LINK } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";

/** /app/zaboravljena-lozinka (spec section 2). */
export default function ForgotPasswordPage() {
  return (
    <AuthFrame titleKey="forgotPassword.title" descriptionKey="forgotPassword.description">
      <ForgotPasswordForm />
    </AuthFrame>
  );
}

/**
 * Sends the reset e-mail. The answer is always the same neutral message (spec section 8), so the
 * page never tells whether an address has an account; only an unreachable server is reported.
 */
function ForgotPasswordForm() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isSent, setSent] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = EmailRequest.safeParse({ email: String(data.get("email") ?? "") });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      setFailure(undefined);
      formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
      return;
    }
    setEmailError(undefined);
    setFailure(undefined);
    setSubmitting(true);
    try {
      await forgotPassword(parsed.data.email);
      setSent(true);
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (error) {
      // A 4xx still says nothing about the address; only a failure to deliver the request is told.
      const delivered = error instanceof ApiError && error.kind === "http" && error.status < 500;
      if (delivered) {
        setSent(true);
        requestAnimationFrame(() => statusRef.current?.focus());
      } else {
        setFailure(describeApiError(t, error));
        requestAnimationFrame(() => alertRef.current?.focus());
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      icon="key"
      title={t("forgotPassword.heading")}
      intro={t("forgotPassword.intro")}
      footer={
        <p>
          <a href={ROUTES.login} onClick={markNavigation} className={LONE_TEXT_LINK}>
            {t("auth.backToLogin")}
          </a>
        </p>
      }
    >
      <div className="space-y-5">
        <div
          ref={statusRef}
          role="status"
          tabIndex={-1}
          className="focus:outline-none empty:hidden"
        >
          {isSent && <FormNotice tone="success">{t("forgotPassword.sent")}</FormNotice>}
        </div>
        <FormAlert ref={alertRef} message={failure} />
        <form
          ref={formRef}
          noValidate
          onSubmit={handleSubmit}
          className="space-y-5"
        >
          <TextField
            name="email"
            type="email"
            label={t("auth.email")}
            autoComplete="email"
            maxLength={254}
            required
            error={emailError ? translateServerMessage(t, emailError) : undefined}
          />
          <Button type="submit" busy={isSubmitting} className="w-full">
            {isSubmitting ? t("forgotPassword.submitting") : t("forgotPassword.submit")}
          </Button>
        </form>
      </div>
    </AuthCard>
  );
}
