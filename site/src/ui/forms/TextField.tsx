import { type ChangeEvent, type HTMLAttributes, useId } from "react";
import { Icon } from "../Icon.tsx";

interface TextFieldProps {
  name: string;
  label: string;
  /** Already translated; only the first message is shown. */
  error?: string;
  /** A hint under the label, e.g. the password rules. */
  description?: string;
  type?: "text" | "email" | "tel" | "password" | "search" | "url" | "time";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  autoFocus?: boolean;
  defaultValue?: string;
  /** Controlled use; without it the field keeps its own value (read through FormData). */
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

const CONTROL =
  "mt-1.5 block w-full rounded-xl border bg-surface px-3.5 py-2.5 text-base text-fg shadow-xs transition-colors placeholder:text-fg-muted/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60";

/** A labelled input or textarea with its hint and error underneath, wired for screen readers. */
export function TextField({
  name,
  label,
  error,
  description,
  type = "text",
  autoComplete,
  inputMode,
  multiline = false,
  rows = 6,
  maxLength,
  placeholder,
  required = false,
  autoFocus,
  defaultValue,
  value,
  onChange,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(" ");
  const shared = {
    id,
    name,
    required,
    maxLength,
    placeholder,
    autoFocus,
    defaultValue,
    value,
    onChange,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: `${CONTROL} ${
      error ? "border-error" : "border-border-strong/80 hover:border-fg-muted"
    }`,
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-fg">
        {label}
      </label>
      {description && <p id={descriptionId} className="mt-1 text-sm text-fg-muted">{description}
      </p>}
      {multiline
        ? (
          <textarea
            {...shared}
            rows={rows}
            // Links, one a line (type "url"), are not prose to spell-check or capitalise.
            spellCheck={type === "url" ? false : undefined}
            autoCapitalize={type === "url" ? "none" : undefined}
            className={`${shared.className} resize-y`}
          />
        )
        : (
          <input
            {...shared}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            spellCheck={type === "email" || type === "password" || type === "url"
              ? false
              : undefined}
            autoCapitalize={type === "email" || type === "url" ? "none" : undefined}
          />
        )}
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error">
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
