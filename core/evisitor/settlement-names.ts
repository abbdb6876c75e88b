/**
 * The "Grad-Naselje" entry a Croatian city is sent as (CityOfBirth / CityOfResidence). This is the
 * one place the product decides it; everything else stores and sends the entry made here.
 *
 * What is known (evisitor-api.md): the check-in takes, for a place in Croatia, "grad-naselje from
 * the settlement codelist, e.g. 'Zagreb-Adamovec'" (§3.1); SettlementLookup has the columns ID,
 * Active, CityMunicipalityHrID, HasZones, Name, ZIPCode (§4); which columns make the entry is not
 * documented (§6.9). Two readings of `Name` are plausible, and an eVisitor written from the same
 * text (a fake, or the real one) may use either:
 *
 * 1. `Name` is already the prepared entry, "Zagreb-Adamovec" (the wiki's "pripremljeni
 *    šifrarnik"; our simulator does this). It is sent as it is.
 * 2. `Name` is the settlement's own name, "Adamovec", and the city is the group of settlements
 *    sharing a CityMunicipalityHrID, named after its own settlement ("Zagreb"). The entry is then
 *    "<the city's own settlement>-<Name>": "Zagreb-Adamovec", and "Zagreb-Zagreb" for the city's
 *    own settlement (the same form for every entry, as the reference's example has it).
 *
 * Which reading a list follows is decided for the whole list: it is prepared (1) when every city
 * with more than one settlement has all its names starting with one "<city>-" prefix (in reading 2
 * a city's settlements do not share a hyphenated prefix); a list of single-settlement cities is
 * prepared when every name has a hyphen. In reading 2 the city's own settlement is, in this order:
 * the one whose ID is the CityMunicipalityHrID, the city's only settlement, the one with the
 * lowest post code (a city's own settlement has its main post office: Zagreb 10000, Adamovec
 * 10363), then the shortest name, then the first alphabetically. A settlement without a
 * CityMunicipalityHrID is a city of its own.
 *
 * Limits, knowingly: a city not named after any of its settlements (Kaštela's are Kaštel Stari,
 * Kaštel Sućurac…) cannot be named right from these columns in reading 2; nothing in the
 * documented lookups names it. The real service's answer would settle this (§6.9).
 */

export interface SettlementRow {
  id: string;
  name: string;
  cityId: string | null;
  zipCode: string | null;
}

/** Whether all `names` start with one prefix that ends at a hyphen ("Zagreb-"). */
function sharePrefix(names: string[]): boolean {
  const first = names[0];
  for (let i = first.indexOf("-"); i > 0; i = first.indexOf("-", i + 1)) {
    const prefix = first.slice(0, i + 1).toLowerCase();
    if (names.every((n) => n.toLowerCase().startsWith(prefix) && n.length > prefix.length)) {
      return true;
    }
  }
  return false;
}

function citiesOf(rows: SettlementRow[]): Map<string, SettlementRow[]> {
  const cities = new Map<string, SettlementRow[]>();
  for (const row of rows) {
    const key = (row.cityId ?? `settlement:${row.id}`).toLowerCase();
    cities.set(key, [...cities.get(key) ?? [], row]);
  }
  return cities;
}

/** Whether the list's names are already "Grad-Naselje" entries (reading 1). */
export function isPreparedList(rows: SettlementRow[]): boolean {
  const cities = [...citiesOf(rows).values()];
  const shared = cities.filter((c) => c.length > 1);
  if (shared.length > 0) return shared.every((c) => sharePrefix(c.map((r) => r.name.trim())));
  return rows.length > 0 && rows.every((r) => r.name.trim().indexOf("-") > 0);
}

/** The settlement a city is named after (reading 2), by the order in the module's comment. */
export function citySettlementOf(city: SettlementRow[]): SettlementRow {
  const cityId = city[0].cityId?.toLowerCase();
  const own = city.find((r) => cityId !== undefined && r.id.toLowerCase() === cityId);
  if (own) return own;
  const zip = (
    r: SettlementRow,
  ) => (r.zipCode && /^\d+$/.test(r.zipCode) ? Number(r.zipCode) : 1e9);
  return [...city].sort((a, b) =>
    zip(a) - zip(b) || a.name.trim().length - b.name.trim().length ||
    a.name.localeCompare(b.name, "hr")
  )[0];
}

/** Each settlement's "Grad-Naselje" entry, by settlement ID. */
export function gradNaseljeEntries(rows: SettlementRow[]): Map<string, string> {
  const entries = new Map<string, string>();
  if (isPreparedList(rows)) {
    for (const row of rows) entries.set(row.id, row.name.trim());
    return entries;
  }
  for (const city of citiesOf(rows).values()) {
    const cityName = citySettlementOf(city).name.trim();
    for (const row of city) entries.set(row.id, `${cityName}-${row.name.trim()}`);
  }
  return entries;
}
