import countries from "i18n-iso-countries";

/**
 * Countries as eVisitor takes them: ISO 3166-1 alpha-3 codes (about 249). The code list comes from
 * i18n-iso-countries (the site also takes the names in each language from it).
 */
export function isKnownCountry(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && countries.isValid(code);
}
