/**
 * A walk-in's stay request form: departure day, number of guests, an optional name and phone for
 * the host. Part of the walk-in chunk: like WalkInRequest.tsx it imports only types of the page's
 * modules and takes the rest from the kit.
 */
import { type FormEvent, type Ref, useRef, useState } from "react";
import { parseMessage } from "@shared/messages.ts";
import type { StayRequestCreated } from "@shared/schemas/stay-request.ts";
import { problemOf, statusOf } from "./walk-in-problem.ts";
import type { WalkInKit } from "./WalkInRequest.tsx";

/** A calendar date `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

interface Values {
  endDate: string;
  guestCount: string;
  name: string;
  phone: string;
}
type Errors = Partial<Record<keyof Values, string>>;

export function RequestForm(
  { kit, code, headingRef, onSent, onCancel }: {
    kit: WalkInKit;
    code: string;
    headingRef: Ref<HTMLHeadingElement>;
    onSent: (created: StayRequestCreated) => void;
    onCancel: () => void;
  },
) {
  const { translator: { t }, InputField, Spinner, send, maxNights } = kit;
  const [values, setValues] = useState<Values>({
    endDate: "",
    guestCount: "",
    name: "",
    phone: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  // Today in Zagreb, read when the form shows (a page left open past midnight reads it anew).
  const today = kit.today();
  const first = addDays(today, 1);
  const last = addDays(today, maxNights);

  /** A field's error goes once the guest changes it (it is checked again on sending). */
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => e[field] ? { ...e, [field]: undefined } : e);
  };

  function focusFirst(found: Errors) {
    const field = (["endDate", "guestCount", "name", "phone"] as const).find((f) => found[f]);
    if (field) requestAnimationFrame(() => document.getElementById(`walkin-${field}`)?.focus());
  }

  function check(): Errors {
    const found: Errors = {};
    if (!values.endDate || values.endDate < first || values.endDate > last) {
      found.endDate = t("walkin.error.departure", { max: maxNights });
    }
    if (!/^\d{1,2}$/.test(values.guestCount.trim()) || Number(values.guestCount) < 1) {
      found.guestCount = t("walkin.error.guests");
    }
    if (values.phone && !/^\+?[0-9 ()/-]*$/.test(values.phone)) {
      found.phone = t("walkin.error.phone");
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setAlert(undefined);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setSending(true);
    try {
      onSent(
        await send<StayRequestCreated>("/api/StayRequests", {
          method: "POST",
          body: {
            accommodationUnitCode: code,
            endDate: values.endDate,
            guestCount: Number(values.guestCount),
            ...(values.name.trim() ? { name: values.name.trim() } : {}),
            ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
          },
        }),
      );
    } catch (error) {
      const problem = problemOf(error);
      const fields = problem?.errors ?? {};
      const guests = parseMessage(fields.guestCount?.[0] ?? "");
      const capacity = guests?.code === "numberMax" ? guests.params?.max : undefined;
      const server: Errors = {
        ...(fields.endDate && statusOf(error) === 400
          ? { endDate: t("walkin.error.departure", { max: maxNights }) }
          : {}),
        ...(fields.guestCount
          ? {
            guestCount: capacity
              ? t("walkin.error.capacity", { max: capacity })
              : t("walkin.error.guests"),
          }
          : {}),
      };
      if (Object.keys(server).length > 0) {
        setErrors(server);
        focusFirst(server);
      } else {
        const refusal = problem?.code;
        setAlert(
          refusal === "ReservationOverlap"
            ? t("walkin.error.taken")
            : refusal === "StayRequestLimit"
            ? t("walkin.error.waiting")
            : t("walkin.error.failed"),
        );
        requestAnimationFrame(() => alertRef.current?.focus());
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("walkin.form.heading")}
        </h1>
        <p className="mt-1 text-fg-muted">{t("walkin.form.intro")}</p>
      </div>
      {alert && (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl bg-error-soft p-4 text-error-soft-fg focus:outline-none"
        >
          {alert}
        </p>
      )}
      <div className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:grid-cols-2 sm:p-6">
        <InputField
          id="walkin-endDate"
          label={t("walkin.field.departure")}
          type="date"
          min={first}
          max={last}
          value={values.endDate}
          onChange={set("endDate")}
          error={errors.endDate}
        />
        <InputField
          id="walkin-guestCount"
          label={t("walkin.field.guests")}
          inputMode="numeric"
          maxLength={2}
          value={values.guestCount}
          onChange={set("guestCount")}
          error={errors.guestCount}
        />
        <InputField
          id="walkin-name"
          label={t("walkin.field.name")}
          optional
          autoComplete="name"
          maxLength={100}
          value={values.name}
          onChange={set("name")}
          hint={t("walkin.field.contactHint")}
        />
        <InputField
          id="walkin-phone"
          label={t("walkin.field.phone")}
          optional
          type="tel"
          autoComplete="tel"
          maxLength={30}
          value={values.phone}
          onChange={set("phone")}
          error={errors.phone}
        />
      </div>
      <div className="flex flex-wrap-reverse gap-3 border-t border-border pt-5 sm:flex-nowrap">
        <button
          type="button"
          onClick={onCancel}
          disabled={sending}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl border border-border-strong/50 bg-surface px-5 font-semibold hover:bg-surface-muted disabled:opacity-60 sm:flex-none"
        >
          {t("walkin.cancel")}
        </button>
        <span className="hidden flex-1 sm:block" />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          className="inline-flex min-h-11 w-full flex-1 items-center justify-center gap-2 rounded-xl bg-primary px-6 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover disabled:opacity-60 sm:w-auto sm:flex-none"
        >
          {sending && <Spinner />}
          {t("walkin.submit")}
        </button>
      </div>
    </form>
  );
}
