import type { ReactNode } from "react";
import type { GuestStatus, RegistrationState } from "@shared/enums.ts";
import { isHeldByLogin, type RegistrationFailure } from "@shared/registration-failures.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { formatRelativeTime } from "../../lib/format/relative-time.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { formatZagrebDateTime, urgencyOf } from "../../lib/format/guest-times.ts";
import { registrationMessage } from "./registration-messages.ts";
import { HELD_FOR_HOST } from "@shared/registration-failures.ts";

/** What a guest's registration line needs (a list row, or a reservation's guest). */
export interface RegistrationFacts {
  status: GuestStatus;
  registrationState?: RegistrationState;
  registrationError?: string | null;
  /** Why it failed, as a code (the site's words for `registrationError`). */
  registrationFailure?: RegistrationFailure;
  /** When an unanswered registration is sent again by itself. */
  registrationRetryAt?: string | null;
  nextDeadline?: string | null;
  /** A cancellation or an undone check-out asked for and not yet answered by eVisitor. */
  cancelRequestedAt?: string | null;
  undoCheckOutRequestedAt?: string | null;
  /** Waiting for the host's approval, or declined by them on the e-mailed page (issue 32). */
  approval?: "waiting" | "declined" | null;
}

interface GuestRegistrationProps {
  t: Translate;
  lang: Locale;
  guest: RegistrationFacts;
  /** Whether the arrival day has come (a waiting guest is then the host's to register). */
  arrived: boolean;
  /** A check-out was asked for and the worker has not confirmed it yet. */
  checkingOut?: boolean;
  now: number;
  /**
   * The way to (re)send the guest: under eVisitor's refusal ("Send again"), or under a guest
   * waiting for the host once the arrival day has come ("Register now").
   */
  registerAction?: ReactNode;
  /** The way to approve a guest waiting for the host's approval (or declined, after all). */
  approveAction?: ReactNode;
}

/**
 * Where the guest's registration with eVisitor stands, in words: being sent, refused (with
 * eVisitor's own message in a visible warning), waiting for the arrival day; then the deadline
 * that applies (registration or check-out), amber when due within hours, red once passed.
 */
