/**
 * The e-mail of each host notification (spec section 8 and the issues since), in Croatian and
 * English: the wording table (WORDING, one entry per template with both languages side by side)
 * and composeNotificationEmail, which fills it in with its links and footer. One file on purpose:
 * the wording is most of it, and a translator or reviewer reads every notification's text, its
 * placeholders and the helpers that format them (dates, stays, amounts) in one place.
 */
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import { formatEuros } from "@shared/billing/money.ts";
import { notificationLinkOf } from "@shared/notification-templates.ts";
import { APP_ROUTES } from "@shared/app-routes.ts";
import type { OutgoingMail } from "./mailer.ts";
import { legalFooter } from "./legal-footer.ts";
import { roleNameOf } from "./account-emails.ts";
import { COUNTRY_CODES } from "@shared/countries.ts";

type Language = "hr" | "en";
type Placeholders = Record<string, string>;

interface Wording {
  subject: (p: Placeholders) => string;
  body: (p: Placeholders) => string;
  action: string;
}

const unit = (p: Placeholders) => p.accommodationUnit ?? "";
const stay = (p: Placeholders, lang: Language) =>
  p.code ? (lang === "hr" ? ` (boravak ${p.code})` : ` (stay ${p.code})`) : "";
const deadline = (p: Placeholders, lang: Language) =>
  p.end
    ? new Intl.DateTimeFormat(lang === "hr" ? "hr-HR" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: STAY_TIME_ZONE,
    }).format(new Date(p.end))
    : "";

/** A stay's date (YYYY-MM-DD), e.g. 20. stu 2026. / 20 Nov 2026. */
const day = (date: string | undefined, lang: Language) =>
  date
    ? new Intl.DateTimeFormat(lang === "hr" ? "hr-HR" : "en-GB", {
      dateStyle: "medium",
      timeZone: "UTC",
    }).format(new Date(`${date}T12:00:00Z`))
    : "";
/** The name and phone a walk-in gave for the host, if any: " (Ana, +385 91 …)". */
const who = (p: Placeholders) => {
  const parts = [p.name, p.phone].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
};

/** A date of the subscription's end, e.g. 20. stu 2026. / 20 Nov 2026. */
const endDate = (p: Placeholders, lang: Language) =>
  p.end
    ? new Intl.DateTimeFormat(lang === "hr" ? "hr-HR" : "en-GB", {
      dateStyle: "medium",
      timeZone: STAY_TIME_ZONE,
    }).format(new Date(p.end))
    : "";

/** How to pay an ordered package, one detail a line, as the payment page lists them. */
const paymentLines = (p: Placeholders, lang: Language) => {
  const hr = lang === "hr";
  const iban = (p.iban ?? "").replace(/(.{4})/g, "$1 ").trim();
  return [
    `${hr ? "Primatelj" : "Payee"}: ${p.payee ?? ""}`,
    `IBAN: ${iban}`,
    `${hr ? "Iznos" : "Amount"}: ${formatEuros(Number(p.amountCents) || 0, lang)}`,
    `${hr ? "Model i poziv na broj" : "Model and reference"}: ${p.model ?? ""} ${p.reference ?? ""}`
      .trim(),
    `${hr ? "Opis plaćanja" : "Description"}: ${p.description ?? ""}`,
  ].join("\n");
};

