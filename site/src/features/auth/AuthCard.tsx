import type { ReactNode } from "react";
import type { IconName } from "../../icons/shapes.ts";
import { Icon } from "../../ui/Icon.tsx";

interface AuthCardProps {
  icon: IconName;
  title: string;
  intro?: ReactNode;
  /** Tone of the icon badge: a success or failure page colours it. */
  tone?: "primary" | "success" | "error";
  children?: ReactNode;
  /** Links under the card ("No account? Register"). */
  footer?: ReactNode;
}

const TONES = {
  primary: "bg-primary-soft text-primary-soft-fg",
  success: "bg-success-soft text-success-soft-fg",
  error: "bg-error-soft text-error-soft-fg",
} as const;

/** The card of a sign-in page: icon, the page's one heading, an introduction, then the form. */
export function AuthCard(
  { icon, title, intro, tone = "primary", children, footer }: AuthCardProps,
) {
  return (
    <>
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <span className={`grid size-12 place-items-center rounded-2xl ${TONES[tone]}`}>
          <Icon name={icon} className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {/* A long e-mail address in the text wraps inside the card on phones. */}
        {intro && <div className="mt-2 text-fg-muted [overflow-wrap:anywhere]">{intro}</div>}
        {children && <div className="mt-6">{children}</div>}
      </div>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-fg-muted">{footer}</div>}
    </>
  );
}
