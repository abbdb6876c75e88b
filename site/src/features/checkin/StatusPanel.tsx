import type { ReactNode, Ref } from "react";
import { Icon } from "./CheckinIcon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { CheckinIconName } from "../../icons/checkin-shapes.ts";

const TONES = {
  info: "bg-info-soft text-info-soft-fg",
  success: "bg-success-soft text-success-soft-fg",
  warning: "bg-warning-soft text-warning-soft-fg",
  error: "bg-error-soft text-error-soft-fg",
  neutral: "bg-surface-muted text-fg-muted",
} as const;

interface StatusPanelProps {
  /** Focused when the panel appears, so its news is read out and the keyboard starts there. */
  headingRef?: Ref<HTMLHeadingElement>;
  icon: CheckinIconName;
  /** Work under way: a spinner instead of the icon. */
  busy?: boolean;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A state of the page told in one card: what happened, what to do, and the way on. */
export function StatusPanel(
  { headingRef, icon, busy = false, tone, title, children, actions }: StatusPanelProps,
) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center shadow-xs sm:p-8">
      <span className={`mx-auto grid size-14 place-items-center rounded-full ${TONES[tone]}`}>
        {busy ? <Spinner className="size-7" /> : <Icon name={icon} className="size-7" />}
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 text-xl font-bold text-balance focus:outline-none sm:text-2xl"
      >
        {title}
      </h1>
      {children && <div className="mt-2 space-y-2 text-fg-muted">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}
