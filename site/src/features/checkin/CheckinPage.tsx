import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { MESSAGES } from "@shared/messages.ts";
import type { GuestForm } from "@shared/schemas/guest.ts";
import {
  type CheckinLanguage,
  pathInLanguage,
  rememberLanguage,
} from "../../i18n/checkin/languages.ts";
import { type Catalogue, createTranslator, loadCatalogue } from "../../i18n/checkin/translator.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import { DOOR_OPENS_EVENING_BEFORE } from "@shared/door-window.ts";
import type { HostContact as Contact } from "@shared/schemas/host-contact.ts";
import {
  checkInGuests,
  type CheckinTarget,
  getCurrentStay,
  getReservation,
  lookupCodeOf,
  type PublicReservation,
  readStay,
} from "./checkin-api.ts";
import {
  checkinFailureOf,
  guestErrorsOf,
  type LoadFailure,
  loadFailureOf,
} from "./checkin-errors.ts";
import { CheckinHeader, PRODUCT_NAME } from "./CheckinHeader.tsx";
import { forgetDrafts, saveDrafts } from "./draft-storage.ts";
import { EnteredGuests } from "./EnteredGuests.tsx";
import { formatDay, formatTime } from "./format.ts";
import { guestFieldId } from "./GuestCard.tsx";
import {
  asksForEntry,
  firstErrorField,
  firstToCheck,
  GUEST_FIELDS,
  type GuestDraft,
  newDraft,
  storedDrafts,
  validateDraft,
} from "./guest-draft.ts";
import { FOOTER_ID, usePrivacyNoticeIn } from "./guest-privacy-notice.ts";
import { ADD_GUEST_ID, GuestsStep } from "./GuestsStep.tsx";
import { contactOfError, HostContact } from "./HostContact.tsx";
import { TranslatorContext, useTranslator } from "./i18n-context.ts";
import { Notice } from "./Notice.tsx";
import { OutcomeView, ProcessingView } from "./OutcomeView.tsx";
import { ReservationCard } from "./ReservationCard.tsx";
import { StatusPanel } from "./StatusPanel.tsx";
import { StepIndicator } from "./StepIndicator.tsx";
import { SummaryStep } from "./SummaryStep.tsx";
import { WifiCard } from "./WifiCard.tsx";
import { outcomeOf, roomOf, useCheckinFlow } from "./use-checkin-flow.ts";
import { useBorderCrossings, useCountries, useSettlementSearcher } from "./use-checkin-lookups.ts";
import { keepWalkInToken, walkInTokenOf } from "./walk-in-token.ts";
import type { WalkInKit } from "./WalkInRequest.tsx";
import { send } from "../../lib/api/transport.ts";
import { InputField } from "./fields.tsx";
import { todayInStayZone } from "@shared/time-zone.ts";
import { STAY_REQUEST_MAX_NIGHTS, STAY_REQUEST_TOKEN_HEADER } from "@shared/stay-request-limits.ts";

/** A walk-in's stay request (issue 20): its own chunk, loaded only at a door with no stay. */
const WalkInRequest = lazy(() => import("./WalkInRequest.tsx"));

/** What the walk-in chunk borrows from the page (it shares no module with it). */
function walkInKit(translator: WalkInKit["translator"]): WalkInKit {
  return {
    translator,
    send,
    InputField,
    StatusPanel,
    Spinner,
    formatDay: (date, lang) => formatDay(date, lang),
    formatTime,
    today: () => todayInStayZone(),
    tokenOf: walkInTokenOf,
    keepToken: keepWalkInToken,
    maxNights: STAY_REQUEST_MAX_NIGHTS,
    tokenHeader: STAY_REQUEST_TOKEN_HEADER,
  };
}

/** Spec (issue 6): the page asks every 2 s how the registration stands. */
const POLL_MS = 2_000;
/** After this long the guest is told it takes longer than usual (the page keeps asking). */
const SLOW_AFTER_MS = 30_000;
/**
 * While the host has not confirmed this phone's guests (automatic check-in off): how often the
 * page asks again, to show the WiFi and the house information once the host has.
 */
