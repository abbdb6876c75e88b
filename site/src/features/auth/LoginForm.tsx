import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { LoginRequest } from "@shared/schemas/auth.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { login } from "../../lib/api/users.ts";
import { fieldErrorsFromZod, firstFieldWithError } from "../../lib/forms/field-errors.ts";
import { markNavigation, navigateTo } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import {
  EXPIRED_PARAM,
  forgetReturnUrl,
  homePageOf,
  registerUrl,
  rememberedReturnUrl,
  RETURN_PARAM,
  safeReturnUrl,
} from "../../lib/session/return-url.ts";
import { startSession } from "../../lib/session/sign-in.ts";
import { readStoredUser } from "../../lib/session/stored-session.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { LONE_TEXT_LINK, TEXT_LINK } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { ResendConfirmation } from "./ResendConfirmation.tsx";
import { TermsNotice } from "./TermsNotice.tsx";
import { destinationAfterSignIn } from "../../lib/session/after-sign-in.ts";

const FIELDS = ["email", "password", "twoFactorCode", "twoFactorRecoveryCode"] as const;
type Field = (typeof FIELDS)[number];
type Step = "credentials" | "twoFactor";

interface Notice {
  tone: "error" | "warning" | "info";
  text: string;
  action?: ReactNode;
}

/**
 * Sign in with e-mail and password; when the account uses two-factor sign-in, a second step asks
 * for the authenticator code (or a recovery code) and resubmits with the same credentials. Then
 * the session is stored and the remembered page (or the Dashboard) opens.
 */
