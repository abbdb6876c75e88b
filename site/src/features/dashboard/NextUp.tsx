import { type ReactNode, useId } from "react";
import type { Property } from "@shared/schemas/property.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import type { IconName } from "../../icons/shapes.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { formatRelativeTime } from "../../lib/format/relative-time.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { propertyPageUrl, ROUTES, stayPageUrl } from "../../lib/navigation/routes.ts";
import { feedNameOf } from "../../lib/calendars/feed-health.ts";
import { urgencyOf } from "../../lib/format/guest-times.ts";
import { guestsPageUrl } from "../../lib/navigation/guests-page-query.ts";
import { useNow } from "../../lib/state/use-now.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import {
  type CalendarIssues,
  type GuestToRegister,
  readCalendarIssues,
  readGuestsToRegister,
  readTodayStays,
  type TodayStays,
} from "./use-dashboard-data.ts";
import { type Load, useLoad } from "../../lib/state/use-load.ts";

/** A list shows this many; the page it links to has the rest. */
const SHOWN = 5;

type Tone = "success" | "warning" | "error" | "muted";

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

interface NextUpProps {
  t: Translate;
  lang: Locale;
  properties: Property[];
  /** The properties are known (the guests are read per property). */
  ready: boolean;
}

/** A read that waits: the list stays "loading" until what it needs is there. */
const waiting = () => new Promise<never>(() => {});

/**
 * "What needs you next": today's arrivals and departures with where their check-in stands,
 * guests to register, and calendars that fail or conflict. Each list says so when all is well,
 * and links to the page where things are fixed.
 */
export function NextUp({ t, lang, properties, ready }: NextUpProps) {
  const stays = useLoad(readTodayStays);
  const guests = useLoad(
    (signal) => ready ? readGuestsToRegister(properties, signal) : waiting(),
    [properties, ready],
  );
  const calendars = useLoad(readCalendarIssues);
  const now = useNow(60_000);
  const firstPropertyId = properties[0]?.id;

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <NextCard
        t={t}
        icon="logIn"
        title={t("dashboard.arrivals.title")}
        load={stays.load}
        onRetry={stays.retry}
        link={{ href: ROUTES.reservations, label: t("dashboard.stays.link") }}
        testId="arrivals"
      >
        {(data: TodayStays) => (
          <StayList
            t={t}
            stays={data.arrivals}
            kind="arrival"
            empty={t("dashboard.arrivals.empty")}
          />
        )}
      </NextCard>
      <NextCard
        t={t}
        icon="logOut"
        title={t("dashboard.departures.title")}
        load={stays.load}
        onRetry={stays.retry}
        link={{ href: ROUTES.reservations, label: t("dashboard.stays.link") }}
        testId="departures"
      >
        {(data: TodayStays) => (
          <StayList
            t={t}
            stays={data.departures}
            kind="departure"
            empty={t("dashboard.departures.empty")}
          />
        )}
      </NextCard>
      <NextCard
        t={t}
        icon="users"
        title={t("dashboard.guests.title")}
        load={guests.load}
        onRetry={guests.retry}
        link={{ href: guestsPageUrl(firstPropertyId), label: t("dashboard.guests.link") }}
        testId="guests"
      >
        {(data: GuestToRegister[]) => <GuestList t={t} lang={lang} guests={data} now={now} />}
      </NextCard>
      <NextCard
        t={t}
        icon="calendar"
        title={t("dashboard.calendars.title")}
        load={calendars.load}
        onRetry={calendars.retry}
        link={{ href: ROUTES.calendars, label: t("dashboard.calendars.link") }}
        testId="calendars"
      >
        {(data: CalendarIssues) => <CalendarList t={t} lang={lang} data={data} />}
      </NextCard>
    </div>
  );
}

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

