import { type Ref, useEffect, useRef, useState } from "react";
import type { StayRequestStatus } from "@shared/schemas/stay-request.ts";
import type { TransportOptions } from "../../lib/api/transport.ts";
import type { CheckinLanguage } from "../../i18n/checkin/languages.ts";
import type { Translator } from "../../i18n/checkin/translator.ts";
import type { InputField as InputFieldType } from "./fields.tsx";
import type { StatusPanel as StatusPanelType } from "./StatusPanel.tsx";
import type { Spinner as SpinnerType } from "../../ui/Spinner.tsx";
import { RequestForm } from "./WalkInRequestForm.tsx";
import { statusOf } from "./walk-in-problem.ts";

/**
 * What the page lends the walk-in chunk. It imports nothing of the page's own modules (only
 * types), so the page's chunk is not split to share them (see docs/benchmarks.md: a split costs
 * more at start than the props).
 */
export interface WalkInKit {
  translator: Translator;
  send: <T>(path: string, options?: TransportOptions) => Promise<T>;
  InputField: typeof InputFieldType;
  StatusPanel: typeof StatusPanelType;
  Spinner: typeof SpinnerType;
  formatDay: (date: string, lang: CheckinLanguage) => string;
  formatTime: (iso: string, lang: CheckinLanguage) => string;
  /** Today in Zagreb (YYYY-MM-DD). */
  today: () => string;
  /** The token this device holds for the door's request, and keeping or forgetting it. */
  tokenOf: (doorCode: string) => string | undefined;
  keepToken: (doorCode: string, entry?: { token: string; expiresAt: string }) => void;
  maxNights: number;
  tokenHeader: string;
}

/** The page asks this often whether the host answered. */
const POLL_MS = 4_000;

type View =
  | { kind: "form" }
  | { kind: "waiting"; token: string; status?: StayRequestStatus }
  | { kind: "declined" }
  | { kind: "expired" };

interface WalkInRequestProps {
  kit: WalkInKit;
  /** The door code the guest came through. */
  code: string;
  /** The host confirmed: the stay exists now, the page reads the door again. */
  onConfirmed: () => void;
  /** The guest gave up on the form: back to "no stay today". */
  onCancel: () => void;
}

/**
 * A walk-in's stay request (issue 20 item 5), loaded only when a guest at a door with no stay
 * today asks for one: the form (departure day, number of guests, an optional name and phone for
 * the host), then the wait for the host's answer, polled with the token only this device holds.
 * Confirmed, the page goes on into the normal check-in; declined or expired, it says so and the
 * host's contact stays below.
 */
export default function WalkInRequest({ kit, code, onConfirmed, onCancel }: WalkInRequestProps) {
  const { send, keepToken } = kit;
  const [view, setView] = useState<View>(() => {
    const token = kit.tokenOf(code);
    return token ? { kind: "waiting", token } : { kind: "form" };
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [view.kind]);

  // Waiting: ask every few seconds until the host answers or the request runs out.
  const token = view.kind === "waiting" ? view.token : undefined;
  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const status = await send<StayRequestStatus>("/api/StayRequests/Status", {
          headers: { [kit.tokenHeader]: token },
        });
        if (!live) return;
        if (status.state === "Pending") {
          setView({ kind: "waiting", token, status });
        } else {
          keepToken(code);
          if (status.state === "Confirmed") return onConfirmed();
          return setView({ kind: status.state === "Declined" ? "declined" : "expired" });
        }
      } catch (error) {
        if (!live) return;
        // The token is unknown (another database, a cleared request): ask again from the start.
        if (statusOf(error) === 400) {
          keepToken(code);
          return setView({ kind: "form" });
        }
      }
      timer = setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token]);

  if (view.kind === "form") {
    return (
      <RequestForm
        kit={kit}
        code={code}
        headingRef={heading}
        onSent={(created) => {
          keepToken(code, { token: created.token, expiresAt: created.expiresAt });
          setView({ kind: "waiting", token: created.token, status: created });
        }}
        onCancel={onCancel}
      />
    );
  }
  if (view.kind === "waiting") {
    return <Waiting kit={kit} headingRef={heading} status={view.status} />;
  }
  return (
    <Answered
      kit={kit}
      headingRef={heading}
      view={view}
      onAgain={() => setView({ kind: "form" })}
    />
  );
}

function Waiting(
  { kit, headingRef, status }: {
    kit: WalkInKit;
    headingRef: Ref<HTMLHeadingElement>;
    status?: StayRequestStatus;
  },
) {
  const { translator: { t, plural, lang }, StatusPanel, formatDay, formatTime } = kit;
  return (
    <div role="status">
      <StatusPanel
        headingRef={headingRef}
        icon="calendar"
        busy
        tone="info"
        title={t("walkin.waiting.heading")}
      >
        {status && (
          <>
            <p>
              {t("walkin.waiting.text", {
                start: formatDay(status.startDate, lang),
                end: formatDay(status.endDate, lang),
                guests: plural("walkin.guests", status.guestCount),
              })}
            </p>
            <p>{t("walkin.waiting.until", { time: formatTime(status.expiresAt, lang) })}</p>
          </>
        )}
      </StatusPanel>
    </div>
  );
}

function Answered(
  { kit, headingRef, view, onAgain }: {
    kit: WalkInKit;
    headingRef: Ref<HTMLHeadingElement>;
    view: { kind: "declined" | "expired" };
    onAgain: () => void;
  },
) {
  const { translator: { t }, StatusPanel } = kit;
  const declined = view.kind === "declined";
  return (
    <div role="alert">
      <StatusPanel
        headingRef={headingRef}
        icon={declined ? "close" : "history"}
        tone={declined ? "warning" : "neutral"}
        title={t(declined ? "walkin.declined.heading" : "walkin.expired.heading")}
        actions={declined ? undefined : (
          <button
            type="button"
            onClick={onAgain}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-5 font-semibold hover:bg-surface-muted"
          >
            {t("walkin.again")}
          </button>
        )}
      >
        <p>{t(declined ? "walkin.declined.text" : "walkin.expired.text")}</p>
      </StatusPanel>
    </div>
  );
}
