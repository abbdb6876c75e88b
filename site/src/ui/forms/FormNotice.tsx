import type { ReactNode } from "react";
import { Icon } from "../Icon.tsx";

interface FormNoticeProps {
  tone: "success" | "error" | "info" | "warning";
  children: ReactNode;
  /** Further content under the message, e.g. a button. */
  action?: ReactNode;
}

const TONES = {
  success: {
    icon: "checkCircle",
    className: "border-success/30 bg-success-soft text-success-soft-fg",
  },
  error: { icon: "alertCircle", className: "border-error/30 bg-error-soft text-error-soft-fg" },
  info: { icon: "info", className: "border-info/30 bg-info-soft text-info-soft-fg" },
  warning: {
    icon: "alertCircle",
    className: "border-warning/30 bg-warning-soft text-warning-soft-fg",
  },
} as const;

/** The outcome of a form submission, shown inside a live region by the form. */
export function FormNotice({ tone, children, action }: FormNoticeProps) {
  const { icon, className } = TONES[tone];
  return (
    <div className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 ${className}`}>
      <Icon name={icon} className="mt-px size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{children}</p>
        {action && <div className="mt-2">{action}</div>}
      </div>
    </div>
  );
}