const HOST_POLL_MS = 10_000;

interface CheckinPageProps {
  lang: CheckinLanguage;
  /** The page language's texts, delivered with the page (no extra request). */
  messages: Catalogue;
}

/**
 * The public check-in page (spec sections 2, 4, 5, 8): /{lang?}/prijava/rezervacija/{code} and
 * /{lang?}/prijava/smjestaj/{unitCode}. One island, rendered in the browser; the API serves the
 * same shell for every code (api/http/static/shells.ts).
 */
export default function CheckinPage({ lang, messages }: CheckinPageProps) {
  const [texts, setTexts] = useState({ lang, messages });
  const [switching, setSwitching] = useState(false);
  /** The host's contact, once the stay (or a unit's refusal) names it (issue 20). */
  const [contact, setContact] = useState<Contact | null>(null);
  const translator = useMemo(() => createTranslator(texts.lang, texts.messages), [texts]);

  useEffect(() => {
    document.documentElement.lang = texts.lang;
    document.title = `${translator.t("page.title")} · ${PRODUCT_NAME}`;
  }, [texts, translator]);

  async function switchLanguage(next: CheckinLanguage) {
    if (next === texts.lang) return;
    // The guest's own choice: the door QR's address opens in it next time.
    rememberLanguage(next);
    setSwitching(true);
    try {
      const catalogue = await loadCatalogue(next);
      // The same address in the other language, without reloading what the guest typed.
      history.replaceState(
        history.state,
        "",
        pathInLanguage(location.pathname, next) + location.search,
      );
      setTexts({ lang: next, messages: catalogue });
    } catch {
      // Offline: a full load of the other language's address still works once back online.
      location.assign(pathInLanguage(location.pathname, next));
    } finally {
      setSwitching(false);
    }
  }

  usePrivacyNoticeIn(translator);
  // The footer is the page's own HTML, after the island (CheckinShell.astro); the contact joins it.
  const [footer] = useState(() => document.getElementById(FOOTER_ID));

  return (
    <TranslatorContext.Provider value={translator}>
      <div className="flex flex-1 flex-col">
        <CheckinHeader onLanguage={switchLanguage} switching={switching} />
        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:pt-10">
          <Checkin onContact={setContact} />
        </main>
      </div>
      {contact && footer && createPortal(<HostContact contact={contact} />, footer)}
    </TranslatorContext.Provider>
  );
}

