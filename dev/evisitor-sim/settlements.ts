/**
 * A sample of eVisitor's settlement code list (`SettlementLookup`, evisitor-api.md §4): the
 * places a guest born or living in Croatia is registered with. The real list has every Croatian
 * settlement; this one has enough to test with, including a place name with a hyphen of its own,
 * two settlements of one city sharing its post code, and an inactive entry.
 *
 * `Name` is the "Grad-Naselje" entry the check-in sends as CityOfResidence / CityOfBirth (§3.1:
 * "grad-naselje from the settlement codelist, e.g. 'Zagreb-Adamovec'"). Which columns eVisitor
 * combines is an open question (§6.9); the simulator keeps the entry whole in `Name`.
 */
import type { Row } from "./browse.ts";
import { lookupId } from "./lookups.ts";

interface Settlement {
  city: string;
  settlement: string;
  zip: string;
  active?: boolean;
}

const S = (city: string, settlement: string, zip: string, active = true): Settlement => ({
  city,
  settlement,
  zip,
  active,
});

export const SETTLEMENTS: readonly Settlement[] = [
  S("Zagreb", "Zagreb", "10000"),
  S("Zagreb", "Adamovec", "10363"),
  S("Zagreb", "Sesvete", "10360"),
  S("Zagreb", "Lučko", "10250"),
  S("Zagreb", "Brezovica", "10257"),
  S("Zagreb", "Odra", "10020"),
  S("Velika Gorica", "Velika Gorica", "10410"),
  S("Samobor", "Samobor", "10430"),
  S("Sveta Nedelja", "Sveta Nedelja", "10431"),
  S("Ivanić-Grad", "Ivanić-Grad", "10310"),
  S("Split", "Split", "21000"),
  S("Split", "Kamen", "21000"),
  S("Split", "Stobreč", "21311"),
  S("Split", "Žrnovnica", "21251"),
  S("Supetar", "Supetar", "21400"),
  S("Supetar", "Mirca", "21400"),
  S("Supetar", "Splitska", "21403"),
  S("Trogir", "Trogir", "21220"),
  S("Kaštela", "Kaštel Stari", "21216"),
  S("Kaštela", "Kaštel Sućurac", "21212"),
  S("Makarska", "Makarska", "21300"),
  S("Bol", "Bol", "21420"),
  S("Hvar", "Hvar", "21450"),
  S("Zadar", "Zadar", "23000"),
  S("Zadar", "Petrčane", "23231"),
  S("Zadar", "Kožino", "23000"),
  S("Zadar", "Bokanjac", "23000", false),
  S("Šibenik", "Šibenik", "22000"),
  S("Šibenik", "Zablaće", "22000"),
  S("Dubrovnik", "Dubrovnik", "20000"),
  S("Dubrovnik", "Mokošica", "20236"),
  S("Korčula", "Korčula", "20260"),
  S("Rijeka", "Rijeka", "51000"),
  S("Opatija", "Opatija", "51410"),
  S("Krk", "Krk", "51500"),
  S("Pula", "Pula", "52100"),
  S("Rovinj", "Rovinj", "52210"),
  S("Poreč", "Poreč", "52440"),
  S("Osijek", "Osijek", "31000"),
  S("Osijek", "Tenja", "31207"),
  S("Đakovo", "Đakovo", "31400"),
  S("Vukovar", "Vukovar", "32000"),
  S("Slavonski Brod", "Slavonski Brod", "35000"),
  S("Varaždin", "Varaždin", "42000"),
  S("Čakovec", "Čakovec", "40000"),
  S("Koprivnica", "Koprivnica", "48000"),
  S("Bjelovar", "Bjelovar", "43000"),
  S("Karlovac", "Karlovac", "47000"),
  S("Sisak", "Sisak", "44000"),
  S("Gospić", "Gospić", "53000"),
];

/** The "Grad-Naselje" entry of a settlement. */
export const settlementName = (s: Settlement) => `${s.city}-${s.settlement}`;

const cities = [...new Set(SETTLEMENTS.map((s) => s.city))];

export const settlementRows = (): Row[] =>
  SETTLEMENTS.map((s, i) => ({
    ID: lookupId(9, i),
    Active: s.active ?? true,
    CityMunicipalityHrID: lookupId(10, cities.indexOf(s.city)),
    HasZones: false,
    Name: settlementName(s),
    ZIPCode: s.zip,
  }));

/** Whether `name` is an active settlement's entry (case and surrounding spaces aside). */
export function isSettlement(name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return SETTLEMENTS.some((s) => s.active !== false && settlementName(s).toLowerCase() === wanted);
}
