/**
 * The e-mail telling a user that their account's security changed (password changed or reset,
 * two-factor turned on or off, new recovery codes, a new API token), in Croatian and English, and
 * the consumer that sends it once per account event. One file: the two language tables are most of
 * its length, and the facts the e-mail lists (when, from which browser) are composed and sent in a
 * few lines beside them.
 */
import { and, eq } from "drizzle-orm";
import { APP_ROUTES, inLanguage } from "@shared/app-routes.ts";
import { AccountSecurityChanged } from "@shared/events.ts";
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import { accountEvents } from "@core/db/schema/account-events.ts";
import { users } from "@core/db/schema/users.ts";
import type { SecurityChangeKind } from "@core/services/users/security-notice.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { type ConsumerDefinition, defineConsumer } from "../runner/worker.ts";
import { escapeHtml, GREETING, type Language, languageOf } from "./account-emails.ts";
import { legalFooter } from "./legal-footer.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";
import { describeUserAgent, isUserAgentDescription } from "@core/platform/user-agent.ts";

/** What the e-mail reports: the account history entry, and two-factor as it is now. */
export interface SecurityChange {
  kind: SecurityChangeKind;
  at: Date;
  address: string | null;
  userAgent: string | null;
  tokenName?: string;
  tokenScopes?: string[];
  revokedApiTokens?: number;
  twoFactorEnabled: boolean;
}

interface Wording {
  subject: string;
  /** What happened, after the greeting. */
  intro(change: SecurityChange, support: string): string;
  /** What to do when it was not the owner. */
  notMe(support: string): string;
}

const HR: Record<SecurityChangeKind, Wording> = {
  ApiTokenCreated: {
    subject: "Izrađen je novi API token",
    intro: () =>
      "u vašem Prijavko računu izrađen je novi API token. Njime se preko API-ja pristupa vašim objektima, jedinicama, rezervacijama, kalendarima i gostima dok ga ne opozovete.",
    notMe: () =>
      "Ako to niste bili vi, netko ima pristup vašem računu: odmah postavite novu lozinku. Nova lozinka odjavljuje sve uređaje i opoziva sve API tokene; token možete opozvati i u postavkama računa (API tokeni).",
  },
  TwoFactorEnabled: {
    subject: "Uključena je dvostruka autentifikacija",
    intro: () =>
      "za vaš Prijavko račun uključena je dvostruka autentifikacija: prijava od sada uz lozinku traži i kôd iz aplikacije za autentifikaciju.",
    notMe: (support) =>
      `Ako to niste bili vi, netko zna vašu lozinku i ima pristup vašem računu, a kodove za prijavu sada daje njegova aplikacija, ne vaša: sama nova lozinka tada vas neće vratiti u račun. Odmah postavite novu lozinku (odjavljuje sve uređaje i opoziva sve API tokene) i javite nam se na ${support}, pomoći ćemo vam da vratite pristup.`,
  },
  TwoFactorDisabled: {
    subject: "Isključena je dvostruka autentifikacija",
    intro: () =>
      "za vaš Prijavko račun isključena je dvostruka autentifikacija: za prijavu je opet dovoljna lozinka, a dosadašnji kodovi za oporavak više ne vrijede.",
    notMe: () =>
      "Ako to niste bili vi, netko ima pristup vašem računu: odmah postavite novu lozinku (odjavljuje sve uređaje i opoziva sve API tokene), a zatim dvostruku autentifikaciju ponovno uključite u postavkama računa.",
  },
  TwoFactorRecoveryCodesReset: {
    subject: "Izrađeni su novi kodovi za oporavak",
    intro: () =>
      "za dvostruku autentifikaciju vašeg Prijavko računa izrađeni su novi kodovi za oporavak. Dosadašnji kodovi više ne vrijede.",
    notMe: () =>
      "Ako to niste bili vi, netko zna vašu lozinku i ima pristup vašem računu, a nove kodove ima on: odmah postavite novu lozinku (odjavljuje sve uređaje i opoziva sve API tokene), a zatim u postavkama računa izradite nove kodove za oporavak.",
  },
  PasswordChanged: {
    subject: "Lozinka je promijenjena",
    intro: () =>
      "lozinka vašeg Prijavko računa je promijenjena. Ostali uređaji na kojima ste bili prijavljeni su odjavljeni.",
    notMe: () =>
      "Ako to niste bili vi, postavite novu lozinku poveznicom ispod: poveznica za novu lozinku stiže na ovu adresu, a nova lozinka odjavljuje sve uređaje i opoziva sve API tokene.",
  },
  PasswordReset: {
    subject: "Postavljena je nova lozinka",
    intro: (change) =>
      [
        "za vaš Prijavko račun postavljena je nova lozinka poveznicom iz e-maila. Svi uređaji su odjavljeni.",
        change.revokedApiTokens
          ? `Opozvani su i svi API tokeni računa (${change.revokedApiTokens}): skripte i programi koji su ih koristili trebaju nove tokene, koje izrađujete u postavkama računa.`
          : "",
        change.twoFactorEnabled
          ? "Dvostruka autentifikacija ostala je uključena: prijava i dalje traži kôd iz aplikacije za autentifikaciju, ili jedan od kodova za oporavak ako aplikaciju više nemate."
          : "Dvostruka autentifikacija nije uključena; uključite je u postavkama računa da vaš račun ostane siguran i ako netko dozna lozinku.",
      ].filter(Boolean).join(" "),
    notMe: (support) =>
      `Ako to niste bili vi, netko čita vaš e-mail: odmah promijenite lozinku svog e-mail računa, zatim ponovno postavite novu lozinku za Prijavko i javite nam se na ${support}.`,
  },
};