/** What the address names: a reservation by its code, or a unit (its QR code) whose stay is today. */
function targetOfAddress(): CheckinTarget | undefined {
  const match = /\/prijava\/(rezervacija|smjestaj)\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return undefined;
  try {
    return { byUnit: match[1] === "smjestaj", code: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

type Load =
  | { kind: "loading" }
  | { kind: "loaded"; reservation: PublicReservation }
  | { kind: "failed"; failure: LoadFailure };

const OPEN_STATUSES = new Set(["Pending", "Active", "CheckedIn"]);

function Checkin({ onContact }: { onContact: (contact: Contact | null) => void }) {
  const [target] = useState(targetOfAddress);
  const [load, setLoad] = useState<Load>(() =>
    target ? { kind: "loading" } : { kind: "failed", failure: "notFound" }
  );
  /** The guest chose to ask the host for a stay (a door with none today). */
  const [walkIn, setWalkIn] = useState(false);
  const translator = useTranslator();

  const fetchStay = useCallback(async () => {
    if (!target) return;
    setLoad({ kind: "loading" });
    try {
      const reservation = target.byUnit
        ? await getCurrentStay(target.code)
        : await getReservation(target.code);
      setLoad({ kind: "loaded", reservation });
      onContact(reservation.hostContact);
    } catch (error) {
      setLoad({ kind: "failed", failure: loadFailureOf(error, target.byUnit) });
      // A unit with no stay now still names its host (NoStayToday carries the contact).
      onContact(contactOfError(error));
    }
  }, [target]);

  useEffect(() => {
    void fetchStay();
  }, [fetchStay]);

  // Back online: try again by itself.
  useEffect(() => {
    if (load.kind !== "failed" || load.failure !== "offline") return;
    const retry = () => void fetchStay();
    addEventListener("online", retry);
    return () => removeEventListener("online", retry);
  }, [load, fetchStay]);

  if (load.kind === "loading") return <LoadingPanel />;
  if (load.kind === "failed") {
    // A door with no stay today: the guest may ask the host for one (a request this device
    // made earlier goes on waiting).
    const door = load.failure === "noStayToday" && target?.byUnit ? target.code : undefined;
    if (door && (walkIn || walkInTokenOf(door))) {
      return (
        <Suspense fallback={<LoadingPanel />}>
          <WalkInRequest
            kit={walkInKit(translator)}
            code={door}
            onConfirmed={fetchStay}
            onCancel={() => setWalkIn(false)}
          />
        </Suspense>
      );
    }
    return (
      <LoadFailed
        failure={load.failure}
        onRetry={fetchStay}
        onWalkIn={door ? () => setWalkIn(true) : undefined}
      />
    );
  }
  const status = load.reservation.status;
  if (!OPEN_STATUSES.has(status)) {
    // Nothing more to check in: whatever this phone kept for the stay goes.
    forgetDrafts(lookupCodeOf(load.reservation, target!));
    return <ClosedStay status={status} onRetry={fetchStay} />;
  }
  return <CheckinFlow initial={load.reservation} target={target!} />;
}

function LoadingPanel() {
  const { t } = useTranslator();
  return (
    <div role="status" className="grid place-items-center py-24">
      <p className="flex items-center gap-3 text-lg font-semibold text-fg-muted">
        <Spinner className="size-6 text-primary" />
        {t("load.loading")}
      </p>
    </div>
  );
}

/**
 * A heading that takes focus when it appears: each step and state starts there. The first view of
 * the stepper keeps the page's natural start (no jump past the header on arrival); a state that
 * replaces the page (`atOnce`: an error, a closed stay) takes focus as soon as it shows, so that a
 * failed retry is read out and the keyboard is not left on a button that is gone.
 */
function useFocusedHeading(key: string, { atOnce = false } = {}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst && !atOnce) return;
    ref.current?.focus({ preventScroll: isFirst });
    if (!isFirst) ref.current?.scrollIntoView({ block: "start" });
  }, [key]);
  return ref;
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslator();
  return (
    <button
      type="button"
      onClick={onRetry}
      className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-primary px-5 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover"
    >
      {t("actions.retry")}
    </button>
  );
}

const FAILURE_ICONS = {
  unknownCode: "search",
  notFound: "search",
  noStayToday: "calendar",
  forbidden: "lock",
  server: "alertCircle",
  offline: "wifi",
  generic: "alertCircle",
} as const;

/**
 * Spec section 8: not found, forbidden, server error, offline, generic, each with retry; issue 20:
 * a code that does not exist, apart from a unit with no stay admitted now, neither with a retry
 * that cannot help (the host's contact below is the way on).
 */
function LoadFailed(
  { failure, onRetry, onWalkIn }: {
    failure: LoadFailure;
    onRetry: () => void;
    /** Offered at a door with no stay today: ask the host for one. */
    onWalkIn?: () => void;
  },
) {
  const { t } = useTranslator();
  const heading = useFocusedHeading(failure, { atOnce: true });
  const final = failure === "unknownCode" || failure === "noStayToday";
  return (
    <StatusPanel
      headingRef={heading}
      icon={FAILURE_ICONS[failure]}
      tone={final || failure === "notFound" ? "neutral" : "error"}
      title={t(`load.${failure}.title`)}
      actions={onWalkIn
        ? (
          <button
            type="button"
            onClick={onWalkIn}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-primary px-5 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover"
          >
            {t("walkin.offer.button")}
          </button>
        )
        : final
        ? undefined
        : <RetryButton onRetry={onRetry} />}
    >
      <p>{t(`load.${failure}.text`)}</p>
      {failure === "noStayToday" && (
        <p>{t("load.noStayToday.window", { time: DOOR_OPENS_EVENING_BEFORE })}</p>
      )}
      {onWalkIn && <p>{t("walkin.offer.text")}</p>}
    </StatusPanel>
  );
}

