import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import {
  type CheckinLanguage,
  pathInLanguage,
  rememberLanguage,
} from "../../i18n/checkin/languages.ts";
import { type Catalogue, createTranslator, loadCatalogue } from "../../i18n/checkin/translator.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import type { HostContact as Contact } from "@shared/schemas/host-contact.ts";
import {
  type CheckinTarget,
  getCurrentStay,
  getReservation,
  lookupCodeOf,
  type PublicReservation,
} from "./checkin-api.ts";
import { type LoadFailure, loadFailureOf } from "./checkin-errors.ts";
import { CheckinFlow } from "./CheckinFlow.tsx";
import { CheckinHeader, PRODUCT_NAME } from "./CheckinHeader.tsx";
import { forgetDrafts } from "./draft-storage.ts";
import { formatDay, formatTime } from "./format.ts";
import { FOOTER_ID, usePrivacyNoticeIn } from "./guest-privacy-notice.ts";
import { contactOfError, HostContact } from "./HostContact.tsx";
import { TranslatorContext, useTranslator } from "./i18n-context.ts";
import { ClosedStay, LoadFailed, LoadingPanel } from "./LoadStates.tsx";
import { StatusPanel } from "./StatusPanel.tsx";
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
