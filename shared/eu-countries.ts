/**
 * The European Union's member states (ISO 3166-1 alpha-3). eVisitor asks for the border crossing
 * and the date of entry of every guest whose country of residence is outside the EU
 * (evisitor-api.md §3.1), so the check-in form shows those two fields only to them. eVisitor's
 * own list (CountryLookup.IsEUMember) is the authority when registering; this copy decides what
 * the form asks, and changes only when the Union does.
 */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  "AUT",
  "BEL",
  "BGR",
  "HRV",
  "CYP",
  "CZE",
  "DNK",
  "EST",
  "FIN",
  "FRA",
  "DEU",
  "GRC",
  "HUN",
  "IRL",
  "ITA",
  "LVA",
  "LTU",
  "LUX",
  "MLT",
  "NLD",
  "POL",
  "PRT",
  "ROU",
  "SVK",
  "SVN",
  "ESP",
  "SWE",
]);

/** Whether eVisitor needs the border crossing and entry date for a guest living in `country`. */
export function needsBorderCrossing(countryOfResidence: string): boolean {
  return /^[A-Z]{3}$/.test(countryOfResidence) && !EU_MEMBER_STATES.has(countryOfResidence);
}