const EN: Record<SecurityChangeKind, Wording> = {
  ApiTokenCreated: {
    subject: "A new API token was created",
    intro: () =>
      "a new API token was created in your Prijavko account. It reaches your properties, units, stays, calendars and guests through the API until it is revoked.",
    notMe: () =>
      "If it was not you, someone has access to your account: set a new password now. A new password signs out every device and revokes every API token; you can also revoke the token in account settings (API tokens).",
  },
  TwoFactorEnabled: {
    subject: "Two-factor authentication was turned on",
    intro: () =>
      "two-factor authentication was turned on for your Prijavko account: signing in now asks for a code from an authenticator app as well as the password.",
    notMe: (support) =>
      `If it was not you, someone knows your password and has access to your account, and the sign-in codes now come from their app, not yours: a new password alone will not get you back in. Set a new password now (it signs out every device and revokes every API token) and write to us at ${support}; we will help you get your account back.`,
  },
  TwoFactorDisabled: {
    subject: "Two-factor authentication was turned off",
    intro: () =>
      "two-factor authentication was turned off for your Prijavko account: the password alone signs in again, and the recovery codes no longer work.",
    notMe: () =>
      "If it was not you, someone has access to your account: set a new password now (it signs out every device and revokes every API token), then turn two-factor authentication on again in account settings.",
  },
  TwoFactorRecoveryCodesReset: {
    subject: "New recovery codes were made",
    intro: () =>
      "new recovery codes were made for your Prijavko account's two-factor authentication. The previous codes no longer work.",
    notMe: () =>
      "If it was not you, someone knows your password and has access to your account, and they hold the new codes: set a new password now (it signs out every device and revokes every API token), then make new recovery codes in account settings.",
  },
  PasswordChanged: {
    subject: "Your password was changed",
    intro: () =>
      "the password of your Prijavko account was changed. The other devices you were signed in on were signed out.",
    notMe: () =>
      "If it was not you, set a new password with the link below: the link for a new password comes to this address, and a new password signs out every device and revokes every API token.",
  },
  PasswordReset: {
    subject: "A new password was set",
    intro: (change) =>
      [
        "a new password was set for your Prijavko account with the link we e-mailed. Every device was signed out.",
        change.revokedApiTokens
          ? `Every API token of the account was revoked too (${change.revokedApiTokens}): scripts and programs that used them need new tokens, which you make in account settings.`
          : "",
        change.twoFactorEnabled
          ? "Two-factor authentication stays on: signing in still asks for a code from your authenticator app, or one of your recovery codes if you no longer have the app."
          : "Two-factor authentication is off; turn it on in account settings so your account stays safe even if someone learns your password.",
      ].filter(Boolean).join(" "),
    notMe: (support) =>
      `If it was not you, someone reads your e-mail: change the password of your e-mail account now, then set a new Prijavko password again and write to us at ${support}.`,
  },
};

const LABELS = {
  hr: {
    when: "Kada",
    browser: "Preglednik",
    address: "Adresa (IP)",
    token: "Token",
    scopes: "Dopuštenja",
    scope: { read: "čitanje", write: "pisanje" } as Record<string, string>,
    unknown: "nepoznato",
    zone: "po hrvatskom vremenu",
    itWasYou: "Ako ste to bili vi, ništa ne trebate učiniti.",
    action: "Nisam ja – postavi novu lozinku",
  },
  en: {
    when: "When",
    browser: "Browser",
    address: "Address (IP)",
    token: "Token",
    scopes: "Scopes",
    scope: { read: "read", write: "write" } as Record<string, string>,
    unknown: "unknown",
    zone: "Croatian time",
    itWasYou: "If it was you, there is nothing to do.",
    action: "Not me – set a new password",
  },
} as const;

