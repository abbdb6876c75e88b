import { type ChangeEvent, useId } from "react";
import { Icon } from "../Icon.tsx";

interface SelectFieldProps {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** Already translated. */
  error?: string;
  description?: string;
  required?: boolean;
}

/** A labelled native select (keyboard, screen readers and phone pickers for free). */
export function SelectField(
  { name, label, options, value, onChange, error, description, required = false }: SelectFieldProps,
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
      <div className="relative mt-1.5">
        <select
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`block w-full appearance-none rounded-xl border bg-surface py-2.5 pr-10 pl-3.5 text-base text-fg shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ${
            error ? "border-error" : "border-border-strong/80 hover:border-fg-muted"
          }`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
        <Icon
          name="chevronDown"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-fg-muted"
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error">
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
