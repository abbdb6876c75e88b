import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { Button } from "../../ui/Button.tsx";
import { TEXT_LINK } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { GuestRegistration } from "../shared-guests/GuestRegistration.tsx";
import { GuestStatusChip } from "../shared-guests/GuestStatusChip.tsx";
import { guestNameOf } from "./guest-name.ts";
import { formatZagrebRange, zagrebDateOf } from "../../lib/format/guest-times.ts";
import { formatStayTime, todayInZagreb } from "../../lib/format/stay-dates.ts";
import { type GuestActions, RowActions } from "./GuestRowActions.tsx";

interface GuestTableProps extends GuestActions {
  /**
   * Whether the caller may see the guests' documents (owner, co-host); reception (issue 22) gets
   * no details, proof or edit, which show them.
   */
  documents?: boolean;
  t: Translate;
  lang: Locale;
  guests: GuestListItem[];
  /** The reservations page of the guest's stay (its unit chosen). */
  stayLink: (guest: GuestListItem) => string;
  /** Guests whose check-out was asked for and is not confirmed yet. */
  checkingOut: ReadonlySet<string>;
  /** Guests whose stored data is being read for an edit, or who are being sent again. */
  busy: ReadonlyMap<string, "edit" | "register" | "approve">;
  now: number;
  emptyText: string;
}

const CELL = "px-2.5 py-3 align-top first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

/**
 * The guests: a table (guest with their stay's code, stay, unit, status with the registration and
 * its deadline, actions) on wider screens, a card each on phones.
 */
export function GuestTable(props: GuestTableProps) {
  const { t, lang, guests, emptyText } = props;
  const today = todayInZagreb();
  const registration = (guest: GuestListItem) => (
    <GuestRegistration
      t={t}
      lang={lang}
      guest={guest}
      arrived={zagrebDateOf(guest.dateTimeOfArrival) <= today}
      checkingOut={props.checkingOut.has(guest.id)}
      now={props.now}
      approveAction={
        <span className="flex flex-wrap gap-2">
          <Button
            variant={guest.approval === "declined" ? "secondary" : "primary"}
            size="sm"
            busy={props.busy.get(guest.id) === "approve"}
            onClick={() => props.onApprove(guest)}
          >
            <Icon name="shieldCheck" className="size-4" />
            {t(
              guest.approval === "declined"
                ? "guests.action.approveAnyway"
                : "guests.action.approve",
            )}
            <span className="sr-only">{` ${guestNameOf(t, guest)}`}</span>
          </Button>
          {guest.approval === "declined" && (
            <Button
              variant="dangerSecondary"
              size="sm"
              onClick={() => props.onRemove(guest)}
            >
              <Icon name="close" className="size-4" />
              {t("guests.action.remove")}
              <span className="sr-only">{` ${guestNameOf(t, guest)}`}</span>
            </Button>
          )}
        </span>
      }
      registerAction={
        <Button
          variant="secondary"
          size="sm"
          busy={props.busy.get(guest.id) === "register"}
          onClick={() => props.onRegister(guest)}
        >
          <Icon name="sync" className="size-4" />
          {t(
            guest.status === "Cancelled"
              ? "guests.action.registerAgain"
              : guest.registrationFailure?.code === "payment-category-choice"
              ? "guests.action.chooseTaxCategory"
              : guest.registrationState === "failed"
              ? "guests.action.sendAgain"
              : "guests.action.registerNow",
          )}
          <span className="sr-only">{` ${guestNameOf(t, guest)}`}</span>
        </Button>
      }
    />
  );
  return (
    <ResponsiveTable
      items={guests}
      keyOf={(guest) => guest.id}
      caption={t("guests.caption")}
      minWidth="min-w-[54rem]"
      columnCount={5}
      columns={
        <>
          <th scope="col" className={HEAD}>{t("guests.column.guest")}</th>
          <th scope="col" className={HEAD}>{t("guests.column.stay")}</th>
          <th scope="col" className={HEAD}>{t("guests.column.unit")}</th>
          <th scope="col" className={HEAD}>{t("guests.column.status")}</th>
          <th scope="col" className={`${HEAD} text-right`}>{t("guests.column.actions")}</th>
        </>
      }
      row={(guest) => (
        <>
          <th scope="row" className={`${CELL} min-w-40 font-normal`}>
            <GuestName {...props} guest={guest} />
          </th>
          <td className={CELL}>
            <StayDates t={t} lang={lang} guest={guest} />
          </td>
          <td className={`${CELL} min-w-28 break-words`}>{guest.accommodationUnitName}</td>
          <td className={`${CELL} min-w-56`}>
            <div className="flex flex-col items-start gap-1.5">
              <GuestStatusChip t={t} status={guest.status} />
              {registration(guest)}
            </div>
          </td>
          <td className={`${CELL} text-right`}>
            {/* Nothing left to prove, fix or check out once the guest's data was removed. */}
            {!guest.anonymisedAt && <RowActions {...props} guest={guest} compact />}
          </td>
        </>
      )}
      card={(guest) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <GuestName {...props} guest={guest} />
            <GuestStatusChip t={t} status={guest.status} />
          </div>
          <dl className="mt-3 space-y-1.5 text-sm">
            <div>
              <dt className="sr-only">{t("guests.column.stay")}</dt>
              <dd>
                <StayDates t={t} lang={lang} guest={guest} />
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-fg-muted">{t("guests.column.unit")}:</dt>
              <dd className="min-w-0 font-semibold break-words">{guest.accommodationUnitName}</dd>
            </div>
          </dl>
          <div className="mt-3 empty:hidden">{registration(guest)}</div>
          {!guest.anonymisedAt && (
            <div className="mt-4 border-t border-border pt-3">
              <RowActions {...props} guest={guest} />
            </div>
          )}
        </>
      )}
      emptyText={emptyText}
    />
  );
}

function GuestName(
  { t, guest, stayLink }: {
    t: Translate;
    guest: GuestListItem;
    stayLink: GuestTableProps["stayLink"];
  },
) {
  return (
    <span className="flex min-w-0 flex-col items-start">
      {guest.anonymisedAt
        ? (
          <span className="font-semibold text-fg-muted italic" title={t("guests.dataRemovedHint")}>
            {t("guests.dataRemoved")}
            <span className="sr-only">{` (${t("guests.dataRemovedHint")})`}</span>
          </span>
        )
        : <span className="font-semibold break-words text-fg">{guest.surnameAndName}</span>}
      <a
        href={stayLink(guest)}
        onClick={markNavigation}
        className={`${TEXT_LINK} font-mono text-sm font-normal mobile:inline-flex mobile:min-h-11 mobile:items-center`}
      >
        <span className="sr-only">{`${t("guests.reservationLink")} `}</span>
        {guest.reservationCode}
      </a>
    </span>
  );
}

function StayDates({ t, lang, guest }: { t: Translate; lang: Locale; guest: GuestListItem }) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold whitespace-nowrap text-fg">
        {formatZagrebRange(guest.dateTimeOfArrival, guest.dateTimeOfDeparture, lang)}
      </span>
      <span className="text-sm whitespace-nowrap text-fg-muted">
        {t("guests.stayTimes", {
          arrival: formatStayTime(guest.dateTimeOfArrival, lang),
          departure: formatStayTime(guest.dateTimeOfDeparture, lang),
        })}
      </span>
    </span>
  );
}
