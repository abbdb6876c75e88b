import type { HTMLAttributes, ReactNode } from "react";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

/** Ids of a field's parts, from one base id: the control, its error and its hint. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint` };
}

/** The look of every input; prefilled ones (from the scanned document) are tinted until edited. */
export function controlClass(error: boolean, prefilled: boolean): string {
  const border = error
    ? "border-error"
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
  children: ReactNode;
}

/** Label, hint, control and error of one field, wired for screen readers. */
export function FieldFrame(
  { id, label, error, hint, optional, prefilled, labelId, children }: FieldFrameProps,
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

/** aria-describedby and aria-invalid for a control with this hint and error. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: string }) {
  const ids = fieldIds(id);
  const list = [hint && ids.hint, error && ids.error].filter(Boolean).join(" ");
  return {
    "aria-describedby": list || undefined,
    "aria-invalid": error ? true as const : undefined,
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
  type?: "text" | "date" | "email" | "tel";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoCapitalize?: string;
  maxLength?: number;
  max?: string;
  min?: string;
}

export function InputField(props: InputFieldProps) {
  const { id, value, onChange, error, hint, optional, prefilled, type = "text" } = props;
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
        {...describedBy(id, { error, hint })}
        className={controlClass(!!error, !!prefilled)}
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
  disabled?: boolean;
}

/** A native select: phones show their own picker, keyboards and screen readers know it. */
export function SelectField(props: SelectFieldProps) {
  const { t } = useTranslator();
  const { id, value, onChange, options, error, hint, prefilled, disabled } = props;
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
          {...describedBy(id, { error, hint })}
          className={`${controlClass(!!error, !!prefilled)} appearance-none pr-10`}
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
