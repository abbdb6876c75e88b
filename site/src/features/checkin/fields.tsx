import type { HTMLAttributes, ReactNode } from "react";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

/** Ids of a field's parts, from one base id: the control, its error, its hint, its "check this". */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint`, check: `${id}-check` };
}

/**
 * The look of every input; prefilled ones (from the scanned document) are tinted until edited,
 * those to check against the document have a thick amber frame (and a message, not colour alone).
 */
export function controlClass(error: boolean, prefilled: boolean, toCheck = false): string {
  const border = error
    ? "border-error"
    : toCheck
    ? "border-warning ring-2 ring-warning"
    : prefilled
    ? "border-info bg-info-soft/50"
    : "border-border-strong/80 hover:border-fg-muted";
  return `block min-h-11 w-full rounded-xl border ${
    prefilled && !error ? "" : "bg-surface"
  } px-3.5 py-2.5 text-base text-fg shadow-xs transition-colors placeholder:text-fg-muted/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 ${border}`;
}

interface FieldFrameProps {
  id: string;
  label: string;
  /** Already translated. */
  error?: string;
  hint?: string;
  optional?: boolean;
  prefilled?: boolean;
  /** The label's id, for controls that name themselves with aria-labelledby. */
  labelId?: string;
  /**
   * Present while the field, read from the document without certainty, waits for the guest to
   * check it: the field asks for it and offers "Checked", which calls this.
   */
  onChecked?: () => void;
  children: ReactNode;
}

/** Label, hint, control and error of one field, wired for screen readers. */
export function FieldFrame(
  { id, label, error, hint, optional, prefilled, labelId, onChecked, children }: FieldFrameProps,
) {
  const { t } = useTranslator();
  const ids = fieldIds(id);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <label id={labelId} htmlFor={id} className="block text-sm font-semibold text-fg">
          {label}
          {optional && (
            <span className="font-normal text-fg-muted">{` ${t("field.optional")}`}</span>
          )}
        </label>
        {prefilled && (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-info-soft-fg">
            <Icon name="sparkles" className="size-3.5" />
            {t("scan.prefilled")}
          </span>
        )}
      </div>
      {hint && <p id={ids.hint} className="mt-1 text-sm text-fg-muted">{hint}</p>}
      <div className="mt-1.5">{children}</div>
      {onChecked && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border-l-4 border-warning bg-warning-soft px-2.5 pt-1 pb-2 text-sm font-semibold text-warning-soft-fg">
          <p id={ids.check} className="flex items-start gap-1.5 py-1.5">
            <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
            <span>{t("scan.checkField")}</span>
          </p>
          <button
            type="button"
            onClick={() => {
              onChecked();
              // The button goes away: the keyboard stays on the field it confirmed.
              requestAnimationFrame(() => document.getElementById(id)?.focus());
            }}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-warning-soft-fg/40 bg-surface px-3 font-semibold text-fg hover:bg-surface-muted"
          >
            <Icon name="check" className="size-4" />
            {t("scan.checked")}
            <span className="sr-only">{`: ${label}`}</span>
          </button>
        </div>
      )}
      {error && (
        <p
          id={ids.error}
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error"
        >
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/**
 * aria-describedby and aria-invalid for a control with this hint and error, and whether it waits
 * to be checked against the document (invalid until it is: the step does not go on).
 */
export function describedBy(
  id: string,
  { error, hint, toCheck }: { error?: string; hint?: string; toCheck?: boolean },
) {
  const ids = fieldIds(id);
  const list = [hint && ids.hint, toCheck && ids.check, error && ids.error].filter(Boolean)
    .join(" ");
  return {
    "aria-describedby": list || undefined,
    "aria-invalid": error || toCheck ? true as const : undefined,
  };
}

interface InputFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  optional?: boolean;
  prefilled?: boolean;
  onChecked?: () => void;
  type?: "text" | "date" | "email" | "tel";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoCapitalize?: string;
  maxLength?: number;
  max?: string;
  min?: string;
}

export function InputField(props: InputFieldProps) {
  const { id, value, onChange, error, hint, optional, prefilled, onChecked, type = "text" } = props;
  const toCheck = !!onChecked;
  return (
    <FieldFrame {...props}>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={!optional}
        aria-required={!optional || undefined}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        autoCapitalize={props.autoCapitalize}
        spellCheck={false}
        maxLength={props.maxLength}
        max={props.max}
        min={props.min}
        {...describedBy(id, { error, hint, toCheck })}
        className={controlClass(!!error, !!prefilled, toCheck)}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string;
  hint?: string;
  prefilled?: boolean;
  onChecked?: () => void;
  disabled?: boolean;
}

/** A native select: phones show their own picker, keyboards and screen readers know it. */
export function SelectField(props: SelectFieldProps) {
  const { t } = useTranslator();
  const { id, value, onChange, options, error, hint, prefilled, onChecked, disabled } = props;
  const toCheck = !!onChecked;
  return (
    <FieldFrame {...props}>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          aria-required
          disabled={disabled}
          {...describedBy(id, { error, hint, toCheck })}
          className={`${controlClass(!!error, !!prefilled, toCheck)} appearance-none pr-10`}
        >
          <option value="" disabled>{t("select.placeholder")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
        <Icon
          name="chevronDown"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-fg-muted"
        />
      </div>
    </FieldFrame>
  );
}
