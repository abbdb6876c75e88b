import countries from "i18n-iso-countries";
import de from "i18n-iso-countries/langs/de.json" with { type: "json" };
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import hr from "i18n-iso-countries/langs/hr.json" with { type: "json" };
import it from "i18n-iso-countries/langs/it.json" with { type: "json" };
import { proofOfResidencePath } from "@shared/app-routes.ts";
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import type { ProofOfResidence } from "@shared/schemas/proof-of-residence.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { encodeBase64 } from "../../platform/crypto/base64.ts";
import { html } from "../../platform/html.ts";
import { stayTimesOf, utcDateTimeOf } from "../reservations/stay-dates.ts";
import { AppError } from "../../errors.ts";
import { findOwnGuest } from "./guest-details.ts";
import { PROOF_LANGUAGES, PROOF_TEXTS, type ProofLanguage } from "./proof-of-residence-texts.ts";

for (const locale of [hr, en, de, it]) countries.registerLocale(locale);

const LOCALES: Record<ProofLanguage, string> = {
  hr: "hr-HR",
  en: "en-GB",
  de: "de-DE",
  it: "it-IT",
};

export function proofLanguageOf(code: string | undefined): ProofLanguage {
  const language = (code ?? "hr").slice(0, 2).toLowerCase();
  return (PROOF_LANGUAGES as readonly string[]).includes(language)
    ? language as ProofLanguage
    : "en";
}

const STYLE =
  `body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;
color:#111;line-height:1.5}h1{font-size:1.6rem;margin-bottom:.25rem}dl{display:grid;
grid-template-columns:auto 1fr;gap:.4rem 1.5rem;margin:1.5rem 0}dt{color:#555}dd{margin:0;
font-weight:600}.note{font-size:.85rem;color:#555;border-top:1px solid #ccc;padding-top:.75rem}
@media print{body{margin:0}}`;

/**
 * GET /Guests/proofOfResidence: a printable confirmation of a guest's stay, as an HTML page (in
 * the requested language: hr, en, de or it), base64 for the JSON answer, with the address of the
 * site page that prints it. Every value is escaped.
 */
export async function proofOfResidence(
  ctx: ServiceContext,
  { externalId, languageCode }: { externalId: string; languageCode?: string },
): Promise<ProofOfResidence> {
  const found = await findOwnGuest(ctx.db, actorIdOf(ctx), { externalId });
  const { guests: guest, reservations: stay, properties: property } = found;
  if (guest.anonymisedAt) {
    // Nothing left to print: the retention period after check-out has passed.
    throw new AppError("NotFound", {
      detail: "This guest's personal data was removed after the retention period.",
    });
  }
  const language = proofLanguageOf(languageCode);
  const t = PROOF_TEXTS[language];
  const times = stayTimesOf(found.accommodation_units, property);
  const dateTime = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: STAY_TIME_ZONE,
  });
  const date = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "UTC" });
  const documentNumber = await ctx.secretBox.open(guest.documentNumberSealed);
  const name = [guest.name, guest.middleName, guest.surname].filter(Boolean).join(" ");
  const page = html`
    <!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8">
        <title>${t.title} – ${name}</title>
        <style>${STYLE}</style>
      </head>
      <body>
        <h1>${t.title}</h1>
        <p>${t.intro}</p>
        <dl>
          <dt>${t.guest}</dt>
          <dd>${name}</dd>
          <dt>${t.dateOfBirth}</dt>
          <dd>${date.format(new Date(`${guest.dateOfBirth}T00:00:00Z`))}</dd>
          <dt>${t.citizenship}</dt>
          <dd>${countries.getName(guest.citizenship, language) ?? guest.citizenship}</dd>
          <dt>${t.document}</dt>
          <dd>${t.documentTypes[guest.documentType] ?? ""} ${documentNumber}</dd>
          <dt>${t.accommodation}</dt>
          <dd>${property.name}${property.address ? `, ${property.address}` : ""}</dd>
          <dt>${t.facilityCode}</dt>
          <dd>${property.facilityCode}</dd>
          <dt>${t.arrival}</dt>
          <dd>${dateTime.format(new Date(utcDateTimeOf(stay.startDate, times.checkIn)))}</dd>
          <dt>${t.departure}</dt>
          <dd>${dateTime.format(new Date(utcDateTimeOf(stay.endDate, times.checkOut)))}</dd>
          <dt>eVisitor</dt>
          <dd>${guest.registeredAt
            ? `${t.registered}: ${dateTime.format(guest.registeredAt)}`
            : t.notRegistered}</dd>
        </dl>
        <p class="note">${t.confidential}</p>
      </body>
    </html>
  `;
  return {
    htmlBase64Encoded: encodeBase64(new TextEncoder().encode(page)),
    proofOfResidenceUrl: `${ctx.config.publicUrl}${proofOfResidencePath(guest.guid, language)}`,
  };
}
