import { useId } from "react";
import type { IconName } from "../icons/shapes.ts";
import { markNavigation } from "../lib/navigation/follow-link.ts";
import { Button } from "./Button.tsx";
import { buttonClass } from "./button-styles.ts";
import { Icon } from "./Icon.tsx";

/** The way forward: a link to another page, or a button that acts here. */
type EmptyStateAction =
  & { label: string; icon: IconName }
  & ({ href: string } | { onClick: () => void });

interface EmptyStateProps {
  icon: IconName;
  title: string;
  text: string;
  action: EmptyStateAction;
  /** Spacing from what stands above, e.g. "mt-8". */
  className?: string;
}

/**
 * A page with nothing to show yet: what will be here, where it comes from, and the one step that
 * gets there. A section named by its heading, so it is found as a landmark.
 */
export function EmptyState({ icon, title, text, action, className = "" }: EmptyStateProps) {
  const titleId = useId();
  const actionContent = (
    <>
      <Icon name={action.icon} className="size-5" />
      {action.label}
    </>
  );
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-3xl border border-dashed border-border-strong/50 bg-surface px-6 py-12 text-center shadow-xs sm:px-12 ${className}`}
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Icon name={icon} className="size-7" />
      </span>
      <h2 id={titleId} className="mt-5 text-xl font-bold">{title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-fg-muted">{text}</p>
      {"href" in action
        ? (
          <a href={action.href} onClick={markNavigation} className={`${buttonClass()} mt-6`}>
            {actionContent}
          </a>
        )
        : <Button className="mt-6" onClick={action.onClick}>{actionContent}</Button>}
    </section>
  );
}
