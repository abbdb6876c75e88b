import { type FormEvent, type Ref, useEffect, useRef, useState } from "react";
import type { StayRequestCreated, StayRequestStatus } from "@shared/schemas/stay-request.ts";
import type { TransportOptions } from "../../lib/api/transport.ts";
import type { CheckinLanguage } from "../../i18n/checkin/languages.ts";
import type { Translator } from "../../i18n/checkin/translator.ts";
import type { InputField as InputFieldType } from "./fields.tsx";
import type { StatusPanel as StatusPanelType } from "./StatusPanel.tsx";
import type { Spinner as SpinnerType } from "../../ui/Spinner.tsx";

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

/** A calendar date `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The HTTP status of a failed call, and its problem details. */
const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;
const problemOf = (error: unknown) =>
  (error as { problem?: { code?: string; errors?: Record<string, string[]> } } | undefined)
    ?.problem;

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

interface Values {
  endDate: string;
  guestCount: string;
  name: string;
  phone: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function RequestForm(
  { kit, code, headingRef, onSent, onCancel }: {
    kit: WalkInKit;
    code: string;
    headingRef: Ref<HTMLHeadingElement>;
    onSent: (created: StayRequestCreated) => void;
    onCancel: () => void;
  },
) {
  const { translator: { t }, InputField, Spinner, send, maxNights } = kit;
  const [values, setValues] = useState<Values>({
    endDate: "",
    guestCount: "",
    name: "",
    phone: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  // Today in Zagreb, read when the form shows (a page left open past midnight reads it anew).
  const today = kit.today();
  const first = addDays(today, 1);
  const last = addDays(today, maxNights);

  /** A field's error goes once the guest changes it (it is checked again on sending). */
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => e[field] ? { ...e, [field]: undefined } : e);
  };

  function focusFirst(found: Errors) {
    const field = (["endDate", "guestCount", "name", "phone"] as const).find((f) => found[f]);
    if (field) requestAnimationFrame(() => document.getElementById(`walkin-${field}`)?.focus());
  }

  function check(): Errors {
    const found: Errors = {};
    if (!values.endDate || values.endDate < first || values.endDate > last) {
      found.endDate = t("walkin.error.departure", { max: maxNights });
    }
    if (!/^\d{1,2}$/.test(values.guestCount.trim()) || Number(values.guestCount) < 1) {
      found.guestCount = t("walkin.error.guests");
    }
    if (values.phone && !/^\+?[0-9 ()/-]*$/.test(values.phone)) {
      found.phone = t("walkin.error.phone");
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setAlert(undefined);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setSending(true);
    try {
      onSent(
        await send<StayRequestCreated>("/api/StayRequests", {
          method: "POST",
          body: {
            accommodationUnitCode: code,
            endDate: values.endDate,
            guestCount: Number(values.guestCount),
            ...(values.name.trim() ? { name: values.name.trim() } : {}),
            ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
          },
        }),
      );
    } catch (error) {
      const problem = problemOf(error);
      const fields = problem?.errors ?? {};
      const capacity = /at most (\d+)/.exec(fields.guestCount?.[0] ?? "");
      const server: Errors = {
        ...(fields.endDate && statusOf(error) === 400
          ? { endDate: t("walkin.error.departure", { max: maxNights }) }
          : {}),
        ...(fields.guestCount
          ? {
            guestCount: capacity
              ? t("walkin.error.capacity", { max: capacity[1] })
              : t("walkin.error.guests"),
          }
          : {}),
      };
      if (Object.keys(server).length > 0) {
        setErrors(server);
        focusFirst(server);
      } else {
        const refusal = problem?.code;
        setAlert(
          refusal === "ReservationOverlap"
            ? t("walkin.error.taken")
            : refusal === "StayRequestLimit"
            ? t("walkin.error.waiting")
            : t("walkin.error.failed"),
        );
        requestAnimationFrame(() => alertRef.current?.focus());
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("walkin.form.heading")}
        </h1>
        <p className="mt-1 text-fg-muted">{t("walkin.form.intro")}</p>
      </div>
      {alert && (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl bg-error-soft p-4 text-error-soft-fg focus:outline-none"
        >
          {alert}
        </p>
      )}
      <div className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:grid-cols-2 sm:p-6">
        <InputField
          id="walkin-endDate"
          label={t("walkin.field.departure")}
          type="date"
          min={first}
          max={last}
          value={values.endDate}
          onChange={set("endDate")}
          error={errors.endDate}
        />
        <InputField
          id="walkin-guestCount"
          label={t("walkin.field.guests")}
          inputMode="numeric"
          maxLength={2}
          value={values.guestCount}
          onChange={set("guestCount")}
          error={errors.guestCount}
        />
        <InputField
          id="walkin-name"
          label={t("walkin.field.name")}
          optional
          autoComplete="name"
          maxLength={100}
          value={values.name}
          onChange={set("name")}
          hint={t("walkin.field.contactHint")}
        />
        <InputField
          id="walkin-phone"
          label={t("walkin.field.phone")}
          optional
          type="tel"
          autoComplete="tel"
          maxLength={30}
          value={values.phone}
          onChange={set("phone")}
          error={errors.phone}
        />
      </div>
      <div className="flex flex-wrap-reverse gap-3 border-t border-border pt-5 sm:flex-nowrap">
        <button
          type="button"
          onClick={onCancel}
          disabled={sending}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl border border-border-strong/50 bg-surface px-5 font-semibold hover:bg-surface-muted disabled:opacity-60 sm:flex-none"
        >
          {t("walkin.cancel")}
        </button>
        <span className="hidden flex-1 sm:block" />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          className="inline-flex min-h-11 w-full flex-1 items-center justify-center gap-2 rounded-xl bg-primary px-6 font-semibold text-primary-fg shadow-sm hover:bg-primary-hover disabled:opacity-60 sm:w-auto sm:flex-none"
        >
          {sending && <Spinner />}
          {t("walkin.submit")}
        </button>
      </div>
    </form>
  );
}
