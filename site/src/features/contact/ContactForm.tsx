import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ContactMessage } from "@shared/schemas/contact-message.ts";
import { sendContactMessage } from "../../lib/api/support.ts";
import type { Locale } from "../../i18n/locales.ts";
import { translator } from "../../i18n/translate.ts";
import { translateValidation } from "../../i18n/validation.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { Spinner } from "../../ui/Spinner.tsx";

const FIELDS = ["firstName", "lastName", "email", "message"] as const;
type Field = (typeof FIELDS)[number];
type Status = "idle" | "sending" | "sent" | "failed";

interface ContactFormProps {
  lang: Locale;
  /** The signed-in host's address (in-app page); they can still change it. */
  defaultEmail?: string;
  /**
   * The signed-in host's name from their profile (in-app page), which arrives after the form is
   * shown: it fills the name fields still empty, and they can still change it.
   */
  defaultName?: string | null;
}

/**
 * The contact form (public `/kontakt` and in-app `/app/kontakt`). Validates with the
 * shared `ContactMessage` schema before sending, shows the server's field errors too,
 * and reports the outcome in a live region.
 */
export default function ContactForm({ lang, defaultEmail, defaultName }: ContactFormProps) {
  const t = translator(lang);
  const formRef = useRef<HTMLFormElement>(null);
  const honeyPotId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const { errorOf, showClientErrors, showServerErrors, clearErrors, recheck } = useFieldErrors(
    FIELDS,
    (message) => translateValidation(t, message),
  );

  // Until React has hydrated, a click would do nothing: the button says "Loading…" meanwhile.
  useEffect(() => setIsReady(true), []);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !defaultName) return;
    const { firstName, lastName } = splitName(defaultName);
    fillIfEmpty(form, "firstName", firstName);
    fillIfEmpty(form, "lastName", lastName);
  }, [defaultName]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ContactMessage.safeParse(valuesOf(form));
    if (!parsed.success) {
      const invalid = showClientErrors(parsed.error);
      setStatus("idle");
      focusField(form, invalid);
      return;
    }

    clearErrors();
    setStatus("sending");
    try {
      await sendContactMessage(parsed.data);
      form.reset();
      setStatus("sent");
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (error) {
      const invalid = showServerErrors(error);
      setStatus("failed");
      requestAnimationFrame(
        () => (invalid ? focusField(form, invalid) : alertRef.current?.focus()),
      );
    }
  }

  /** Once a field shows an error, re-check it while the person corrects it. */
  function handleInput(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const name = (event.target as HTMLInputElement).name as Field;
    recheck(name, () => ContactMessage.safeParse(valuesOf(form)));
  }

  const isSending = status === "sending";

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t("contactForm.label")}
      onSubmit={handleSubmit}
      onInput={handleInput}
      className="relative space-y-5"
    >
      <p className="text-sm text-fg-muted">{t("contactForm.allRequired")}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="firstName"
          label={t("contactForm.firstName")}
          autoComplete="given-name"
          maxLength={100}
          required
          error={errorOf("firstName")}
        />
        <TextField
          name="lastName"
          label={t("contactForm.lastName")}
          autoComplete="family-name"
          maxLength={100}
          required
          error={errorOf("lastName")}
        />
      </div>
      <TextField
        name="email"
        type="email"
        label={t("contactForm.email")}
        autoComplete="email"
        maxLength={254}
        required
        defaultValue={defaultEmail}
        error={errorOf("email")}
      />
      <TextField
        name="message"
        label={t("contactForm.message")}
        multiline
        rows={6}
        maxLength={5000}
        required
        error={errorOf("message")}
      />

      {/* Spam trap: off-screen, skipped by keyboard and screen readers; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] top-0 size-px overflow-hidden">
        <label htmlFor={honeyPotId}>{t("contactForm.honeyPot")}</label>
        <input
          id={honeyPotId}
          type="text"
          name="honeyPotEmail"
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          defaultValue=""
        />
      </div>

      <div ref={statusRef} role="status" tabIndex={-1} className="focus:outline-none">
        {status === "sent" && <FormNotice tone="success">{t("contactForm.success")}</FormNotice>}
      </div>
      <div ref={alertRef} role="alert" tabIndex={-1} className="focus:outline-none">
        {status === "failed" && <FormNotice tone="error">{t("contactForm.failure")}</FormNotice>}
      </div>

      <button
        type="submit"
        disabled={!isReady || isSending}
        className="inline-flex min-w-36 items-center justify-center gap-2 rounded-xl bg-primary px-6 py-3 font-semibold text-primary-fg shadow-sm transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:bg-primary"
      >
        {(!isReady || isSending) && <Spinner />}
        {!isReady
          ? t("contactForm.loading")
          : isSending
          ? t("contactForm.sending")
          : t("contactForm.submit")}
      </button>
    </form>
  );
}

function valuesOf(form: HTMLFormElement): Record<Field | "honeyPotEmail", string> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    message: text("message"),
    honeyPotEmail: text("honeyPotEmail"),
  };
}

function focusField(form: HTMLFormElement, field: Field | undefined) {
  if (field) form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
}

/** A full name as the form's two fields: the last word is the last name ("Ana Marija" "Horvat"). */
function splitName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words[words.length - 1] };
}

/** Fills a field the person has not typed in yet. */
function fillIfEmpty(form: HTMLFormElement, field: Field, value: string) {
  const input = form.querySelector<HTMLInputElement>(`[name="${field}"]`);
  if (input && !input.value && value) input.value = value;
}
