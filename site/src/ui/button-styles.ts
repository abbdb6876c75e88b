/** The look of buttons and button-like links, in one place. */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "dangerSecondary";
export type ButtonSize = "md" | "sm";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-fg shadow-sm hover:bg-primary-hover disabled:hover:bg-primary",
  secondary:
    "border border-border-strong/50 bg-surface text-fg shadow-xs hover:bg-surface-muted disabled:hover:bg-surface",
  ghost: "text-primary hover:bg-primary-soft disabled:hover:bg-transparent",
  danger: "bg-error text-error-fg shadow-sm hover:opacity-90 disabled:hover:opacity-60",
  dangerSecondary:
    "border border-error/50 bg-surface text-error shadow-xs hover:bg-error-soft disabled:hover:bg-surface",
};

const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 px-5 py-2.5",
  sm: "min-h-9 px-3.5 py-1.5 text-sm mobile:min-h-11",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

/** A text link in running prose. */
export const TEXT_LINK =
  "rounded font-semibold text-primary underline-offset-4 hover:underline focus-visible:underline";

/** A text link standing alone on its line: as tall as a finger (44 px) however small its text. */
export const LONE_TEXT_LINK = `${TEXT_LINK} inline-flex min-h-11 items-center`;
