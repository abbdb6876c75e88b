import { type FormEvent, useRef, useState } from "react";
import { ResetPasswordForm as ResetSchema } from "@shared/schemas/auth.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { resetPassword } from "../../lib/api/users.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { NewPasswordFields } from "../../ui/forms/NewPasswordFields.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass, LONE_TEXT_LINK } from "../../ui/button-styles.ts";
import { AuthCard } from "./AuthCard.tsx";
import { AuthFrame } from "./AuthFrame.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { pathParameters } from "./link-parameters.ts";

const FIELDS = ["newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

/** /app/resetiraj-lozinku/{code} (spec section 2): the link of the reset e-mail. */
export default function ResetPasswordPage() {
  return (
    <AuthFrame titleKey="resetPassword.title" descriptionKey="resetPassword.description">
      <ResetPasswordForm />
    </AuthFrame>
  );
}

/** New password and its confirmation; the code comes from the link. */
function ResetPasswordForm() {
  const { t } = useTranslation();
  const [code] = useState(() => pathParameters(ROUTES.resetPassword, 1)?.[0]);
  const { formRef, messageRef: alertRef, focusField } = useFieldFocus<Field>();
  const doneRef = useRef<HTMLDivElement>(null);
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [failure, setFailure] = useState<string>();
  const [isLinkInvalid, setLinkInvalid] = useState(code === undefined);
  const [isDone, setDone] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      newPassword: String(data.get("newPassword") ?? ""),
      confirmPassword: String(data.get("confirmPassword") ?? ""),
    };
    const parsed = ResetSchema.safeParse(values);
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
      await resetPassword({ resetCode: code ?? "", newPassword: parsed.data.newPassword });
      setDone(true);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      if (error instanceof ApiError && error.code === "InvalidToken") {
        setLinkInvalid(true);
        return;
      }
      const invalid = showServerErrors(error);
      if (!invalid) setFailure(describeApiError(t, error));
      focusField(invalid);
    } finally {
      setSubmitting(false);
    }
  }

  if (isLinkInvalid) {
    return (
      <div role="alert">
        <AuthCard
          icon="alertCircle"
          tone="error"
          title={t("resetPassword.invalidTitle")}
          intro={t("errorCode.InvalidToken")}
        >
          <a
            href={ROUTES.forgotPassword}
            onClick={markNavigation}
            className={`${buttonClass("primary")} w-full`}
          >
            {t("resetPassword.requestNewLink")}
          </a>
        </AuthCard>
      </div>
    );
  }

  if (isDone) {
    return (
      <div ref={doneRef} role="status" tabIndex={-1} className="focus:outline-none">
        <AuthCard
          icon="checkCircle"
          tone="success"
          title={t("resetPassword.doneTitle")}
          intro={t("resetPassword.doneText")}
        >
          <GoToLoginLink t={t} />
        </AuthCard>
      </div>
    );
  }

  return (
    <AuthCard
      icon="lock"
      title={t("resetPassword.heading")}
      intro={t("resetPassword.intro")}
      footer={
        <p>
          <a href={ROUTES.login} onClick={markNavigation} className={LONE_TEXT_LINK}>
            {t("auth.backToLogin")}
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
        <FormAlert ref={alertRef} message={failure} />
        <NewPasswordFields
          name="newPassword"
          label={t("auth.newPassword")}
          confirmName="confirmPassword"
          confirmLabel={t("auth.confirmPassword")}
          errorOf={errorOf}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {isSubmitting ? t("resetPassword.submitting") : t("resetPassword.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