function NextCard<T>(
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
function AllGood({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 py-2 text-[0.9375rem] text-fg-muted">
      <Icon name="checkCircle" className="mt-0.5 size-5 shrink-0 text-success" />
      {children}
    </p>
  );
}

function Chip({ tone, children }: { tone: Tone; children: ReactNode }) {
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

function Row(
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

function More({ t, count }: { t: Translate; count: number }) {
  if (count <= 0) return null;
  return <p className="pt-1 text-sm text-fg-muted">{t("dashboard.next.more", { count })}</p>;
}

/** Where a stay's check-in (arrivals) or check-out (departures) stands. */
function stayState(t: Translate, stay: Reservation, kind: "arrival" | "departure") {
  const guests = stay.guests;
  const count = guests.length;
  if (kind === "arrival") {
    if (count === 0) return { tone: "warning" as Tone, text: t("dashboard.checkin.none") };
    if (guests.some((g) => g.registrationState === "failed")) {
      return { tone: "error" as Tone, text: t("dashboard.checkin.failed") };
    }
    const registered = guests.filter((g) =>
      g.status === "CheckedIn" || g.status === "CheckedOut"
    ).length;
    return registered === count
      ? { tone: "success" as Tone, text: t("dashboard.checkin.all", { count }) }
      : { tone: "warning" as Tone, text: t("dashboard.checkin.some", { registered, count }) };
  }
  if (count === 0) return { tone: "muted" as Tone, text: t("dashboard.checkout.none") };
  const done = guests.filter((g) => g.status === "CheckedOut").length;
  return done === count
    ? { tone: "success" as Tone, text: t("dashboard.checkout.all", { count }) }
    : { tone: "warning" as Tone, text: t("dashboard.checkout.some", { done, count }) };
}

function StayList(
  { t, stays, kind, empty }: {
    t: Translate;
    stays: Reservation[];
    kind: "arrival" | "departure";
    empty: string;
  },
) {
  if (stays.length === 0) return <AllGood>{empty}</AllGood>;
  return (
    <>
      <ul className="divide-y divide-border/70">
        {stays.slice(0, SHOWN).map((stay) => {
          const state = stayState(t, stay, kind);
          const unit = stay.accommodationUnit;
          const property = unit?.property?.name;
          return (
            <Row
              key={stay.code}
              href={unit ? propertyPageUrl("reservations", unit.propertyId) : ROUTES.reservations}
              title={unit?.name ?? stay.code}
              detail={[property, stay.code].filter(Boolean).join(" · ")}
              chip={<Chip tone={state.tone}>{state.text}</Chip>}
            />
          );
        })}
      </ul>
      <More t={t} count={stays.length - SHOWN} />
    </>
  );
}

function GuestList(
  { t, lang, guests, now }: {
    t: Translate;
    lang: Locale;
    guests: GuestToRegister[];
    now: number;
  },
) {
  if (guests.length === 0) return <AllGood>{t("dashboard.guests.empty")}</AllGood>;
  return (
    <>
      <ul className="divide-y divide-border/70">
        {guests.slice(0, SHOWN).map(({ guest, propertyId, refused }) => {
          const deadline = guest.nextDeadline;
          const overdue = deadline ? urgencyOf(deadline, now) === "overdue" : false;
          const due = deadline
            ? t(overdue ? "dashboard.guests.overdue" : "dashboard.guests.due", {
              relative: formatRelativeTime(deadline, lang, now),
            })
            : "";
          return (
            <Row
              key={guest.id}
              href={guestsPageUrl(propertyId)}
              title={guest.surnameAndName}
              detail={[guest.accommodationUnitName, due].filter(Boolean).join(" · ")}
              chip={refused
                ? <Chip tone="error">{t("dashboard.guests.refused")}</Chip>
                : guest.approval === "waiting"
                ? <Chip tone="warning">{t("dashboard.guests.awaitingApproval")}</Chip>
                : guest.approval === "declined"
                ? <Chip tone="error">{t("dashboard.guests.declined")}</Chip>
                : (
                  <Chip tone={overdue ? "error" : "warning"}>
                    {t("dashboard.guests.notRegistered")}
                  </Chip>
                )}
            />
          );
        })}
      </ul>
      <More t={t} count={guests.length - SHOWN} />
    </>
  );
}

function CalendarList({ t, lang, data }: { t: Translate; lang: Locale; data: CalendarIssues }) {
  if (!data.managesLinks && data.feedCount === 0) {
    return <AllGood>{t("dashboard.calendars.managedElsewhere")}</AllGood>;
  }
  if (data.feedCount === 0) return <AllGood>{t("dashboard.calendars.noFeeds")}</AllGood>;
  if (data.issues.length === 0) return <AllGood>{t("dashboard.calendars.empty")}</AllGood>;
  return (
    <>
      <ul className="divide-y divide-border/70">
        {data.issues.slice(0, SHOWN).map((issue) => {
          const feed = feedNameOf(issue.feed);
          const { calendar } = issue;
          // A stay the platform moved is dealt with on the stay itself, not on the calendars.
          const href = issue.kind !== "moved"
            ? propertyPageUrl("calendars", calendar.propertyId)
            : issue.conflicts === 1 && issue.stayCode
            ? stayPageUrl({
              propertyId: calendar.propertyId,
              unitCode: calendar.accommodationUnitCode,
              code: issue.stayCode,
            })
            : propertyPageUrl("reservations", calendar.propertyId);
          return (
            <Row
              key={issue.key}
              href={href}
              title={calendar.accommodationUnitName}
              detail={calendar.propertyName}
              chip={issue.kind === "failing"
                ? <Chip tone="error">{t("dashboard.calendars.failing", { feed })}</Chip>
                : (
                  <Chip tone="warning">
                    {translatePlural(
                      lang,
                      issue.kind === "moved"
                        ? "dashboard.calendars.moved"
                        : "dashboard.calendars.conflicts",
                      issue.conflicts,
                      { feed },
                    )}
                  </Chip>
                )}
            />
          );
        })}
      </ul>
      <More t={t} count={data.issues.length - SHOWN} />
    </>
  );
}