const LIMITS: Record<string, Record<Language, (p: Placeholders) => string>> = {
  maxProperties: {
    hr: (p) =>
      `Vaš paket dopušta manje objekata nego što ih ima na eVisitor računu, pa ${p.count} objekt(a) nije preuzeto.`,
    en: (p) =>
      `Your plan allows fewer properties than your eVisitor account has, so ${p.count} were not added.`,
  },
  maxUnitsPerProperty: {
    hr: (p) =>
      `Vaš paket dopušta jednu smještajnu jedinicu po objektu, pa ${p.count} jedinica nije preuzeto.`,
    en: (p) => `Your plan allows one unit per property, so ${p.count} units were not added.`,
  },
  maxBookingsPerMonth: {
    hr: (p) =>
      `U mjesecu ${p.start} imate ${p.count} rezervacija, više nego što vaš paket uključuje. Rezervacije s platformi i dalje zatvaraju termine, ali nove ručne rezervacije za taj mjesec nisu moguće.`,
    en: (p) =>
      `In ${p.start} you have ${p.count} stays, more than your plan includes. Stays from booking platforms still block their nights, but you cannot add more by hand for that month.`,
  },
  maxUsersPerProperty: {
    hr: (p) =>
      `Vaš novi paket dopušta manje korisnika po objektu nego što ih ima vaš tim, pa članovi koji su se pridružili posljednji (${p.count}) privremeno nemaju pristup. Pristup im se vraća čim promijenite paket ili uklonite nekoga iz tima.`,
    en: (p) =>
      `Your new plan allows fewer users per property than your team has, so the members who joined last (${p.count}) have no access for now. It comes back as soon as you change the plan or remove someone from the team.`,
  },
  subscriptionExpired: {
    hr: () => "Pretplata je istekla, pa novi objekti i jedinice s eVisitor računa nisu preuzeti.",
    en: () => "Your subscription has expired, so new properties and units were not added.",
  },
};

const MISMATCH: Record<string, Record<Language, string>> = {
  "arrived-not-registered": {
    hr: "gosti su stigli, a nitko nije prijavljen u eVisitor",
    en: "the guests have arrived and nobody is registered with eVisitor",
  },
  "missing-in-evisitor": {
    hr: "prijava gosta više ne postoji u eVisitoru (otkazana ondje?)",
    en: "a guest's registration is no longer in eVisitor (cancelled there?)",
  },
  "not-checked-out": {
    hr: "gost nakon odlaska još nije odjavljen u eVisitoru",
    en: "a guest has left but is still checked in with eVisitor",
  },
};

/** CalendarStayNeedsHost by its `reservationList` (what the feed did to the stay `code`). */
const STAY_NEEDS_HOST: Record<string, Record<Language, (p: Placeholders) => string>> = {
  "arrival-locked": {
    hr: (p) =>
      `Kalendar platforme pomaknuo je boravak ${p.code ?? ""} (${unit(p)}) na ${
        day(p.start, "hr")
      } – ${
        day(p.end, "hr")
      }, ali gosti tog boravka već su prijavljeni u eVisitor, koji ne dopušta promjenu datuma dolaska, pa boravak zasad zadržava svoje datume. Otvorite ga u aplikaciji i premjestite: prijave gostiju bit će otkazane i ponovno poslane s novim datumima.`,
    en: (p) =>
      `A platform calendar moved stay ${p.code ?? ""} (${unit(p)}) to ${day(p.start, "en")} – ${
        day(p.end, "en")
      }. Its guests are already registered with eVisitor, which does not let the arrival date change, so the stay keeps its dates for now. Open it in the app and move it: the guests' registrations will be cancelled and sent again with the new dates.`,
  },
  "gone-kept": {
    hr: (p) =>
      `Kalendar platforme više nema boravak ${p.code ?? ""} (${unit(p)}, ${day(p.start, "hr")} – ${
        day(p.end, "hr")
      }), ali su njegovi gosti prijavljeni u eVisitor, pa je boravak zadržan. Ako je otkazan, poništite prijave gostiju na stranici Gosti; boravak se zatim uklanja pri idućoj sinkronizaciji.`,
    en: (p) =>
      `A platform calendar no longer lists stay ${p.code ?? ""} (${unit(p)}, ${
        day(p.start, "en")
      } – ${
        day(p.end, "en")
      }), but its guests are registered with eVisitor, so the stay was kept. If it was cancelled, cancel the guests' registrations on the Guests page; the next sync then removes the stay.`,
  },
  "gone-removed": {
    hr: (p) =>
      `Kalendar platforme više nema boravak ${p.code ?? ""} (${unit(p)}, ${day(p.start, "hr")} – ${
        day(p.end, "hr")
      }), pa je uklonjen zajedno s podacima gostiju koji su se za njega već prijavili (nitko nije bio prijavljen u eVisitor). Ako je riječ o pogrešci, provjerite rezervaciju na platformi.`,
    en: (p) =>
      `A platform calendar no longer lists stay ${p.code ?? ""} (${unit(p)}, ${
        day(p.start, "en")
      } – ${
        day(p.end, "en")
      }), so it was removed together with the details of the guests who had already checked in for it (none was registered with eVisitor). If this is a mistake, check the booking on the platform.`,
  },
  "block-kept": {
    hr: (p) =>
      `Kalendar platforme boravak ${p.code ?? ""} (${unit(p)}, ${day(p.start, "hr")} – ${
        day(p.end, "hr")
      }) sada navodi kao zauzeto (blokadu), ali su njegovi gosti prijavljeni u eVisitor, pa je ostao boravak s gostima. Ako je otkazan, poništite prijave gostiju na stranici Gosti; iduća sinkronizacija zatim ga pretvara u blokadu.`,
    en: (p) =>
      `A platform calendar now lists stay ${p.code ?? ""} (${unit(p)}, ${day(p.start, "en")} – ${
        day(p.end, "en")
      }) as unavailable (a block), but its guests are registered with eVisitor, so it stays a stay with its guests. If it was cancelled, cancel the guests' registrations on the Guests page; the next sync then makes it a block.`,
  },
  other: {
    hr: (p) => `Kalendar platforme promijenio je boravak ${p.code ?? ""} (${unit(p)}).`,
    en: (p) => `A platform calendar changed stay ${p.code ?? ""} (${unit(p)}).`,
  },
};

