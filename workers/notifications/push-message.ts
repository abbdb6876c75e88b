import { NOTIFICATION_TEMPLATES, notificationLinkOf } from "@shared/notification-templates.ts";
import { initialsOf } from "@shared/guest-initials.ts";
import { APP_ROUTES } from "@shared/app-routes.ts";
import { roleNameOf } from "./account-emails.ts";

type Language = "hr" | "en";
type Placeholders = Record<string, string>;

/**
 * What a push carries (site/public/sw.js shows it): a title and a line of text in the reader's
 * language, the app page it opens and, for guests waiting, the approval sheet's address and the
 * actions "Approve" and "Open". No personal data beyond initials: the lock screen shows it, and
 * push services relay it (encrypted, RFC 8291). A guest's name from a notification's
 * `reservationList` is cut to initials; a walk-in's name and phone are left out.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** The app page it opens (a path). */
  url: string;
  /** One notification per tag on the device: a newer one replaces it. */
  tag: string;
  lang: Language;
  /** The approval sheet (/app/odobri-goste#token): it lists the guests and asks for one tap. */
  approveUrl?: string;
  actions?: { action: "approve" | "open"; title: string }[];
}

const T = NOTIFICATION_TEMPLATES;

/** "Ana Horvat" → "A. H."; the first and last words of a full name. */
const initialsOfFullName = (full: string | undefined) => {
  const parts = (full ?? "").trim().split(/\s+/).filter(Boolean);
  return parts.length === 0 ? "" : initialsOf(parts[0], parts.length > 1 ? parts.at(-1)! : "");
};

/** "A. H. · Apartman Sunce": the parts present, joined. */
const line = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" · ");

const TITLES: Record<string, Record<Language, string>> = {
  [T.stayRequested.template]: {
    hr: "Gost na vratima traži boravak",
    en: "A guest at the door asks for a stay",
  },
  [T.guestRegistrationFailed.template]: {
    hr: "Prijava gosta nije uspjela",
    en: "A guest's registration failed",
  },
  [T.guestRegistrationDue.template]: {
    hr: "Rok za prijavu gosta istječe",
    en: "A guest's registration is due",
  },
  [T.registrationMismatch.template]: {
    hr: "eVisitor se ne slaže s Prijavkom",
    en: "eVisitor disagrees with Prijavko",
  },
  [T.accountSyncFailed.template]: {
    hr: "eVisitor račun se ne može sinkronizirati",
    en: "An eVisitor account cannot sync",
  },
  [T.guestCheckOutDue.template]: {
    hr: "Rok za odjavu gosta istječe",
    en: "A guest's check-out is due",
  },
  [T.calendarConflict.template]: {
    hr: "Kalendar: termin je već zauzet",
    en: "Calendar: those nights are taken",
  },
  [T.calendarStayNeedsHost.template]: {
    hr: "Kalendar platforme promijenio je boravak",
    en: "A platform calendar changed a stay",
  },
  [T.calendarFeedFailing.template]: {
    hr: "Kalendar se ne sinkronizira",
    en: "A calendar is not syncing",
  },
  [T.subscriptionActivated.template]: { hr: "Plaćanje je potvrđeno", en: "Payment confirmed" },
  [T.purchaseRequested.template]: {
    hr: "Paket je naručen: podaci za plaćanje",
    en: "Package ordered: how to pay",
  },
  [T.subscriptionExpiring.template]: {
    hr: "Pretplata uskoro istječe",
    en: "Your subscription ends soon",
  },
  [T.subscriptionExpired.template]: { hr: "Pretplata je istekla", en: "Your subscription ended" },
  [T.planLimitReached.template]: {
    hr: "Dosegnuto je ograničenje paketa",
    en: "Your plan's limit was reached",
  },
  [T.propertyMemberJoined.template]: {
    hr: "Pozivnica u tim je prihvaćena",
    en: "A team invitation was accepted",
  },
  [T.propertyOwnerLeaving.template]: {
    hr: "Vlasnik objekta briše račun",
    en: "A property's owner is leaving",
  },
};

/** The second line of each template: where, and whom by initials. */
function bodyOf(template: string, p: Placeholders, lang: Language): string {
  switch (template) {
    case T.stayRequested.template:
      return line(
        p.accommodationUnit,
        p.guestCount &&
          (lang === "hr"
            ? `gostiju: ${p.guestCount}`
            : `${p.guestCount} guest${p.guestCount === "1" ? "" : "s"}`),
      );
    case T.guestRegistrationFailed.template:
    case T.guestRegistrationDue.template:
    case T.guestCheckOutDue.template:
      return line(initialsOfFullName(p.reservationList), p.accommodationUnit);
    case T.subscriptionActivated.template:
    case T.purchaseRequested.template:
    case T.subscriptionExpiring.template:
    case T.subscriptionExpired.template:
      return p.packageName ?? "";
    case T.propertyOwnerLeaving.template:
      return p.propertyName ?? "";
    case T.propertyMemberJoined.template:
      return line(p.propertyName, p.role ? roleNameOf(p.role, lang) : undefined);
    default:
      return line(p.accommodationUnit, p.code);
  }
}

/**
 * The push of a notification in `lang`. For a guest held for approval `approval` is the stay's
 * approval sheet and the initials of the guests waiting there; without it (nobody waits any
 * more, or the guest was let in at once) the guest's arrival is told without actions.
 */
export function composePushMessage(
  notification: { id: string; template: string; placeholders: Placeholders },
  lang: Language,
  approval?: { url: string; initials: string[] },
): PushMessage {
  const { template, placeholders: p } = notification;
  const url = notificationLinkOf(template, p) ?? APP_ROUTES.notifications;
  const tag = `${template}:${p.code ?? p.requestId ?? p.guestId ?? notification.id}`;
  if (template === T.guestAddedByGuest.template) {
    if (approval) {
      return {
        title: lang === "hr" ? "Gost čeka vaše odobrenje" : "A guest is waiting for approval",
        body: line(approval.initials.join(", "), p.accommodationUnit),
        url,
        tag: `GuestWaiting:${p.code ?? p.guestId}`,
        lang,
        approveUrl: approval.url,
        actions: [
          { action: "approve", title: lang === "hr" ? "Odobri" : "Approve" },
          { action: "open", title: lang === "hr" ? "Otvori" : "Open" },
        ],
      };
    }
    return {
      title: lang === "hr" ? "Gost se prijavio" : "A guest checked in",
      body: line(p.initials, p.accommodationUnit),
      url,
      tag,
      lang,
    };
  }
  const title = TITLES[template]?.[lang] ?? (lang === "hr" ? "Nova obavijest" : "New notification");
  return { title, body: bodyOf(template, p, lang), url, tag, lang };
}
