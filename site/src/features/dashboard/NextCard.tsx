/** A card of the dashboard's "what needs you next", and the rows and chips of its lists. */
import { type ReactNode, useId } from "react";
import type { IconName } from "../../icons/shapes.ts";
import type { Translate } from "../../i18n/translate.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import type { Load } from "../../lib/state/use-load.ts";

export type Tone = "success" | "warning" | "error" | "muted";

const TONE_CLASS: Record<Tone, string> = {
  success: "bg-success-soft text-success-soft-fg",
  warning: "bg-warning-soft text-warning-soft-fg",
  error: "bg-error-soft text-error-soft-fg",
  muted: "bg-surface-muted text-fg-muted",
};

const TONE_ICON: Record<Tone, IconName> = {
  success: "checkCircle",
  warning: "alertTriangle",
  error: "alertCircle",
  muted: "info",
};

interface NextCardProps<T> {
  t: Translate;
  icon: IconName;
  title: string;
  load: Load<T>;
  onRetry: () => void;
  link: { href: string; label: string };
  testId: string;
  children: (data: T) => ReactNode;
}

export function NextCard<T>(
  { t, icon, title, load, onRetry, link, testId, children }: NextCardProps<T>,
) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`next-${testId}`}
      className="flex flex-col rounded-2xl border border-border bg-surface shadow-xs"
    >
      <div className="flex items-center gap-3 px-5 pt-4 pb-2">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Icon name={icon} className="size-5" />
        </span>
        <h3 id={headingId} className="font-semibold">{title}</h3>
      </div>
      <div className="flex-1 px-5 pb-3" aria-busy={load.status === "loading" || undefined}>
        {load.status === "loading" && <ListSkeleton t={t} />}
        {load.status === "failed" && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-2 py-3 text-sm text-fg-muted"
          >
            <Icon name="alertCircle" className="size-4 text-error" />
            {t("dashboard.next.failed")}
            <Button variant="ghost" size="sm" onClick={onRetry}>{t("app.retry")}</Button>
          </div>
        )}
        {load.status === "loaded" && children(load.data)}
      </div>
      <div className="border-t border-border px-3 py-2">
        <a
          href={link.href}
          onClick={markNavigation}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-primary hover:bg-primary-soft mobile:min-h-11"
        >
          {link.label}
          <Icon name="arrowRight" className="size-4" />
        </a>
      </div>
    </section>
  );
}

function ListSkeleton({ t }: { t: Translate }) {
  return (
    <div className="space-y-3 py-2">
      <span className="sr-only" role="status">{t("app.loading")}</span>
      {[0, 1].map((row) => (
        <div key={row} aria-hidden="true" className="flex items-center gap-3">
          <span className="h-4 flex-1 rounded bg-surface-muted motion-safe:animate-pulse" />
          <span className="h-5 w-24 rounded-full bg-surface-muted motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}

/** All is well: said in words, with a tick. */
export function AllGood({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 py-2 text-[0.9375rem] text-fg-muted">
      <Icon name="checkCircle" className="mt-0.5 size-5 shrink-0 text-success" />
      {children}
    </p>
  );
}

export function Chip({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 self-start rounded-full px-2 py-0.5 text-xs font-semibold sm:self-auto ${
        TONE_CLASS[tone]
      }`}
    >
      <Icon name={TONE_ICON[tone]} className="size-3.5" />
      {children}
    </span>
  );
}

export function Row(
  { href, title, detail, chip }: { href: string; title: string; detail: string; chip: ReactNode },
) {
  return (
    <li>
      <a
        href={href}
        onClick={markNavigation}
        className="-mx-2 flex flex-col gap-1 rounded-lg px-2 py-2 hover:bg-surface-muted sm:flex-row sm:items-center sm:justify-between sm:gap-3"
      >
        <span className="min-w-0">
          <span className="block truncate font-semibold">{title}</span>
          <span className="block truncate text-sm text-fg-muted">{detail}</span>
        </span>
        {chip}
      </a>
    </li>
  );
}

export function More({ t, count }: { t: Translate; count: number }) {
  if (count <= 0) return null;
  return <p className="pt-1 text-sm text-fg-muted">{t("dashboard.next.more", { count })}</p>;
}