export function GuestRegistration(
  { t, lang, guest, arrived, checkingOut = false, now, registerAction, approveAction }:
    GuestRegistrationProps,
) {
  const state = guest.registrationState;
  const approval = guest.approval ?? null;
  const waitingForArrival = state === "waiting" && guest.status === "PreCheckIn" && !approval;
  // A request the account's refused login holds is no longer on its way: its notice shows.
  const held = isHeldByLogin(guest.registrationFailure);
  const cancelling = !!guest.cancelRequestedAt && guest.status === "CheckedIn" && !held;
  const undoing = !!guest.undoCheckOutRequestedAt && guest.status === "CheckedOut" && !held;
  const cancelled = guest.status === "Cancelled";
  // eVisitor refused a check-out, a cancellation or an undone check-out: its words stay here.
  const refusedCheckOut = state === "registered" && guest.status === "CheckedIn" &&
    !!guest.registrationError && !checkingOut && !cancelling;
  const refusedUndo = guest.status === "CheckedOut" && !!guest.registrationError && !undoing;
  const showsDeadline = !!guest.nextDeadline && !(state === "waiting" && !arrived);
  if (
    !checkingOut && state !== "queued" && state !== "failed" && !waitingForArrival &&
    !refusedCheckOut && !showsDeadline && !cancelling && !undoing && !cancelled && !refusedUndo
  ) {
    return null;
  }
  return (
    <div className="flex flex-col items-start gap-1.5 text-sm">
      {cancelling && (
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <Spinner className="size-3.5" />
          {t("guests.registration.cancelling")}
        </span>
      )}
      {undoing && (
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <Spinner className="size-3.5" />
          {t("guests.registration.undoingCheckOut")}
        </span>
      )}
      {cancelled && (
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <Icon name="info" className="size-4 shrink-0" />
          {t("guests.registration.cancelled")}
        </span>
      )}
      {cancelled && registerAction}
      {refusedUndo && (
        <RefusalNotice
          t={t}
          title={t(held ? "guests.registration.heldByLogin" : "guests.registration.undoFailed")}
          message={guest.registrationError}
          failure={guest.registrationFailure}
        />
      )}
      {checkingOut && (
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <Spinner className="size-3.5" />
          {t("guests.registration.checkingOut")}
        </span>
      )}
      {!checkingOut && state === "queued" && (
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <Spinner className="size-3.5" />
          {t("guests.registration.queued")}
        </span>
      )}
      {waitingForArrival && (
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <Icon name="calendar" className="size-4 shrink-0" />
          {t(arrived ? "guests.registration.waitingForHost" : "guests.registration.waiting")}
        </span>
      )}
      {waitingForArrival && arrived && registerAction}
      {approval === "waiting" && (
        <span className="inline-flex items-center gap-1.5 font-semibold text-warning">
          <Icon name="shield" className="size-4 shrink-0" />
          {t("guests.approval.waiting")}
        </span>
      )}
      {approval === "declined" && (
        <span className="inline-flex items-center gap-1.5 font-semibold text-error">
          <Icon name="shield" className="size-4 shrink-0" />
          {t("guests.approval.declined")}
        </span>
      )}
      {approval && approveAction}
      {state === "failed" && (
        <RefusalNotice
          t={t}
          title={guest.registrationRetryAt
            ? t("guests.registration.retrying", {
              time: formatZagrebDateTime(guest.registrationRetryAt, lang, { year: false }),
            })
            : guest.registrationFailure?.code === "payment-category-choice"
            ? t("guests.registration.categoryNeeded")
            : guest.registrationFailure && HELD_FOR_HOST.has(guest.registrationFailure.code)
            ? t("guests.registration.held")
            : t("guests.registration.failed")}
          message={guest.registrationError}
          failure={guest.registrationFailure}
          action={registerAction}
        />
      )}
      {refusedCheckOut && (
        <RefusalNotice
          t={t}
          title={t(
            held
              ? "guests.registration.heldByLogin"
              : guest.registrationFailure?.code === "checkout-before-arrival"
              ? "guests.registration.checkOutHeld"
              : "guests.registration.checkOutFailed",
          )}
          message={guest.registrationError}
          failure={guest.registrationFailure}
        />
      )}
      {showsDeadline && (
        <Deadline
          t={t}
          lang={lang}
          status={guest.status}
          deadline={guest.nextDeadline!}
          now={now}
        />
      )}
    </div>
  );
}

/** "Registration by 22 Nov, 14:00", amber with how long is left when due, red when passed. */
function Deadline(
  { t, lang, status, deadline, now }: {
    t: Translate;
    lang: Locale;
    status: GuestStatus;
    deadline: string;
    now: number;
  },
) {
  const urgency = urgencyOf(deadline, now);
  const kind = status === "CheckedIn" ? "checkOut" : "registration";
  const params = {
    time: formatZagrebDateTime(deadline, lang, { year: false }),
    relative: formatRelativeTime(deadline, lang, now),
  };
  if (urgency === "overdue") {
    return (
      <span className="inline-flex items-start gap-1.5 font-semibold text-error">
        <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
        {t(`guests.deadline.${kind}.overdue`, params)}
      </span>
    );
  }
  if (urgency === "due") {
    return (
      <span className="inline-flex items-start gap-1.5 font-semibold text-warning-soft-fg">
        <Icon name="bell" className="mt-px size-4 shrink-0" />
        {t(`guests.deadline.${kind}.due`, params)}
      </span>
    );
  }
  return <span className="text-fg-muted">{t(`guests.deadline.${kind}.later`, params)}</span>;
}

/** eVisitor's refusal, in a visible warning, with its own words and the way forward. */
function RefusalNotice(
  { t, title, message, failure, action }: {
    t: Translate;
    title: string;
    message?: string | null;
    failure?: RegistrationFailure;
    action?: ReactNode;
  },
) {
  return (
    <div className="w-full max-w-md rounded-xl border border-warning/40 bg-warning-soft px-3 py-2 text-warning-soft-fg">
      <p className="flex items-start gap-1.5 font-semibold">
        <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
        <span>{title}</span>
      </p>
      {message && (
        <p className="mt-1 break-words">
          <span className="sr-only">{`${t("guests.registration.evisitorSays")} `}</span>
          {registrationMessage(t, failure, message)}
        </p>
      )}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
