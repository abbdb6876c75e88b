import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button-styles.ts";
import { Spinner } from "./Spinner.tsx";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button; the label should say what is happening. */
  busy?: boolean;
  children: ReactNode;
}

/** A button in one of the site's styles; `type="button"` unless told otherwise. */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  disabled,
  className = "",
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant, size)} ${className}`}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