export function LoginForm() {
  const { t, lang } = useTranslation();
  const { formRef, messageRef: alertRef, focusField } = useFieldFocus<Field>();
  const params = new URLSearchParams(location.search);
  const [step, setStep] = useState<Step>("credentials");
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [credentials, setCredentials] = useState({ email: "", password: "" });
  const { errorOf, showErrors, serverErrorsOf, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [notice, setNotice] = useState<Notice | undefined>(() =>
    params.has(EXPIRED_PARAM)
      ? { tone: "info", text: t("errorCode.InvalidRefreshToken") }
      : undefined
  );
  const [isSubmitting, setSubmitting] = useState(false);
  // The address's returnUrl, or the one registration remembered before the e-mail detour.
  const asked = params.get(RETURN_PARAM) ?? rememberedReturnUrl();
  const returnUrl = safeReturnUrl(asked);
  /** The page asked for, else the signed-in user's home (administrators: the admin area). */
  const destination = () => asked ? returnUrl : homePageOf(readStoredUser()?.account);

  // Already signed in (e.g. the back button): straight on.
  useEffect(() => {
    if (readStoredUser()) navigateTo(destination(), { replace: true });
  }, [returnUrl]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const current = step === "credentials"
      ? { email: text("email").trim(), password: text("password") }
      : credentials;
    const secondFactor = step !== "twoFactor"
      ? {}
      : useRecoveryCode
      ? { twoFactorRecoveryCode: text("twoFactorRecoveryCode").trim() }
      : { twoFactorCode: text("twoFactorCode").replace(/\s/g, "") };

    const parsed = LoginRequest.safeParse({ ...current, ...secondFactor });
    const found = parsed.success ? {} : fieldErrorsFromZod(parsed.error, FIELDS);
    const codeField: Field = useRecoveryCode ? "twoFactorRecoveryCode" : "twoFactorCode";
    if (step === "twoFactor" && !Object.values(secondFactor)[0]) {
      found[codeField] = [t("validation.required")];
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      const invalid = showErrors(found);
      setNotice(undefined);
      focusField(invalid);
      return;
    }

    clearErrors();
    setNotice(undefined);
    setCredentials(current);
    setSubmitting(true);
    try {
      await startSession(await login(parsed.data));
      forgetReturnUrl();
      navigateTo(await destinationAfterSignIn(destination()));
      // The button keeps spinning until the next page shows.
    } catch (error) {
      setSubmitting(false);
      handleFailure(error, current.email);
    }
  }

  function handleFailure(error: unknown, email: string) {
    const code = error instanceof ApiError ? error.code : undefined;
    if (code === "RequiresTwoFactor") {
      setStep("twoFactor");
      focusField(useRecoveryCode ? "twoFactorRecoveryCode" : "twoFactorCode");
      return;
    }
    if (code === "InvalidTwoFactorCode") {
      const field: Field = useRecoveryCode ? "twoFactorRecoveryCode" : "twoFactorCode";
      showErrors({ [field]: [t("errorCode.InvalidTwoFactorCode")] });
      focusField(field);
      return;
    }
    if (code === "InvalidCredentials") {
      setStep("credentials");
      setNotice({ tone: "error", text: t("login.failed") });
    } else if (code === "EmailNotConfirmed") {
      setNotice({
        tone: "warning",
        text: t("errorCode.EmailNotConfirmed"),
        action: <ResendConfirmation email={email} />,
      });
    } else if (code === "LockedOut" || (error instanceof ApiError && error.status === 429)) {
      const seconds = (error as ApiError).retryAfterSeconds;
      const text = seconds === undefined
        ? t("errorCode.LockedOut")
        : translatePlural(lang, "login.lockedOut", Math.max(1, Math.ceil(seconds / 60)));
      setNotice({ tone: "error", text });
    } else {
      const fieldErrors = serverErrorsOf(error);
      const invalid = firstFieldWithError(fieldErrors, FIELDS);
      if (invalid) {
        showErrors(fieldErrors);
        focusField(invalid);
        return;
      }
      setNotice({ tone: "error", text: describeApiError(t, error) });
    }
    focusField(undefined);
  }

  function backToCredentials() {
    setStep("credentials");
    clearErrors();
    setNotice(undefined);
    setUseRecoveryCode(false);
  }

  const isTwoFactor = step === "twoFactor";
  return (
    <AuthCard
      icon={isTwoFactor ? "shieldCheck" : "user"}
      title={isTwoFactor ? t("login.twoFactorTitle") : t("login.heading")}
      intro={isTwoFactor
        ? (useRecoveryCode ? t("login.recoveryIntro") : t("login.twoFactorIntro"))
        : t("login.intro")}
      footer={
        <p>
          {t("login.noAccount")}{" "}
          <a
            href={registerUrl(params.get(RETURN_PARAM) ?? undefined)}
            onClick={markNavigation}
            className={TEXT_LINK}
          >
            {t("login.registerLink")}
          </a>
        </p>
      }
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        <FormAlert
          ref={alertRef}
          message={notice?.text}
          tone={notice?.tone}
          action={notice?.action}
        />

        {isTwoFactor
          ? (
            <>
              <p className="text-sm text-fg-muted">
                {t("login.signingInAs")}{" "}
                <span className="font-semibold break-all text-fg">{credentials.email}</span>
              </p>
              {useRecoveryCode
                ? (
                  <TextField
                    key="recovery"
                    name="twoFactorRecoveryCode"
                    label={t("login.recoveryCode")}
                    autoComplete="off"
                    maxLength={64}
                    required
                    autoFocus
                    error={errorOf("twoFactorRecoveryCode")}
                  />
                )
                : (
                  <TextField
                    key="code"
                    name="twoFactorCode"
                    label={t("login.twoFactorCode")}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={16}
                    required
                    autoFocus
                    error={errorOf("twoFactorCode")}
                  />
                )}
              <button
                type="button"
                onClick={() => {
                  setUseRecoveryCode(!useRecoveryCode);
                  clearErrors();
                }}
                className={`${LONE_TEXT_LINK} text-sm`}
              >
                {useRecoveryCode ? t("login.useAuthenticator") : t("login.useRecoveryCode")}
              </button>
            </>
          )
          : (
            <>
              <TextField
                name="email"
                type="email"
                label={t("auth.email")}
                autoComplete="username"
                maxLength={254}
                required
                defaultValue={credentials.email}
                error={errorOf("email")}
              />
              <div>
                <TextField
                  name="password"
                  type="password"
                  label={t("auth.password")}
                  autoComplete="current-password"
                  maxLength={128}
                  required
                  error={errorOf("password")}
                />
                <p className="mt-0.5 text-right text-sm">
                  <a
                    href={ROUTES.forgotPassword}
                    onClick={markNavigation}
                    className={LONE_TEXT_LINK}
                  >
                    {t("login.forgotPassword")}
                  </a>
                </p>
              </div>
            </>
          )}

        <Button type="submit" busy={isSubmitting} className="w-full">
          {isSubmitting
            ? t("login.submitting")
            : isTwoFactor
            ? t("login.verify")
            : t("login.submit")}
        </Button>
        {isTwoFactor && (
          <Button variant="ghost" className="w-full" onClick={backToCredentials}>
            {t("login.back")}
          </Button>
        )}
        {!isTwoFactor && <TermsNotice t={t} lang={lang} textKey="login.terms" />}
      </form>
    </AuthCard>
  );
}
