/**
 * The account e-mails (confirm the address, reset the password, the address changed, failed
 * sign-ins, deletion scheduled, a team invitation) in Croatian and English, and the parts the
 * other account e-mails reuse (greeting, escaping, the language). One file: it is a table of
 * texts, each kind's two languages beside each other, with the few lines that assemble them.
 */
import type { OutgoingMail } from "./mailer.ts";
import { legalFooter } from "./legal-footer.ts";

export type AccountEmailKind =
  | "confirmEmail"
  | "changeEmail"
  | "resetPassword"
  | "emailChangeNotice"
  | "signInFailures"
  | "deletionScheduled"
  | "propertyInvitation";
export type Language = "hr" | "en";

interface Template {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

/** To the invited address (issue 22), in the inviting host's language. */
const INVITATION: Record<Language, Template> = {
  hr: {
    subject: "Pozivnica za suradnju na objektu",
    intro:
      "pozvani ste da u Prijavku pomažete oko jednog smještajnog objekta. Prihvatite pozivnicu: prijavite se ili se registrirajte ovom e-mail adresom.",
    action: "Prihvati pozivnicu",
    validity: "Poveznica vrijedi 7 dana i samo jednom.",
    ignore: "Ako ne očekujete ovu pozivnicu, zanemarite ovu poruku.",
  },
  en: {
    subject: "An invitation to help with a property",
    intro:
      "you have been invited to help with a property in Prijavko. Accept the invitation: sign in or sign up with this e-mail address.",
    action: "Accept the invitation",
    validity: "The link works for 7 days and only once.",
    ignore: "If you do not expect this invitation, you can ignore this message.",
  },
};

const TEMPLATES: Record<AccountEmailKind, Record<Language, Template>> = {
  propertyInvitation: INVITATION,
  confirmEmail: {
    hr: {
      subject: "Potvrdite svoju e-mail adresu",
      intro: "hvala što ste se registrirali u Prijavko. Za prijavu potvrdite svoju e-mail adresu.",
      action: "Potvrdi e-mail adresu",
      validity: "Poveznica vrijedi 48 sati.",
      ignore: "Ako se niste registrirali, zanemarite ovu poruku.",
    },
    en: {
      subject: "Confirm your e-mail address",
      intro:
        "thank you for registering with Prijavko. Please confirm your e-mail address to sign in.",
      action: "Confirm e-mail address",
      validity: "The link works for 48 hours.",
      ignore: "If you did not register, you can ignore this message.",
    },
  },
  changeEmail: {
    hr: {
      subject: "Potvrdite novu e-mail adresu",
      intro: "zatražili ste promjenu e-mail adrese za prijavu u Prijavko. Potvrdite novu adresu.",
      action: "Potvrdi novu adresu",
      validity: "Poveznica vrijedi 24 sata. Do potvrde se prijavljujete starom adresom.",
      ignore: "Ako niste zatražili promjenu, zanemarite ovu poruku.",
    },
    en: {
      subject: "Confirm your new e-mail address",
      intro:
        "you asked to change the e-mail address you sign in to Prijavko with. Please confirm it.",
      action: "Confirm new address",
      validity: "The link works for 24 hours. Until then you sign in with your old address.",
      ignore: "If you did not ask for this, you can ignore this message.",
    },
  },
  resetPassword: {
    hr: {
      subject: "Postavite novu lozinku",
      intro: "zatražili ste novu lozinku za Prijavko.",
      action: "Postavi novu lozinku",
      validity: "Poveznica vrijedi 1 sat i može se upotrijebiti jednom.",
      ignore: "Ako niste zatražili novu lozinku, zanemarite ovu poruku; lozinka ostaje ista.",
    },
    en: {
      subject: "Set a new password",
      intro: "you asked for a new Prijavko password.",
      action: "Set a new password",
      validity: "The link works for 1 hour and only once.",
      ignore:
        "If you did not ask for a new password, ignore this message; your password stays the same.",
    },
  },
  emailChangeNotice: {
    hr: {
      subject: "Zatražena je promjena e-mail adrese",
      intro:
        "netko je zatražio da se u Prijavko ubuduće prijavljuje drugom e-mail adresom umjesto ove. Ako ste to bili vi, ništa ne trebate učiniti.",
      action: "Nisam ja – poništi promjenu i odjavi sve",
      validity:
        "Poveznica vraća ovu adresu za prijavu i odjavljuje sve uređaje. Vrijedi 7 dana i može se upotrijebiti jednom.",
      ignore: "Ako promjenu niste zatražili vi, nakon toga postavite i novu lozinku.",
    },
    en: {
      subject: "A change of e-mail address was requested",
      intro:
        "someone asked for your Prijavko account to sign in with another e-mail address instead of this one. If it was you, there is nothing to do.",
      action: "Not me – undo the change and sign everyone out",
      validity:
        "The link makes this address the sign-in address again and signs out every device. It works for 7 days and only once.",
      ignore: "If you did not ask for the change, set a new password afterwards as well.",
    },
  },
  signInFailures: {
    hr: {
      subject: "Neuspjeli pokušaji prijave",
      intro:
        "zabilježili smo niz neuspjelih pokušaja prijave u vaš Prijavko račun. Prijave su privremeno usporene; vi se i dalje možete prijaviti.",
      action: "Postavke računa",
      validity:
        "Ako to niste bili vi, provjerite je li vaša lozinka jedinstvena i uključite prijavu u dva koraka.",
      ignore: "Ako ste to bili vi, zanemarite ovu poruku.",
    },
    en: {
      subject: "Failed sign-in attempts",
      intro:
        "we noticed a series of failed attempts to sign in to your Prijavko account. Sign-ins are slowed down for a while; you can still sign in.",
      action: "Account settings",
      validity:
        "If it was not you, make sure your password is unique and turn on two-factor sign-in.",
      ignore: "If it was you, you can ignore this message.",
    },
  },
  deletionScheduled: {
    hr: {
      subject: "Vaš račun bit će obrisan za 14 dana",
      intro:
        "zatražili ste brisanje svog Prijavko računa. Za 14 dana trajno brišemo račun i sve njegove podatke: objekte, smještajne jedinice, rezervacije, goste i povezane eVisitor račune (njihove pristupne podatke). Račune za plaćene pretplate čuvamo onoliko koliko zakon o računovodstvu nalaže, bez podataka o gostima.",
      action: "Otkaži brisanje i zadrži račun",
      validity:
        "Poveznica vrijedi 14 dana i može se upotrijebiti jednom. Brisanje možete otkazati i gumbom nakon prijave.",
      ignore: "Ako ste to bili vi i želite otići, ništa ne trebate učiniti.",
    },
    en: {
      subject: "Your account will be deleted in 14 days",
      intro:
        "you asked for your Prijavko account to be deleted. In 14 days we permanently erase the account and all of its data: properties, units, reservations, guests and the connected eVisitor accounts (their credentials). Receipts for paid plans are kept for as long as the accounting law requires, without any guest data.",
      action: "Cancel the deletion and keep my account",
      validity:
        "The link works for 14 days and only once. You can also cancel with the button shown after you sign in.",
      ignore: "If it was you and you want to leave, there is nothing to do.",
    },
  },
};

export const GREETING: Record<Language, string> = { hr: "Pozdrav,", en: "Hello," };

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const languageOf = (language: string): Language => language === "en" ? "en" : "hr";

/**
 * What the password-reset e-mail adds about the account as it is (issue 30): the API tokens the
 * new password will revoke, and whether two-factor sign-in stays on and how to get in without the
 * app (a recovery code), so an owner whose app is gone, or someone else's, knows what to expect.
 */
export function passwordResetNotes(
  language: string,
  { apiTokens, twoFactorEnabled, supportEmail }: {
    apiTokens: number;
    twoFactorEnabled: boolean;
    supportEmail: string;
  },
): string[] {
  const lang = languageOf(language);
  const notes: string[] = [];
  if (apiTokens > 0) {
    notes.push(
      lang === "hr"
        ? `Nova lozinka opozvat će i sve API tokene vašeg računa (sada ih ima ${apiTokens}): skripte i programi koji ih koriste prestat će raditi dok im u postavkama računa ne izradite nove.`
        : `A new password also revokes every API token of your account (there are ${apiTokens} now): scripts and programs using them stop working until you make new ones in account settings.`,
    );
  }
  notes.push(
    twoFactorEnabled
      ? (lang === "hr"
        ? `Dvostruka autentifikacija ostaje uključena: i uz novu lozinku prijava traži kôd iz aplikacije za autentifikaciju. Ako aplikaciju više nemate, prijavite se jednim od kodova za oporavak koje ste spremili kad ste je uključili, pa je u postavkama računa isključite i ponovno uključite. Ako nemate ni kodove za oporavak, ili aplikaciju niste uključili vi, javite nam se na ${supportEmail}.`
        : `Two-factor authentication stays on: with the new password, signing in still asks for a code from your authenticator app. If you no longer have the app, sign in with one of the recovery codes you saved when you turned it on, then turn it off and on again in account settings. If you have no recovery codes either, or it was not you who turned it on, write to us at ${supportEmail}.`)
      : (lang === "hr"
        ? "Dvostruka autentifikacija nije uključena: za prijavu će biti dovoljna nova lozinka. Uključite je u postavkama računa da vaš račun ostane siguran i ako netko dozna lozinku."
        : "Two-factor authentication is off: the new password is all it takes to sign in. Turn it on in account settings so your account stays safe even if someone learns your password."),
  );
  return notes;
}

/** A team role as an e-mail or a push names it ("sudomaćin", "reception"). */
const ROLE_NAMES: Record<Language, Record<string, string>> = {
  hr: { CoHost: "sudomaćin", Reception: "recepcija" },
  en: { CoHost: "co-host", Reception: "reception" },
};
export const roleNameOf = (role: string, lang: Language): string => ROLE_NAMES[lang][role] ?? role;
const ROLE_DOES: Record<Language, Record<string, string>> = {
  hr: {
    CoHost: "sve za taj objekt osim pretplate i pristupnih podataka za eVisitor",
    Reception: "boravci, prijava gostiju i ispis QR koda, bez dokumenata gostiju i postavki",
  },
  en: {
    CoHost: "everything for that property except the subscription and the eVisitor credentials",
    Reception: "stays, guest check-in and QR printing, without guests' documents or settings",
  },
};

/** Text without line breaks or control characters (a name typed into a profile). */
const oneLine = (text: string) =>
  // deno-lint-ignore no-control-regex -- control characters are exactly what goes
  text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

/**
 * The invitation's subject and opening (issue 32): who invited (their name, if their profile
 * has one, and their address), to which property and in which role, and what the role may do.
 */
export function invitationIntro(
  language: string,
  { inviterName, inviterEmail, property, role }: {
    inviterName: string | null;
    inviterEmail: string | null;
    property: string;
    role: string;
  },
): { subject: string; intro: string } {
  const lang = languageOf(language);
  const name = oneLine(inviterName ?? "");
  const address = oneLine(inviterEmail ?? "");
  const who = name && address ? `${name} (${address})` : name || address ||
    (lang === "hr" ? "Vlasnik objekta" : "The property's owner");
  const place = oneLine(property);
  const roleName = roleNameOf(role, lang);
  const does = ROLE_DOES[lang][role];
  return lang === "hr"
    ? {
      subject: `${name || address || "Vlasnik objekta"} vas poziva u tim objekta ${place}`,
      intro: `${who} poziva vas da u Prijavku pomažete oko objekta „${place}” u ulozi: ${roleName}${
        does ? ` (${does})` : ""
      }. Prihvatite pozivnicu: prijavite se ili se registrirajte ovom e-mail adresom.`,
    }
    : {
      subject: `${name || address || "The property's owner"} invites you to the team of ${place}`,
      intro: `${who} invites you to help with the property "${place}" in Prijavko as ${roleName}${
        does ? ` (${does})` : ""
      }. Accept the invitation: sign in or sign up with this e-mail address.`,
    };
}

/** The e-mail with a confirmation or reset link, in the person's language (Croatian by default). */
export function composeAccountEmail(
  kind: AccountEmailKind,
  { to, from, link, language, publicUrl, notes = [], subject, intro }: {
    to: string;
    from: string;
    link: string;
    language: string;
    /** The site's address, for the legal pages at the foot. */
    publicUrl: string;
    /** Paragraphs about the account as it is, after the link (the password reset's). */
    notes?: string[];
    /** In place of the template's subject and opening (the invitation's, naming who and where). */
    subject?: string;
    intro?: string;
  },
): OutgoingMail {
  const lang = languageOf(language);
  const template = TEMPLATES[kind][lang];
  const t = { ...template, subject: subject ?? template.subject, intro: intro ?? template.intro };
  const legal = legalFooter(lang, publicUrl);
  const text = [
    GREETING[lang],
    "",
    t.intro,
    "",
    `${t.action}: ${link}`,
    "",
    ...notes.flatMap((note) => [note, ""]),
    t.validity,
    t.ignore,
    "",
    "Prijavko",
    "",
    legal.text,
  ]
    .join("\n");
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#1e293b">
<p>${GREETING[lang]}</p><p>${escapeHtml(t.intro)}</p>
<p><a href="${
      escapeHtml(link)
    }" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;border-radius:8px;text-decoration:none">${
      escapeHtml(t.action)
    }</a></p>
${
      notes.map((note) => `<p>${escapeHtml(note)}</p>\n`).join("")
    }<p style="font-size:13px;color:#475569">${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>
<p style="font-size:13px;color:#475569">${
      escapeHtml(link)
    }</p><p>Prijavko</p>${legal.html}</body></html>`;
  return { to, from, subject: `${t.subject} – Prijavko`, text, html };
}
