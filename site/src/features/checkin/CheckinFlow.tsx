/*
 * The check-in's steps and sending, as one piece: every handler here (add, remove, next, send,
 * refresh) reads and changes the same flow state and focus refs, so splitting it would pass that
 * state through a dozen props. The state itself lives in use-checkin-flow.ts, each step's view in
 * its own file (OverviewStep, GuestsStep, SummaryStep, OutcomeView).
 */
import { useEffect, useRef } from "react";
import { message, parseMessage } from "@shared/messages.ts";
import type { GuestForm } from "@shared/schemas/guest.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import {
  checkInGuests,
  type CheckinTarget,
  lookupCodeOf,
  type PublicReservation,
  readStay,
} from "./checkin-api.ts";
import { checkinFailureOf, guestErrorsOf } from "./checkin-errors.ts";
import { forgetDrafts, saveDrafts } from "./draft-storage.ts";
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
import { ADD_GUEST_ID, GuestsStep } from "./GuestsStep.tsx";
import { useTranslator } from "./i18n-context.ts";
import { OutcomeView, ProcessingView } from "./OutcomeView.tsx";
import { OverviewStep } from "./OverviewStep.tsx";
import { StepIndicator } from "./StepIndicator.tsx";
import { SummaryStep } from "./SummaryStep.tsx";
import { outcomeOf, roomOf, useCheckinFlow } from "./use-checkin-flow.ts";
import { useBorderCrossings, useCountries, useSettlementSearcher } from "./use-checkin-lookups.ts";
import { useFocusedHeading } from "./use-focused-heading.ts";
import { useRepeatedRead } from "./use-repeated-read.ts";

/** Spec (issue 6): the page asks every 2 s how the registration stands. */
const POLL_MS = 2_000;
/** After this long the guest is told it takes longer than usual (the page keeps asking). */
const SLOW_AFTER_MS = 30_000;
/**
 * While the host has not confirmed this phone's guests (automatic check-in off): how often the
 * page asks again, to show the WiFi and the house information once the host has.
 */
const HOST_POLL_MS = 10_000;

/** Overview → Guests → Summary, then the check-in itself and its outcome. */
export function CheckinFlow(
  { initial, target }: { initial: PublicReservation; target: CheckinTarget },
) {
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
  const capacity = reservation.accommodationUnit?.capacity ?? null;
  const room = roomOf(reservation);

  // Country names in the page's language, fetched once the guest reaches the form.
  const countryList = useCountries(lang, step !== "overview" || drafts.length > 0);
  // Border crossings, only once a guest lives outside the EU.
  const crossings = useBorderCrossings(code, drafts.some((d) => asksForEntry(d.values)));
  // Croatian settlements, searched on the server as a guest types a city in Croatia.
  const searchSettlements = useSettlementSearcher(code);

  // While eVisitor registers the guests: ask every 2 s until each is registered or refused.
  useRepeatedRead(phase.kind === "registering", POLL_MS, async (live) => {
    if (phase.kind !== "registering") return false;
    try {
      const latest = await readStay(reservation, target);
      if (!live()) return false;
      dispatch({ type: "read", reservation: latest });
      const outcome = outcomeOf(latest.guests, phase.guestIds);
      if (outcome) {
        dispatch({ type: "phase", phase: { kind: "done", outcome, guestIds: phase.guestIds } });
        return false;
      }
    } catch {
      // A lost answer is asked again on the next round.
    }
    if (!live()) return false;
    if (!phase.slow && Date.now() - phase.since > SLOW_AFTER_MS) {
      dispatch({ type: "phase", phase: { ...phase, slow: true } });
      return false;
    }
    return true;
  }, [phase, code]);

  // Sent to the host, who has not confirmed yet (after the check-in, or on the stay's page opened
  // again): ask now and then; the WiFi and the house information come with the confirmation.
  const waitingForHost = reservation.awaitingHost &&
    (phase.kind === "done"
      ? phase.outcome === "host"
      : phase.kind === "form" && step === "overview");
  useRepeatedRead(waitingForHost, HOST_POLL_MS, async (live) => {
    try {
      const latest = await readStay(reservation, target);
      if (!live()) return false;
      const outcome = phase.kind === "done" ? outcomeOf(latest.guests, phase.guestIds) : undefined;
      if (phase.kind === "done" && outcome !== "host") {
        dispatch({
          type: "phase",
          reservation: latest,
          phase: outcome
            ? { kind: "done", outcome, guestIds: phase.guestIds }
            : { kind: "registering", guestIds: phase.guestIds, since: Date.now(), slow: false },
        });
        return false;
      }
      dispatch({ type: "read", reservation: latest });
    } catch {
      // A lost answer is asked again on the next round.
    }
    return true;
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
      dispatch({ type: "guestsRefused", alert: { message: message("checkinGuestRequired") } });
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
        alert: { message: message("checkinGuestsIncomplete") },
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
    const field = problem?.errors?.reservationGuests?.[0];
    const reached = field === undefined ? undefined : parseMessage(field);
    if (reached?.code !== "stayCapacityReached") return undefined;
    return plural("guest.capacityReached", Number(reached.params?.capacity));
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
      {step === "overview" && <OverviewStep headingRef={heading} reservation={reservation} />}
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
