import { useId } from "react";
import { Icon } from "../ui/Icon.tsx";

interface TextFieldProps {
  name: string;
  label: string;
  /** Already translated; only the first message is shown. */
  error?: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}

const CONTROL =
  "mt-1.5 block w-full rounded-xl border bg-surface px-3.5 py-2.5 text-base text-fg shadow-xs transition-colors placeholder:text-fg-muted/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60";

/** A labelled input or textarea with its error underneath, wired for screen readers. */
export function TextField({
  name,
  label,
  error,
  type = "text",
  autoComplete,
  multiline = false,
  rows = 6,
  maxLength,
  required = false,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `${CONTROL} ${
      error ? "border-error" : "border-border-strong/80 hover:border-fg-muted"
    }`,
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-fg">
        {label}
      </label>
      {multiline
        ? <textarea {...shared} rows={rows} className={`${shared.className} resize-y`} />
        : <input {...shared} type={type} autoComplete={autoComplete} />}
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error">
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
