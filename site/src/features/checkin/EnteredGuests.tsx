import type { PublicGuest } from "@shared/schemas/guest.ts";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

const STATE_STYLE = {
  waiting: { icon: "calendar", className: "bg-info-soft text-info-soft-fg" },
  // Automatic check-in off: the host confirms the guest before it goes to eVisitor.
  host: { icon: "history", className: "bg-info-soft text-info-soft-fg" },
  queued: { icon: "sync", className: "bg-warning-soft text-warning-soft-fg" },
  registered: { icon: "checkCircle", className: "bg-success-soft text-success-soft-fg" },
  failed: { icon: "alertCircle", className: "bg-error-soft text-error-soft-fg" },
  // Failed only because eVisitor did not answer: sent again by itself (registrationRetryAt).
  retrying: { icon: "history", className: "bg-warning-soft text-warning-soft-fg" },
} as const;

/**
 * Guests already entered for this stay (from any phone), with where their registration stands,
 * so a second phone of the same party does not enter them again.
 */
export function EnteredGuests({ guests, headingLevel = 2 }: {
  guests: PublicGuest[];
  headingLevel?: 2 | 3;
}) {
  const { t, plural } = useTranslator();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (guests.length === 0) return null;
  return (
    <section
      aria-labelledby="entered-guests"
      className="rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-6"
    >
      <Heading id="entered-guests" className="font-bold">
        {plural("entered.heading", guests.length)}
      </Heading>
      <p className="mt-1 text-sm text-fg-muted">{t("entered.hint")}</p>
      <ul className="mt-3 divide-y divide-border">
        {guests.map((guest) => {
          const state = guest.awaitingHost
            ? "host"
            : guest.registrationState === "failed" && guest.registrationRetryAt
            ? "retrying"
            : guest.registrationState;
          const style = STATE_STYLE[state];
          return (
            <li
              key={guest.id}
              className="flex flex-col items-start gap-1 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-2"
            >
              <span className="flex items-center gap-2 font-semibold">
                <Icon name="user" className="size-5 text-fg-muted" />
                {guest.name === null ? guest.initials : `${guest.name} ${guest.surname ?? ""}`}
              </span>
              <span
                className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${style.className}`}
              >
                <Icon name={style.icon} className="size-3.5" />
                {t(`registration.${state}`)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
