import { stayCheckInPath } from "@shared/app-routes.ts";
import { dateParts } from "@shared/local-date.ts";
import {
  type CheckinLanguage,
  INTL_TAGS,
  isCheckinLanguage,
  pathInLanguage,
} from "../../i18n/checkin/languages.ts";

/**
 * The message a host sends a stay's guests with its check-in link, in the guests' language (one of
 * the check-in page's seven), and the link itself in that language (`/de/prijava/rezervacija/…`),
 * so the page opens in it at once. Here rather than in the site's catalogues, which speak only
 * Croatian and English.
 */
const TEXTS: Record<CheckinLanguage, { subject: string; message: string }> = {
  hr: {
    subject: "Prijava gostiju – rezervacija {code}",
    message:
      "Vaš boravak: {place}, {checkIn} – {checkOut}. Molimo da se prije dolaska prijavite ovdje: {link}",
  },
  en: {
    subject: "Guest check-in – reservation {code}",
    message:
      "Your stay: {place}, {checkIn} – {checkOut}. Please check in here before you arrive: {link}",
  },
  fr: {
    subject: "Enregistrement des voyageurs – réservation {code}",
    message:
      "Votre séjour : {place}, {checkIn} – {checkOut}. Merci de vous enregistrer ici avant votre arrivée : {link}",
  },
  it: {
    subject: "Check-in degli ospiti – prenotazione {code}",
    message:
      "Il vostro soggiorno: {place}, {checkIn} – {checkOut}. Vi preghiamo di fare il check-in qui prima dell'arrivo: {link}",
  },
  de: {
    subject: "Gäste-Check-in – Buchung {code}",
    message:
      "Ihr Aufenthalt: {place}, {checkIn} – {checkOut}. Bitte checken Sie vor Ihrer Ankunft hier ein: {link}",
  },
  es: {
    subject: "Registro de huéspedes – reserva {code}",
    message:
      "Su estancia: {place}, {checkIn} – {checkOut}. Por favor, regístrense aquí antes de llegar: {link}",
  },
  ru: {
    subject: "Регистрация гостей – бронирование {code}",
    message:
      "Ваше проживание: {place}, {checkIn} – {checkOut}. Пожалуйста, зарегистрируйтесь здесь до приезда: {link}",
  },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** A calendar date as the guests' language writes it: "12. Juli 2026". */
function guestDate(date: string, lang: CheckinLanguage): string {
  const parts = dateParts(date);
  if (!parts) return date;
  return new Intl.DateTimeFormat(INTL_TAGS[lang], {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])));
}

/** The stay's check-in page in the guests' language. */
export function checkInLinkIn(code: string, lang: CheckinLanguage): string {
  return `${location.origin}${pathInLanguage(stayCheckInPath(code), lang)}`;
}

export function shareTexts(
  lang: CheckinLanguage,
  stay: { code: string; place: string; startDate: string; endDate: string },
): { link: string; subject: string; message: string } {
  const link = checkInLinkIn(stay.code, lang);
  return {
    link,
    subject: fill(TEXTS[lang].subject, { code: stay.code }),
    message: fill(TEXTS[lang].message, {
      place: stay.place,
      checkIn: guestDate(stay.startDate, lang),
      checkOut: guestDate(stay.endDate, lang),
      link,
    }),
  };
}

const STORED = "shareLanguage";

/** The language the host last shared in (this browser), else the host's own page language. */
export function lastShareLanguage(fallback: CheckinLanguage): CheckinLanguage {
  try {
    const stored = localStorage.getItem(STORED);
    return isCheckinLanguage(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

export function rememberShareLanguage(lang: CheckinLanguage): void {
  try {
    localStorage.setItem(STORED, lang);
  } catch {
    // Storage blocked: the next dialog starts from the host's language again.
  }
}
