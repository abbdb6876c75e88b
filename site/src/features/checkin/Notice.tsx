import type { ReactNode } from "react";
import { Icon } from "./CheckinIcon.tsx";

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

/** A message in a tinted box, with what to do under it. */
export function Notice(
  { tone, children, detail, action }: {
    tone: keyof typeof TONES;
    children: ReactNode;
    detail?: ReactNode;
    action?: ReactNode;
  },
) {
  const { icon, className } = TONES[tone];
  return (
    <div className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 ${className}`}>
      <Icon name={icon} className="mt-px size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{children}</p>
        {detail && <div className="mt-1 text-sm">{detail}</div>}
        {action && <div className="mt-3 flex flex-wrap gap-2">{action}</div>}
      </div>
    </div>
  );
}