/**
 * The wording of each e-mailed notification. Guest names are left out on purpose: the e-mail
 * names the unit and the stay; the app shows the rest after signing in.
 */
const WORDING: Record<string, Record<Language, Wording>> = {
  CalendarConflict: {
    hr: {
      subject: (p) => `Preklapanje rezervacija: ${unit(p)}`,
      body: (p) =>
        `Kalendar platforme za jedinicu ${
          unit(p)
        } ima boravak od ${p.start} do ${p.end}, a te su noći već zauzete${
          stay(p, "hr")
        }. Novi boravak nije dodan. Provjerite nije li došlo do dvostruke rezervacije.`,
      action: "Otvori kalendare",
    },
    en: {
      subject: (p) => `Overlapping bookings: ${unit(p)}`,
      body: (p) =>
        `A platform calendar for ${
          unit(p)
        } has a stay from ${p.start} to ${p.end} on nights already taken${
          stay(p, "en")
        }. It was not added. Check for a double booking.`,
      action: "Open calendars",
    },
  },
  CalendarStayNeedsHost: {
    hr: {
      subject: (p) =>
        p.reservationList === "arrival-locked"
          ? `Platforma je pomaknula dolazak prijavljenih gostiju: ${unit(p)}`
          : p.reservationList === "block-kept"
          ? `Platforma boravak s prijavljenim gostima navodi kao zauzeto: ${unit(p)}`
          : `Platforma više nema boravak s gostima: ${unit(p)}`,
      body: (p) => STAY_NEEDS_HOST[p.reservationList ?? ""]?.hr(p) ?? STAY_NEEDS_HOST.other.hr(p),
      action: "Otvori rezervacije",
    },
    en: {
      subject: (p) =>
        p.reservationList === "arrival-locked"
          ? `A platform moved the arrival of registered guests: ${unit(p)}`
          : p.reservationList === "block-kept"
          ? `A platform lists a stay with registered guests as unavailable: ${unit(p)}`
          : `A platform no longer lists a stay with guests: ${unit(p)}`,
      body: (p) => STAY_NEEDS_HOST[p.reservationList ?? ""]?.en(p) ?? STAY_NEEDS_HOST.other.en(p),
      action: "Open reservations",
    },
  },
  CalendarFeedFailing: {
    hr: {
      subject: (p) => `Kalendar se ne može preuzeti već dan: ${unit(p)}`,
      body: (p) =>
        `Vanjski kalendar jedinice ${
          unit(p)
        } ne može se preuzeti već 24 sata. Nove rezervacije s te platforme ne stižu. Ništa nije obrisano.`,
      action: "Otvori kalendare",
    },
    en: {
      subject: (p) => `A calendar has failed for a day: ${unit(p)}`,
      body: (p) =>
        `The external calendar of ${
          unit(p)
        } could not be fetched for 24 hours. New bookings from that platform are not arriving. Nothing was deleted.`,
      action: "Open calendars",
    },
  },
  GuestAddedByGuest: {
    hr: {
      subject: (p) => `Novi gost se prijavio: ${unit(p)}`,
      body: (p) =>
        `Gost ${p.initials ?? ""} upisao se ${
          p.entrance === "door" ? "QR kodom na vratima" : "poveznicom boravka"
        } u jedinicu ${unit(p)}${stay(p, "hr")}. ${
          p.held === "true"
            ? "Automatska prijava je isključena: gost ide u eVisitor tek kad odobrite " +
              'goste boravka ("Odobri goste"). '
            : ""
        }Ako to nije vaš gost, jednim dodirom na ` +
        `"Nije moj gost" uklanjate ga, a već poslanu prijavu otkazujete u eVisitoru.`,
      action: "Otvori goste",
    },
    en: {
      subject: (p) => `A guest checked in: ${unit(p)}`,
      body: (p) =>
        `Guest ${p.initials ?? ""} checked in to ${unit(p)}${stay(p, "en")} ${
          p.entrance === "door" ? "with the QR code on the door" : "with the stay's link"
        }. ${
          p.held === "true"
            ? "Automatic check-in is off: the guest goes to eVisitor only once you approve " +
              'the stay\'s guests ("Approve guests"). '
            : ""
        }If this is not your guest, one tap on "Not my guest" removes them and cancels a ` +
        `registration already sent to eVisitor.`,
      action: "Open guests",
    },
  },
  StayRequested: {
    hr: {
      subject: (p) => `Gost na vratima traži boravak: ${unit(p)}`,
      body: (p) =>
        `Gost na vratima jedinice ${unit(p)} traži boravak od ${day(p.start, "hr")} do ${
          day(p.end, "hr")
        } za ${p.guestCount ?? "?"} ${p.guestCount === "1" ? "osobu" : "osobe"}${
          who(p)
        }. Za taj dan nema upisanog boravka. Potvrdite ili odbijte jednim dodirom; zahtjev istječe za 2 sata. ` +
        "Nakon potvrde gosti se prijavljuju kodom na vratima kao i inače.",
      action: "Otvori kontrolnu ploču",
    },
    en: {
      subject: (p) => `A guest at the door asks for a stay: ${unit(p)}`,
      body: (p) =>
        `A guest at the door of ${unit(p)} asks for a stay from ${day(p.start, "en")} to ${
          day(p.end, "en")
        } for ${p.guestCount ?? "?"} ${p.guestCount === "1" ? "guest" : "guests"}${
          who(p)
        }. No stay is entered for that day. Confirm or decline in one tap; the request expires in 2 hours. ` +
        "Once confirmed, the guests check in with the door code as usual.",
      action: "Open the dashboard",
    },
  },
  GuestRegistrationFailed: {
    hr: {
      subject: (p) => `Prijava gosta nije uspjela: ${unit(p)}`,
      body: (p) =>
        `eVisitor nije prihvatio prijavu gosta u jedinici ${unit(p)}${
          stay(p, "hr")
        }. Razlog i ispravak potražite u Prijavku; gost mora biti prijavljen u roku od 24 sata od dolaska.`,
      action: "Otvori goste",
    },
    en: {
      subject: (p) => `A guest's registration failed: ${unit(p)}`,
      body: (p) =>
        `eVisitor did not accept a guest's registration in ${unit(p)}${
          stay(p, "en")
        }. See the reason and fix it in Prijavko; guests must be registered within 24 hours of arrival.`,
      action: "Open guests",
    },
  },
  GuestRegistrationDue: {
    hr: {
      subject: (p) => `Rok za prijavu gosta ističe: ${unit(p)}`,
      body: (p) =>
        `Gost u jedinici ${unit(p)}${stay(p, "hr")} još nije prijavljen u eVisitor. Rok: ${
          deadline(p, "hr")
        }.`,
      action: "Otvori goste",
    },
    en: {
      subject: (p) => `A registration deadline is near: ${unit(p)}`,
      body: (p) =>
        `A guest in ${unit(p)}${stay(p, "en")} is not registered with eVisitor yet. Deadline: ${
          deadline(p, "en")
        }.`,
      action: "Open guests",
    },
  },
  GuestCheckOutDue: {
    hr: {
      subject: (p) => `Rok za odjavu gosta ističe: ${unit(p)}`,
      body: (p) =>
        `Gost u jedinici ${unit(p)}${
          stay(p, "hr")
        } otišao je, a još nije odjavljen u eVisitoru. Rok: ${deadline(p, "hr")}.`,
      action: "Otvori goste",
    },
    en: {
      subject: (p) => `A check-out deadline is near: ${unit(p)}`,
      body: (p) =>
        `A guest in ${unit(p)}${
          stay(p, "en")
        } has left and is not checked out of eVisitor yet. Deadline: ${deadline(p, "en")}.`,
      action: "Open guests",
    },
  },
  ExternalAccountSyncFailed: {
    hr: {
      subject: () => "Sinkronizacija eVisitor računa nije uspjela",
      body: () =>
        "Prijavko nije mogao preuzeti objekte s vašeg eVisitor računa (pogrešna lozinka, zaključan račun ili eVisitor nije dostupan). Dok se to ne riješi, prijave gostiju mogu zapeti.",
      action: "Otvori povezane račune",
    },
    en: {
      subject: () => "Syncing your eVisitor account failed",
      body: () =>
        "Prijavko could not read your eVisitor account (wrong password, a locked account, or eVisitor unreachable). Until this is fixed, guest registrations may be held up.",
      action: "Open connected accounts",
    },
  },
  SubscriptionActivated: {
    hr: {
      subject: (p) =>
        p.trial === "true"
          ? "Probno razdoblje je aktivno"
          : `Pretplata ${p.packageName} je aktivna`,
      body: (p) =>
        p.trial === "true"
          ? `Vaše probno razdoblje (paket ${p.packageName}) traje do ${endDate(p, "hr")}.`
          : `Hvala! Uplata je zaprimljena i pretplata na paket ${p.packageName} vrijedi do ${
            endDate(p, "hr")
          }.${p.code ? ` Račun br. ${p.code} možete preuzeti u Prijavku.` : ""}`,
      action: "Otvori pretplatu",
    },
    en: {
      subject: (p) =>
        p.trial === "true"
          ? "Your trial is active"
          : `Your ${p.packageName} subscription is active`,
      body: (p) =>
        p.trial === "true"
          ? `Your trial (the ${p.packageName} plan) runs until ${endDate(p, "en")}.`
          : `Thank you! Your payment has arrived and your ${p.packageName} subscription runs until ${
            endDate(p, "en")
          }.${p.code ? ` Receipt no. ${p.code} is ready to download in Prijavko.` : ""}`,
      action: "Open subscription",
    },
  },
  PurchaseRequested: {
    hr: {
      subject: (p) => `Narudžba ${p.code}: podaci za uplatu`,
      body: (p) =>
        `Hvala na narudžbi paketa ${p.packageName} (${p.months} mj.). Uplatite iznos općom uplatnicom ili u aplikaciji banke; paket aktiviramo čim uplata stigne.\n\n${
          paymentLines(p, "hr")
        }`,
      action: "Otvori stranicu za plaćanje (2D kod i uplatnica)",
    },
    en: {
      subject: (p) => `Order ${p.code}: payment details`,
      body: (p) =>
        `Thank you for ordering the ${p.packageName} plan (${p.months} months). Pay by bank transfer or in your banking app; we activate the plan as soon as the payment arrives.\n\n${
          paymentLines(p, "en")
        }`,
      action: "Open the payment page (2D code and payment slip)",
    },
  },
  SubscriptionExpiring: {
    hr: {
      subject: () => "Pretplata uskoro istječe",
      body: (p) =>
        `${
          p.trial === "true" ? "Probno razdoblje" : `Pretplata na paket ${p.packageName}`
        } istječe ${
          endDate(p, "hr")
        }. Produžite je na vrijeme: nakon isteka podaci ostaju dostupni, ali nove rezervacije, jedinice i računi nisu mogući. Gosti postojećih rezervacija i dalje se mogu prijaviti.`,
      action: "Produži pretplatu",
    },
    en: {
      subject: () => "Your subscription ends soon",
      body: (p) =>
        `${p.trial === "true" ? "Your trial" : `Your ${p.packageName} subscription`} ends on ${
          endDate(p, "en")
        }. Renew in time: afterwards your data stays readable but new stays, units and accounts cannot be added. Guests of existing stays can still check in.`,
      action: "Renew",
    },
  },
  SubscriptionExpired: {
    hr: {
      subject: () => "Pretplata je istekla",
      body: (p) =>
        `${
          p.trial === "true" ? "Probno razdoblje" : `Pretplata na paket ${p.packageName}`
        } istekla je ${
          endDate(p, "hr")
        }. Podaci ostaju dostupni i gosti postojećih rezervacija mogu se prijaviti, ali za nove rezervacije, jedinice i račune potrebna je nova pretplata.`,
      action: "Obnovi pretplatu",
    },
    en: {
      subject: () => "Your subscription has expired",
      body: (p) =>
        `${p.trial === "true" ? "Your trial" : `Your ${p.packageName} subscription`} ended on ${
          endDate(p, "en")
        }. Your data stays readable and guests of existing stays can check in, but new stays, units and accounts need a new subscription.`,
      action: "Renew",
    },
  },
  PropertyMemberJoined: {
    hr: {
      subject: (p) => `Novi član tima objekta ${p.propertyName}`,
      body: (p) =>
        `Osoba koju ste pozvali u tim objekta ${p.propertyName} prihvatila je pozivnicu i sada ima pristup kao ${
          roleNameOf(p.role, "hr")
        }. Tko je to, vidite u timu objekta i u povijesti računa.`,
      action: "Otvori objekte",
    },
    en: {
      subject: (p) => `A new member of ${p.propertyName}'s team`,
      body: (p) =>
        `The person you invited to ${p.propertyName}'s team accepted the invitation and now has access as ${
          roleNameOf(p.role, "en")
        }. You see who it is in the property's team and in your account history.`,
      action: "Open properties",
    },
  },
  PropertyOwnerLeaving: {
    hr: {
      subject: (p) => `Objekt ${p.propertyName} bit će uklonjen`,
      body: (p) =>
        `Vlasnik objekta ${p.propertyName} zatražio je brisanje svog računa: objekt, njegove rezervacije i tim bit će obrisani ${
          endDate(p, "hr")
        }, a vaš pristup tada prestaje. Do tada sve radi kao i dosad.`,
      action: "Otvori objekte",
    },
    en: {
      subject: (p) => `${p.propertyName} is going away`,
      body: (p) =>
        `The owner of ${p.propertyName} asked to delete their account: on ${
          endDate(p, "en")
        } the property, its stays and its team are deleted, and your access ends. Until then everything works as before.`,
      action: "Open properties",
    },
  },
  PlanLimitReached: {
    hr: {
      subject: () => "Dosegnuto je ograničenje paketa",
      body: (p) => LIMITS[p.limit]?.hr(p) ?? "Dosegnuto je ograničenje vašeg paketa.",
      action: "Pogledaj pakete",
    },
    en: {
      subject: () => "You have reached your plan's limit",
      body: (p) => LIMITS[p.limit]?.en(p) ?? "You have reached your plan's limit.",
      action: "See plans",
    },
  },
  RegistrationMismatch: {
    hr: {
      subject: (p) => `Razlika s eVisitorom: ${unit(p)}`,
      body: (p) =>
        `Usporedba s eVisitorom za jedinicu ${unit(p)}${stay(p, "hr")}: ${
          MISMATCH[p.reservationList]?.hr ?? "podaci se ne slažu"
        }.`,
      action: "Otvori rezervacije",
    },
    en: {
      subject: (p) => `A difference with eVisitor: ${unit(p)}`,
      body: (p) =>
        `The comparison with eVisitor for ${unit(p)}${stay(p, "en")}: ${
          MISMATCH[p.reservationList]?.en ?? "the records differ"
        }.`,
      action: "Open reservations",
    },
  },
};