/** Completed, expired, cancelled, or a status this page does not know (spec section 4). */
function ClosedStay({ status, onRetry }: { status: string; onRetry: () => void }) {
  const { t } = useTranslator();
  const heading = useFocusedHeading(status, { atOnce: true });
  if (status === "Completed" || status === "Expired" || status === "Canceled") {
    const key = status === "Completed"
      ? "completed"
      : status === "Expired"
      ? "expired"
      : "canceled";
    return (
      <StatusPanel
        headingRef={heading}
        icon={status === "Completed" ? "checkCircle" : status === "Expired" ? "history" : "close"}
        tone={status === "Completed" ? "success" : status === "Expired" ? "neutral" : "warning"}
        title={t(`load.${key}.title`)}
      >
        <p>{t(`load.${key}.text`)}</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      headingRef={heading}
      icon="helpCircle"
      tone="warning"
      title={t("load.unknownStatus.title")}
      actions={<RetryButton onRetry={onRetry} />}
    >
      <p>{t("load.unknownStatus.askHost")}</p>
    </StatusPanel>
  );
}

/** Overview → Guests → Summary, then the check-in itself and its outcome. */
function CheckinFlow({ initial, target }: { initial: PublicReservation; target: CheckinTarget }) {
  const translator = useTranslator();
  const { t, plural, lang, validation } = translator;
  const [flow, dispatch] = useCheckinFlow(initial, lookupCodeOf(initial, target));
  const { reservation, step, drafts, guestsAlert, terms, termsError, sending, failure, phase } =
    flow;
  /** Guests the stay had before this phone's check-in: whoever is new afterwards is ours. */
  const knownBefore = useRef<Set<string>>(undefined);
  const attempts = useRef(0);
  const guestsAlertRef = useRef<HTMLDivElement>(null);
  const summaryAlertRef = useRef<HTMLDivElement>(null);
  // A new outcome (the host confirmed, eVisitor answered) is read out from its heading.
  const heading = useFocusedHeading(
    phase.kind === "form" ? step : phase.kind === "done" ? `done:${phase.outcome}` : phase.kind,
  );

  const code = lookupCodeOf(reservation, target);
  const wifi = reservation.accommodationUnit?.wifiDetails;
  const capacity = reservation.accommodationUnit?.capacity ?? null;
  const room = roomOf(reservation);

  // Country names in the page's language, fetched once the guest reaches the form.
  const countryList = useCountries(lang, step !== "overview" || drafts.length > 0);
  // Border crossings, only once a guest lives outside the EU.
  const crossings = useBorderCrossings(code, drafts.some((d) => asksForEntry(d.values)));
  // Croatian settlements, searched on the server as a guest types a city in Croatia.
  const searchSettlements = useSettlementSearcher(code);

  // While eVisitor registers the guests: ask every 2 s until each is registered or refused.
  useEffect(() => {
    if (phase.kind !== "registering") return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const latest = await readStay(reservation, target);
        if (!live) return;
        dispatch({ type: "read", reservation: latest });
        const outcome = outcomeOf(latest.guests, phase.guestIds);
        if (outcome) {
          dispatch({ type: "phase", phase: { kind: "done", outcome, guestIds: phase.guestIds } });
          return;
        }
      } catch {
        // A lost answer is asked again on the next round.
      }
      if (!live) return;
      if (!phase.slow && Date.now() - phase.since > SLOW_AFTER_MS) {
        dispatch({ type: "phase", phase: { ...phase, slow: true } });
        return;
      }
      timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [phase, code]);

  // Sent to the host, who has not confirmed yet (after the check-in, or on the stay's page opened
  // again): ask now and then; the WiFi and the house information come with the confirmation.
  const waitingForHost = reservation.awaitingHost &&
    (phase.kind === "done"
      ? phase.outcome === "host"
      : phase.kind === "form" && step === "overview");
  useEffect(() => {
    if (!waitingForHost) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const latest = await readStay(reservation, target);
        if (!live) return;
        const outcome = phase.kind === "done"
          ? outcomeOf(latest.guests, phase.guestIds)
          : undefined;
        if (phase.kind === "done" && outcome !== "host") {
          dispatch({
            type: "phase",
            reservation: latest,
            phase: outcome
              ? { kind: "done", outcome, guestIds: phase.guestIds }
              : { kind: "registering", guestIds: phase.guestIds, since: Date.now(), slow: false },
          });
          return;
        }
        dispatch({ type: "read", reservation: latest });
      } catch {
        // A lost answer is asked again on the next round.
      }
      if (live) timer = setTimeout(tick, HOST_POLL_MS);
    };
    timer = setTimeout(tick, HOST_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waitingForHost, phase, code]);

  // What is typed is kept on this phone until it is sent (a reload brings it back).
  useEffect(() => {
    if (phase.kind === "form" && drafts.length > 0) saveDrafts(code, step, drafts);
    else forgetDrafts(code);
  }, [phase.kind, drafts, step, code]);

  function updateDraft(key: string, update: (draft: GuestDraft) => GuestDraft) {
    dispatch({ type: "editGuest", key, update });
  }

  function focusById(id: string) {
    requestAnimationFrame(() => {
      const element = document.getElementById(id);
      element?.focus();
      element?.scrollIntoView({ block: "center" });
    });
  }

  function startGuests() {
    dispatch({ type: "startGuests", draft: newDraft() });
  }

  function addGuest() {
    if (drafts.length >= room) return;
    const draft = newDraft();
    dispatch({ type: "addGuest", draft });
    focusById(`guest-${draft.key}-heading`);
  }

  /** The keyboard goes to the card before the removed one, else the one after, else "add". */
  function removeGuest(key: string) {
    const index = drafts.findIndex((d) => d.key === key);
    const neighbour = drafts[index - 1] ?? drafts[index + 1];
    dispatch({ type: "removeGuest", key });
    focusById(neighbour ? `guest-${neighbour.key}-heading` : ADD_GUEST_ID);
  }

  /** Guests → Summary: every guest complete (spec section 5), focus on the first gap. */
  function toSummary() {
    if (drafts.length === 0) {
      dispatch({ type: "guestsRefused", alert: { message: MESSAGES.checkinGuestRequired } });
      requestAnimationFrame(() => guestsAlertRef.current?.focus());
      return;
    }
    if (drafts.length > room) {
      dispatch({ type: "guestsRefused", alert: { key: "checkinError.tooManyGuests" } });
      requestAnimationFrame(() => guestsAlertRef.current?.focus());
      return;
    }
    const checked = drafts.map((draft) => ({ draft, result: validateDraft(draft.values) }));
    const invalid = checked.find(({ result }) => !result.ok);
    if (invalid) {
      dispatch({
        type: "guestsRefused",
        alert: { message: MESSAGES.checkinGuestsIncomplete },
        drafts: checked.map(({ draft, result }) => ({
          ...draft,
          errors: result.ok ? {} : result.errors,
        })),
      });
      const result = invalid.result as { ok: false; errors: GuestDraft["errors"] };
      focusById(guestFieldId(invalid.draft, firstErrorField(result.errors)!));
      return;
    }
    // Read from a document without certainty: the guest looks at each before going on.
    const unchecked = drafts.find((draft) => draft.toCheck.length > 0);
    if (unchecked) {
      dispatch({ type: "guestsRefused", alert: { toCheck: true } });
      focusById(guestFieldId(unchecked, firstToCheck(unchecked)!));
      return;
    }
    dispatch({ type: "toSummary" });
  }

  /**
   * Start checkin: sends the guests not stored yet (a retry after a lost answer leaves out those
   * an earlier attempt did store), then follows their registration.
   */
  async function submit() {
    if (!terms) {
      dispatch({ type: "termsMissing" });
      focusById("terms");
      return;
    }
    const forms = new Map<string, GuestForm>();
    for (const draft of drafts) {
      const result = validateDraft(draft.values);
      // Back to the guests, showing their errors.
      if (!result.ok) return toSummary();
      forms.set(draft.key, result.guest);
    }
    dispatch({ type: "send" });
    knownBefore.current ??= new Set(reservation.guests.map((g) => g.id));
    const known = knownBefore.current;
    let pending = drafts;
    try {
      if (attempts.current > 0) {
        const fresh = await readStay(reservation, target);
        const { stored } = storedDrafts(drafts, fresh.guests, known);
        pending = drafts.filter((d) => !stored.includes(d));
        dispatch({ type: "read", reservation: fresh });
      }
      const latest = pending.length > 0
        ? await checkInGuests(reservation, target, pending.map((d) => forms.get(d.key)!))
        : await readStay(reservation, target);
      let mine = storedDrafts(drafts, latest.guests, known).storedIds;
      if (mine.length < drafts.length) {
        mine = latest.guests.filter((g) => !known.has(g.id)).map((g) => g.id);
      }
      const outcome = outcomeOf(latest.guests, mine);
      dispatch({
        type: "phase",
        reservation: latest,
        phase: outcome
          ? { kind: "done", outcome, guestIds: mine }
          : { kind: "registering", guestIds: mine, since: Date.now(), slow: false },
      });
    } catch (error) {
      attempts.current += 1;
      const kind = checkinFailureOf(error);
      if (kind === "invalidData") {
        const perGuest = guestErrorsOf(error, pending.length);
        const withErrors = drafts.map((d) => {
          const index = pending.indexOf(d);
          return index >= 0 ? { ...d, errors: perGuest[index] } : d;
        });
        const first = withErrors.find((d) => firstErrorField(d.errors));
        if (first) {
          dispatch({
            type: "guestsRefused",
            alert: { key: "checkinError.invalidData" },
            drafts: withErrors,
          });
          focusById(guestFieldId(first, firstErrorField(first.errors)!));
          return;
        }
      }
      dispatch({ type: "sendFailed", failure: { kind, detail: detailOf(error) } });
      requestAnimationFrame(() => summaryAlertRef.current?.focus());
    } finally {
      dispatch({ type: "sent" });
    }
  }

  /** The server's explanation where it adds something (e.g. how many guests the unit sleeps). */
  function detailOf(error: unknown): string | undefined {
    const problem = (error as { problem?: { detail?: string; errors?: Record<string, string[]> } })
      ?.problem;
    const message = problem?.errors?.reservationGuests?.[0];
    const capacityMatch = message && /At most (\d+) guests/.exec(message);
    if (capacityMatch) return plural("guest.capacityReached", Number(capacityMatch[1]));
    return undefined;
  }

  async function refresh() {
    if (phase.kind !== "done") return;
    dispatch({ type: "refreshing", refreshing: true });
    try {
      const latest = await readStay(reservation, target);
      const outcome = outcomeOf(latest.guests, phase.guestIds);
      dispatch({
        type: "phase",
        reservation: latest,
        phase: outcome
          ? { kind: "done", outcome, guestIds: phase.guestIds }
          : { kind: "registering", guestIds: phase.guestIds, since: Date.now(), slow: false },
      });
    } catch {
      // The same outcome stays on screen; the guest may try again.
    } finally {
      dispatch({ type: "refreshing", refreshing: false });
    }
  }

  function checkInMore() {
    knownBefore.current = undefined;
    attempts.current = 0;
    dispatch({ type: "checkInMore" });
  }

  if (phase.kind === "registering") {
    return <ProcessingView headingRef={heading} slow={phase.slow} />;
  }
  if (phase.kind === "done") {
    const mine = reservation.guests.filter((g) => phase.guestIds.includes(g.id));
    return (
      <OutcomeView
        headingRef={heading}
        outcome={phase.outcome}
        reservation={reservation}
        mine={mine}
        canAddMore={room > 0}
        onAddMore={checkInMore}
        onRefresh={refresh}
        refreshing={flow.refreshing}
      />
    );
  }

  /** "Gost 1: Spol, Broj dokumenta; Gost 2: Ime": what is still to check, as it stands. */
  const toCheckList = drafts.flatMap((draft, index) =>
    draft.toCheck.length === 0 ? [] : [
      `${t("guest.heading", { number: index + 1 })}: ${
        GUEST_FIELDS.filter((f) => draft.toCheck.includes(f)).map((f) => t(`field.${f}`))
          .join(", ")
      }`,
    ]
  ).join("; ");
  const alertText = !guestsAlert
    ? undefined
    : "message" in guestsAlert
    ? validation(guestsAlert.message)
    : "key" in guestsAlert
    ? t(guestsAlert.key)
    : toCheckList
    ? t("checkinError.toCheck", { fields: toCheckList })
    : undefined;

  return (
    <div className="space-y-6">
      <StepIndicator current={step} />
      {step === "overview" && (
        <div className="space-y-5">
          <div>
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
              {t("overview.heading")}
            </h1>
            <p className="mt-1 text-fg-muted">{t("overview.intro")}</p>
          </div>
          <ReservationCard reservation={reservation} />
          <div aria-live="polite" className="space-y-5 empty:hidden">
            {reservation.awaitingHost
              ? <Notice tone="info">{t("overview.awaitingHost")}</Notice>
              : wifi?.ssid
              ? <WifiCard wifi={wifi} />
              : null}
          </div>
          {reservation.status === "Pending" && (
            <Notice tone="info">
              {t("overview.beforeArrival", { date: formatDay(reservation.startDate, lang) })}
            </Notice>
          )}
          <EnteredGuests guests={reservation.guests} />
          {room > 0
            ? (
              capacity !== null && (
                <p className="text-fg-muted">
                  {plural("overview.room", room, { capacity })}
                </p>
              )
            )
            : <Notice tone="warning">{t("overview.full")}</Notice>}
        </div>
      )}
      {step === "guests" && (
        <GuestsStep
          headingRef={heading}
          alertRef={guestsAlertRef}
          alert={alertText}
          drafts={drafts}
          room={capacity === null ? null : room}
          countries={countryList}
          borderCrossings={crossings}
          searchSettlements={searchSettlements}
          onChange={updateDraft}
          onAdd={addGuest}
          onRemove={removeGuest}
        />
      )}
      {step === "summary" && (
        <SummaryStep
          headingRef={heading}
          alertRef={summaryAlertRef}
          reservation={reservation}
          drafts={drafts}
          countries={countryList}
          terms={terms}
          onTerms={(accepted) => dispatch({ type: "terms", accepted })}
          termsError={termsError}
          sending={sending}
          failure={failure}
          onRetry={submit}
          onBackToGuests={() => dispatch({ type: "step", step: "guests" })}
        />
      )}

      <div className="flex flex-wrap-reverse gap-3 border-t border-border pt-5 sm:flex-nowrap">
        {step !== "overview" && (
          <button
            type="button"
            disabled={sending}
            onClick={() =>
              dispatch({ type: "step", step: step === "summary" ? "guests" : "overview" })}
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-5 font-semibold hover:bg-surface-muted disabled:opacity-60 sm:flex-none"
          >
            {t("actions.previous")}
          </button>
        )}
        <span className="hidden flex-1 sm:block" />
        {step === "overview" && room > 0 && (
          <PrimaryButton onClick={startGuests}>{t("actions.addGuests")}</PrimaryButton>
        )}
        {step === "guests" && <PrimaryButton onClick={toSummary}>{t("actions.next")}
        </PrimaryButton>}
        {step === "summary" && (
          <PrimaryButton onClick={submit} busy={sending}>{t("actions.startCheckin")}</PrimaryButton>
        )}
      </div>
    </div>
  );
}

function PrimaryButton(
  { onClick, busy = false, children }: { onClick: () => void; busy?: boolean; children: string },
) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className="inline-flex min-h-11 w-full flex-1 items-center justify-center gap-2 rounded-xl bg-primary px-6 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover disabled:opacity-60 sm:w-auto sm:flex-none"
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
