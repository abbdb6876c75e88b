import { type FormEvent, useRef, useState } from "react";
import {
  FEEDBACK_CATEGORIES,
  type FeedbackCategory,
  FeedbackRequest,
} from "@shared/schemas/feedback.ts";
import { sendFeedback } from "../../lib/api/support.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { translateServerMessage } from "../../i18n/server-messages.ts";
import { FormAlert } from "../../ui/forms/FormAlert.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";

const FIELDS = ["category", "rating", "text"] as const;
type Field = (typeof FIELDS)[number];
const RATINGS = [1, 2, 3, 4, 5] as const;

interface FeedbackDialogProps {
  t: Translate;
  open: boolean;
  onClose: () => void;
}

/**
 * The host's feedback: a category, a rating from 1 to 5 (radio buttons, so arrow keys move between
 * them) and a message, checked with the shared schema and sent to POST /api/Support/feedback.
 */
export function FeedbackDialog({ t, open, onClose }: FeedbackDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [category, setCategory] = useState<FeedbackCategory>("idea");
  const [rating, setRating] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { errorOf, showClientErrors, showErrors, serverErrorsOf, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );

  function reset() {
    setCategory("idea");
    setRating(undefined);
    setFailure(undefined);
    clearErrors();
  }

  function focusField(field: Field | undefined) {
    if (!field) return;
    const target = field === "rating"
      ? formRef.current?.querySelector<HTMLElement>('input[name="rating"]')
      : formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    target?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("text") ?? "");
    const parsed = FeedbackRequest.safeParse({ category, rating, text });
    if (!parsed.success) {
      setFailure(undefined);
      focusField(showClientErrors(parsed.error));
      return;
    }
    clearErrors();
    setFailure(undefined);
    setBusy(true);
    try {
      await sendFeedback(parsed.data);
      notify(t("feedback.sent"), { color: "success" });
      reset();
      onClose();
    } catch (error) {
      const invalid = showErrors(serverErrorsOf(error));
      if (!invalid) {
        setFailure(t("feedback.failed"));
        requestAnimationFrame(() => alertRef.current?.focus());
      } else focusField(invalid);
    } finally {
      setBusy(false);
    }
  }

  const ratingError = errorOf("rating");
  return (
    <FormDialog
      t={t}
      open={open}
      title={t("feedback.title")}
      description={t("feedback.description")}
      submitLabel={t("feedback.send")}
      busyLabel={t("feedback.sending")}
      busy={busy}
      onSubmit={handleSubmit}
      onClose={onClose}
      formRef={formRef}
    >
      <FormAlert ref={alertRef} message={failure} />
      <SelectField
        name="category"
        label={t("feedback.category")}
        value={category}
        onChange={(event) => setCategory(event.target.value as FeedbackCategory)}
        options={FEEDBACK_CATEGORIES.map((value) => ({
          value,
          label: t(`feedback.category.${value}`),
        }))}
        error={errorOf("category")}
        required
      />
      <fieldset aria-describedby={ratingError ? "feedback-rating-error" : undefined}>
        <legend className="text-sm font-semibold text-fg">{t("feedback.rating")}</legend>
        <div className="mt-1.5 w-fit">
          <div className="flex gap-2">
            {RATINGS.map((value) => (
              <label
                key={value}
                className="grid size-11 cursor-pointer place-items-center rounded-xl border border-border-strong/80 bg-surface text-base font-semibold text-fg transition-colors hover:border-fg-muted has-checked:border-primary has-checked:bg-primary has-checked:text-primary-fg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  aria-label={t("feedback.ratingValue", { rating: value })}
                  aria-invalid={ratingError ? true : undefined}
                  className="sr-only"
                />
                <span aria-hidden="true">{value}</span>
              </label>
            ))}
          </div>
          <p className="mt-1.5 flex justify-between gap-4 text-xs text-fg-muted" aria-hidden="true">
            <span>{t("feedback.rating.1")}</span>
            <span>{t("feedback.rating.5")}</span>
          </p>
        </div>
        {ratingError && (
          <p
            id="feedback-rating-error"
            className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error"
          >
            <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
            <span>{ratingError}</span>
          </p>
        )}
      </fieldset>
      <TextField
        name="text"
        label={t("feedback.text")}
        multiline
        maxLength={4000}
        required
        error={errorOf("text")}
      />
    </FormDialog>
  );
}
