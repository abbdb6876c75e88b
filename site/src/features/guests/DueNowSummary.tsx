import { useEffect, useId, useState } from "react";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import { listGuests } from "../../lib/api/guests.ts";
import { formatRelativeTime } from "../../lib/format/relative-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { DUE_SOON_HOURS, formatZagrebDateTime, urgencyOf } from "../../lib/format/guest-times.ts";

type DueLoad =
  | { status: "loading" }
  | { status: "loaded"; due: GuestListItem[] }
  | { status: "failed" };

interface DueNowSummaryProps {
  t: Translate;
  lang: Locale;
  propertyId: string;
  /** Changes whenever the list below was read again, so the summary follows it. */
  version: number;
  now: number;
}

/** Guests of a property whose registration or check-out deadline is within hours or passed. */
async function readDue(propertyId: string, now: number, signal: AbortSignal) {
  // Only guests not yet registered or not yet checked out have a deadline.
  const pages = await Promise.all(
    (["PreCheckIn", "CheckedIn"] as const).map((status) =>
      listGuests({
        propertyId,
        status,
        pageNumber: 1,
        pageSize: PAGE_SIZE_MAX,
        sortBy: "arrival",
      }, signal)
    ),
  );
  return pages.flatMap((page) => page.items)
    .filter((guest) => guest.nextDeadline && urgencyOf(guest.nextDeadline, now) !== "later")
    .sort((a, b) => a.nextDeadline!.localeCompare(b.nextDeadline!));
}

/**
 * "Due now" at the top of the page: who must be registered with eVisitor or checked out within
 * the next six hours, or is already late (red, with the word, never colour alone); or that
 * nothing is due.
 */
export function DueNowSummary({ t, lang, propertyId, version, now }: DueNowSummaryProps) {
  const titleId = useId();
  const [load, setLoad] = useState<DueLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    readDue(propertyId, Date.now(), controller.signal)
      .then((due) => setLoad({ status: "loaded", due }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ status: "failed" });
      });
    return () => controller.abort();
  }, [propertyId, version, attempt]);

  if (load.status === "loading") return null;
  if (load.status === "failed") {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
        <Icon name="alertCircle" className="size-4" />
        {t("guests.due.failed")}
        <Button variant="ghost" size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {t("app.retry")}
        </Button>
      </p>
    );
  }
  const due = load.due.filter((guest) => urgencyOf(guest.nextDeadline!, now) !== "later");
  if (due.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-2xl border border-border bg-surface px-4 py-3 text-[0.9375rem] text-fg-muted shadow-xs">
        <Icon name="checkCircle" className="size-5 shrink-0 text-success" />
        {t("guests.due.none", { hours: DUE_SOON_HOURS })}
      </p>
    );
  }
  const overdue = due.filter((guest) => urgencyOf(guest.nextDeadline!, now) === "overdue").length;
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border px-4 py-4 shadow-xs sm:px-5 ${
        overdue > 0 ? "border-error/40 bg-error-soft/60" : "border-warning/40 bg-warning-soft/60"
      }`}
    >
      <h2 id={titleId} className="flex items-center gap-2 font-bold">
        <Icon
          name={overdue > 0 ? "alertCircle" : "bell"}
          className={`size-5 shrink-0 ${overdue > 0 ? "text-error" : "text-warning-soft-fg"}`}
        />
        {translatePlural(lang, "guests.due.title", due.length)}
      </h2>
      <p className="mt-0.5 text-sm text-fg-muted">
        {t("guests.due.text", { hours: DUE_SOON_HOURS })}
      </p>
      <ul className="mt-3 divide-y divide-border/70">
        {due.map((guest) => {
          const late = urgencyOf(guest.nextDeadline!, now) === "overdue";
          const kind = guest.status === "CheckedIn" ? "checkOut" : "registration";
          return (
            <li
              key={guest.id}
              className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <span className="min-w-0 break-words">
                <span className="font-semibold">{guest.surnameAndName}</span>
                <span className="text-fg-muted">{` · ${guest.accommodationUnitName}`}</span>
              </span>
              <span
                className={`text-sm font-semibold sm:text-right ${
                  late ? "text-error" : "text-warning-soft-fg"
                }`}
              >
                {t(`guests.due.${kind}.${late ? "overdue" : "due"}`, {
                  relative: formatRelativeTime(guest.nextDeadline!, lang, now),
                  time: formatZagrebDateTime(guest.nextDeadline!, lang, { year: false }),
                })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