const ALPHA2 = new Map(COUNTRY_CODES.map(([alpha2, alpha3]) => [alpha3, alpha2]));

/** A 3-letter country code's name in the reader's language (the code when it has none). */
function countryName(code: string, lang: Language): string {
  const alpha2 = ALPHA2.get(code);
  if (!alpha2) return code;
  return new Intl.DisplayNames([lang === "hr" ? "hr" : "en"], { type: "region" }).of(alpha2) ??
    code;
}

/**
 * The e-mail about guests waiting for the host's approval (issue 32): one per stay and burst,
 * saying they wait and that nothing went to eVisitor, listing them (initials and country; the
 * page behind the button shows their names and lets the host drop one), with no "not my guest"
 * link of its own.
 */
function heldWording(
  p: Placeholders,
  lang: Language,
  waiting: { initials: string; citizenship: string }[],
) {
  const count = waiting.length;
  const hr = lang === "hr";
  const dates = `${day(p.start, lang)} – ${day(p.end, lang)}`;
  const subject = hr
    ? `${count === 1 ? "Gost čeka" : "Gosti čekaju"} vaše odobrenje: ${unit(p)}`
    : `${count === 1 ? "A guest is" : `${count} guests are`} waiting for your approval: ${unit(p)}`;
  const body = hr
    ? `${
      count === 1 ? "Jedan gost upisao se" : `Upisali su se gosti (${count})`
    } sami, bez vas, u jedinicu ${unit(p)}${stay(p, "hr")}, ${dates}. ` +
      `Automatska prijava je isključena, pa u eVisitor još ništa nije poslano: ${
        count === 1 ? "gost čeka" : "gosti čekaju"
      } vaše odobrenje. Na stranici "Odobri goste" vidite tko su, možete izbaciti onoga tko nije ` +
      "vaš gost i odobriti ostale."
    : `${count === 1 ? "A guest" : `${count} guests`} checked in on their own to ${unit(p)}${
      stay(p, "en")
    }, ${dates}. Automatic check-in is off, so nothing has gone to eVisitor yet: ${
      count === 1 ? "the guest is" : "they are"
    } waiting for your approval. The "Approve guests" page shows who they are, lets you drop ` +
      "anyone who is not your guest and approves the rest.";
  const list = waiting.map((g) => `${g.initials} (${countryName(g.citizenship, lang)})`);
  return { subject, body, list };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail for a notification in the host's language, or undefined for a template without one. */
export function composeNotificationEmail(
  template: string,
  placeholders: Placeholders,
  { to, from, publicUrl, language, notMineUrl, approveUrl, approveGuests = [], answerUrl }: {
    to: string;
    from: string;
    publicUrl: string;
    language: string;
    /** The single-use "not my guest" link of a GuestAddedByGuest e-mail. */
    notMineUrl?: string;
    /** The single-use "approve the guests" link of a held guest's e-mail (issue 20). */
    approveUrl?: string;
    /** The guests that link approves, and no others (issue 30, N7): initials and country. */
    approveGuests?: { initials: string; citizenship: string }[];
    /** The single-use "confirm or decline" link of a walk-in's stay request (issue 20). */
    answerUrl?: string;
  },
): OutgoingMail | undefined {
  const lang: Language = language === "en" ? "en" : "hr";
  const wording = WORDING[template]?.[lang];
  const page = notificationLinkOf(template, placeholders);
  if (!wording || !page) return undefined;
  const link = `${publicUrl}${page}`;
  const held = template === "GuestAddedByGuest" && approveUrl && approveGuests.length > 0
    ? heldWording(placeholders, lang, approveGuests)
    : undefined;
  const body = held?.body ?? wording.body(placeholders);
  // The e-mail switch is on Settings (/app/postavke), not on account settings.
  const settingsUrl = `${publicUrl}${APP_ROUTES.settings}`;
  const footer = lang === "hr"
    ? { before: "Ove poruke možete isključiti u ", page: "Postavkama" }
    : { before: "You can turn these e-mails off in ", page: "Settings" };
  const legal = legalFooter(lang, publicUrl);
  const notMineLabel = lang === "hr" ? "Nije moj gost" : "Not my guest";
  const approveLabel = lang === "hr" ? "Odobri goste" : "Approve guests";
  const answerLabel = lang === "hr" ? "Potvrdi ili odbij" : "Confirm or decline";
  const approves = held
    ? lang === "hr"
      ? `"${approveLabel}" odobrava samo ove goste: ${held.list.join(", ")}`
      : `"${approveLabel}" approves only these guests: ${held.list.join(", ")}`
    : undefined;
  const text = [
    body,
    ...(approves ? ["", approves] : []),
    "",
    `${wording.action}: ${link}`,
    ...(approveUrl ? [`${approveLabel}: ${approveUrl}`] : []),
    ...(answerUrl ? [`${answerLabel}: ${answerUrl}`] : []),
    ...(notMineUrl ? [`${notMineLabel}: ${notMineUrl}`] : []),
    "",
    `${footer.before}${footer.page}: ${settingsUrl}`,
    "Prijavko",
    "",
    legal.text,
  ].join("\n");
  const approveButton = approveUrl
    ? ` <a href="${
      escapeHtml(approveUrl)
    }" style="display:inline-block;padding:12px 20px;background:#15803d;color:#fff;border-radius:8px;text-decoration:none">${
      escapeHtml(approveLabel)
    }</a>`
    : "";
  const answerButton = answerUrl
    ? ` <a href="${
      escapeHtml(answerUrl)
    }" style="display:inline-block;padding:12px 20px;background:#15803d;color:#fff;border-radius:8px;text-decoration:none">${
      escapeHtml(answerLabel)
    }</a>`
    : "";
  const notMineButton = notMineUrl
    ? ` <a href="${
      escapeHtml(notMineUrl)
    }" style="display:inline-block;padding:12px 20px;background:#b91c1c;color:#fff;border-radius:8px;text-decoration:none">${
      escapeHtml(notMineLabel)
    }</a>`
    : "";
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(body).replaceAll("\n", "<br>")}</p>${
      approves ? `\n<p>${escapeHtml(approves)}</p>` : ""
    }
<p><a href="${
      escapeHtml(link)
    }" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;border-radius:8px;text-decoration:none">${
      escapeHtml(wording.action)
    }</a>${approveButton}${answerButton}${notMineButton}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer.before)}<a href="${
      escapeHtml(settingsUrl)
    }">${escapeHtml(footer.page)}</a>.</p><p>Prijavko</p>${legal.html}</body></html>`;
  const subject = held?.subject ?? wording.subject(placeholders);
  return { to, from, subject: `${subject} – Prijavko`, text, html };
}
