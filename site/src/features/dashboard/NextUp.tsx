import type { Property } from "@shared/schemas/property.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { formatRelativeTime } from "../../lib/format/relative-time.ts";
import { propertyPageUrl, ROUTES, stayPageUrl } from "../../lib/navigation/routes.ts";
import { feedNameOf } from "../../lib/calendars/feed-health.ts";
import { urgencyOf } from "../../lib/format/guest-times.ts";
import { guestsPageUrl } from "../../lib/navigation/guests-page-query.ts";
import { useNow } from "../../lib/state/use-now.ts";
import {
  type CalendarIssues,
  type GuestToRegister,
  readCalendarIssues,
  readGuestsToRegister,
  readTodayStays,
  type TodayStays,
} from "./use-dashboard-data.ts";
import { useLoad } from "../../lib/state/use-load.ts";
import { AllGood, Chip, More, NextCard, Row, type Tone } from "./NextCard.tsx";

/** A list shows this many; the page it links to has the rest. */
const SHOWN = 5;

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
