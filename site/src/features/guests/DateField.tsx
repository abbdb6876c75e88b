import { type ChangeEvent, useId } from "react";
import { Icon } from "../../ui/Icon.tsx";

interface DateFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Already translated. */
  error?: string;
  description?: string;
  required?: boolean;
  /** Latest day that can be chosen (YYYY-MM-DD). */
  max?: string;
  autoComplete?: string;
}

/**
 * A labelled native date input (the phone's own date wheel, typed digits on a keyboard) with its
 * hint and error underneath, wired for screen readers like the other fields.
 */
export function DateField(
  { name, label, value, onChange, error, description, required = false, max, autoComplete }:
    DateFieldProps,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-fg">{label}</label>
      {description && <p id={descriptionId} className="mt-1 text-sm text-fg-muted">{description}
      </p>}
      <input
        id={id}
        name={name}
        type="date"
        value={value}
        onChange={onChange}
        required={required}
        max={max}
        min="1900-01-01"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1.5 block w-full rounded-xl border bg-surface px-3.5 py-2.5 text-base text-fg shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ${
          error ? "border-error" : "border-border-strong/80 hover:border-fg-muted"
        }`}
      />
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error">
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
