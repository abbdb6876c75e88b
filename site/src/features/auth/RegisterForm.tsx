import { type FormEvent, useRef, useState } from "react";
import { RegisterForm as RegisterSchema } from "@shared/schemas/auth.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { register } from "../../lib/api/users.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { loginUrl, rememberReturnUrl, RETURN_PARAM } from "../../lib/session/return-url.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { NewPasswordFields } from "../../ui/forms/NewPasswordFields.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { TEXT_LINK } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { ResendConfirmation } from "./ResendConfirmation.tsx";
import { LegalAcceptanceField } from "./LegalAcceptanceField.tsx";

const FIELDS = ["email", "password", "confirmPassword", "acceptLegalDocuments"] as const;
type Field = (typeof FIELDS)[number];

/**
 * Registration with e-mail, password and its confirmation and the acceptance of the terms, the
 * privacy policy and the data-processing agreement, checked with the shared schema. On
 * success the form gives way to "check your e-mail": the link must be clicked before login.
 */
export function RegisterForm() {
  const { t, lang } = useTranslation();
  const { formRef, messageRef: alertRef, focusField } = useFieldFocus<Field>();
  const doneRef = useRef<HTMLDivElement>(null);
  const { errorOf, showErrors, showClientErrors, serverErrorsOf, clearErrors, recheck } =
    useFieldErrors(
      FIELDS,
      (message) => translateServerMessage(t, message),
    );
  const [failure, setFailure] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  /**
   * The address an invitation was sent to (issue 32), handed on in the fragment by the
   * invitation's page: the form starts with it, as the invitation asks to sign up with it.
   */
  const [invitedEmail] = useState(invitedEmailOfAddress);
  /** Where the visitor came from (e.g. a package's purchase page), to return after signing in. */
  const [returnUrl] = useState(() =>
    new URLSearchParams(location.search).get(RETURN_PARAM) ?? undefined
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RegisterSchema.safeParse(valuesOf(event.currentTarget));
    if (!parsed.success) {
      const invalid = showClientErrors(parsed.error);
      setFailure(undefined);
      focusField(invalid);
      return;
    }

    clearErrors();
    setFailure(undefined);
    setSubmitting(true);
    try {
      await register({
        email: parsed.data.email,
        password: parsed.data.password,
        acceptLegalDocuments: parsed.data.acceptLegalDocuments,
      });
      if (returnUrl) rememberReturnUrl(returnUrl);
      setRegisteredEmail(parsed.data.email);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      const found = serverErrorsOf(error);
      if (error instanceof ApiError && error.code === "DuplicateEmail" && !found.email) {
        found.email = [t("errorCode.DuplicateEmail")];
      }
      const invalid = showErrors(found);
      if (!invalid) {
        const unreachable = error instanceof ApiError && error.kind !== "http";
        setFailure(unreachable ? describeApiError(t, error) : t("register.failed"));
      }
      focusField(invalid);
    } finally {
      setSubmitting(false);
    }
  }

  /** Once a field shows an error, re-check it while the person corrects it. */
  function handleInput(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const name = (event.target as HTMLInputElement).name as Field;
    recheck(name, () => RegisterSchema.safeParse(valuesOf(form)));
  }

  if (registeredEmail) {
    return (
      <div ref={doneRef} role="status" tabIndex={-1} className="focus:outline-none">
        <AuthCard
          icon="mailCheck"
          tone="success"
          title={t("register.successTitle")}
          intro={t("register.successText", { email: registeredEmail })}
        >
          <div className="space-y-4">
            <p className="text-sm text-fg-muted">{t("register.successHint")}</p>
            <ResendConfirmation email={registeredEmail} />
            <GoToLoginLink t={t} returnTo={returnUrl} />
          </div>
        </AuthCard>
      </div>
    );
  }

  return (
    <AuthCard
      icon="rocket"
      title={t("register.heading")}
      intro={t("register.intro")}
      footer={
        <p>
          {t("register.haveAccount")}{" "}
          <a href={loginUrl(returnUrl)} onClick={markNavigation} className={TEXT_LINK}>
            {t("register.loginLink")}
          </a>
        </p>
      }
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        onInput={handleInput}
        className="space-y-5"
      >
        <FormAlert ref={alertRef} message={failure} />
        <TextField
          name="email"
          type="email"
          label={t("auth.email")}
          autoComplete="email"
          maxLength={254}
          required
          defaultValue={invitedEmail}
          error={errorOf("email")}
        />
        <NewPasswordFields
          name="password"
          label={t("auth.password")}
          confirmName="confirmPassword"
          confirmLabel={t("auth.confirmPassword")}
          errorOf={errorOf}
        />
        <LegalAcceptanceField t={t} lang={lang} error={errorOf("acceptLegalDocuments")} />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {isSubmitting ? t("register.submitting") : t("register.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

function valuesOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    email: text("email"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
    acceptLegalDocuments: data.get("acceptLegalDocuments") === "on",
  };
}

/** `#email=…` of the address (an invitation's), when it looks like one. */
function invitedEmailOfAddress(): string | undefined {
  const email = new URLSearchParams(location.hash.slice(1)).get("email")?.trim();
  return email && email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
}
