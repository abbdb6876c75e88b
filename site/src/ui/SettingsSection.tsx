import { type ReactNode, useId } from "react";
import type { IconName } from "../icons/shapes.ts";
import { Icon } from "./Icon.tsx";

interface SettingsSectionProps {
  icon: IconName;
  title: string;
  description: string;
  /** Beside the heading, e.g. whether two-factor sign-in is on. */
  badge?: ReactNode;
  children: ReactNode;
}

/** One card of the account settings: heading and explanation on the left, the form on the right. */
export function SettingsSection(
  { icon, title, description, badge, children }: SettingsSectionProps,
) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-6 rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-7 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10"
    >
      <div>
        <span className="grid size-10 place-items-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Icon name={icon} className="size-5" />
        </span>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg font-semibold">{title}</h2>
          {badge}
        </div>
        <p className="mt-1.5 text-[0.9375rem] text-fg-muted">{description}</p>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