/** A name someone typed, on one line (a token's name may hold line breaks). */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, " ").trim();

function factsOf(change: SecurityChange, lang: Language): [string, string][] {
  const l = LABELS[lang];
  const when = new Intl.DateTimeFormat(lang === "hr" ? "hr-HR" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: STAY_TIME_ZONE,
  }).format(change.at);
  const facts: [string, string][] = [];
  if (change.tokenName !== undefined) facts.push([l.token, oneLine(change.tokenName)]);
  if (change.tokenScopes) {
    facts.push([l.scopes, change.tokenScopes.map((scope) => l.scope[scope] ?? scope).join(", ")]);
  }
  facts.push(
    [l.when, `${when} (${l.zone})`],
    [l.browser, browserOf(change.userAgent) ?? l.unknown],
    [l.address, change.address ?? l.unknown],
  );
  return facts;
}

/**
 * The e-mail telling an account's owner of a security change (issue 30): what changed, when, from
 * which browser and address, and what to do if it was not them, with the link to set a new
 * password. Never a token, code or password.
 */
export function composeSecurityNotice(
  change: SecurityChange,
  { to, from, language, publicUrl, supportEmail }: {
    to: string;
    from: string;
    language: string;
    publicUrl: string;
    supportEmail: string;
  },
): OutgoingMail {
  const lang = languageOf(language);
  const wording = (lang === "hr" ? HR : EN)[change.kind];
  const l = LABELS[lang];
  const intro = wording.intro(change, supportEmail);
  const notMe = wording.notMe(supportEmail);
  const facts = factsOf(change, lang);
  const link = `${publicUrl}${inLanguage(APP_ROUTES.forgotPassword, lang)}`;
  const legal = legalFooter(lang, publicUrl);
  const text = [
    GREETING[lang],
    "",
    intro,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    l.itWasYou,
    notMe,
    "",
    `${l.action}: ${link}`,
    "",
    "Prijavko",
    "",
    legal.text,
  ].join("\n");
  const rows = facts.map(([label, value]) =>
    `<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:600">${
      escapeHtml(label)
    }</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`
  ).join("");
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#1e293b">
<p>${GREETING[lang]}</p><p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;font-size:14px">${rows}</table>
<p>${escapeHtml(l.itWasYou)}</p><p>${escapeHtml(notMe)}</p>
<p><a href="${
      escapeHtml(link)
    }" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;border-radius:8px;text-decoration:none">${
      escapeHtml(l.action)
    }</a></p>
<p style="font-size:13px;color:#475569">${
      escapeHtml(link)
    }</p><p>Prijavko</p>${legal.html}</body></html>`;
  return { to, from, subject: `${wording.subject} – Prijavko`, text, html };
}

const KINDS = new Set<string>(Object.keys(HR));
const isSecurityChangeKind = (kind: string): kind is SecurityChangeKind => KINDS.has(kind);

/**
 * E-mails the owner of every AccountSecurityChanged: the details come from the account history
 * entry the change wrote (so nothing personal travels through NATS). An entry or account gone by
 * then (erased) sends nothing; a redelivered event that was already handled sends nothing.
 */
export function securityNoticeConsumer(
  { mailer, from, publicUrl, supportEmail }: {
    mailer: Mailer;
    from: string;
    publicUrl: string;
    supportEmail: string;
  },
): ConsumerDefinition {
  const name = "notifications_securitychange";
  return defineConsumer({
    name,
    stream: "ACCOUNTS",
    event: AccountSecurityChanged,
    async handle({ id, payload }, { db, clock }) {
      if (await isProcessed(db, name, id)) return;
      const [user] = await db.select().from(users).where(eq(users.id, payload.userId));
      const [entry] = user
        ? await db.select().from(accountEvents).where(and(
          eq(accountEvents.id, payload.accountEventId),
          eq(accountEvents.userId, user.id),
        ))
        : [];
      if (user && entry && isSecurityChangeKind(entry.kind)) {
        await mailer.send(composeSecurityNotice({
          kind: entry.kind,
          at: entry.createdAt,
          address: entry.address,
          userAgent: entry.userAgent,
          tokenName: entry.details.tokenName,
          tokenScopes: entry.details.tokenScopes,
          revokedApiTokens: entry.details.revokedApiTokens,
          twoFactorEnabled: user.twoFactorEnabled,
        }, { to: user.email, from, language: user.language, publicUrl, supportEmail }));
      }
      await markProcessed(db, name, id, clock());
    },
  });
}

/** The history keeps a browser's name (rows from before it did, the header: named now). */
function browserOf(stored: string | null): string | null {
  if (!stored) return null;
  return oneLine(isUserAgentDescription(stored) ? stored : describeUserAgent(stored) ?? "") || null;
}
