/**
 * The guests of bench/load.ts, shared by the Deno orchestrator (seeding) and the Node load driver
 * (bench/load-driver.mjs, the write mix).
 */

const FIRST_NAMES = [
  "Birgitte",
  "Lukas",
  "Marie",
  "Jonas",
  "Ana",
  "Matteo",
  "Sofia",
  "Jakob",
  "Emma",
  "Tomasz",
  "Léa",
  "Henrik",
];
const SURNAMES = [
  "Rasmussen",
  "Müller",
  "Novak",
  "Rossi",
  "Kowalski",
  "Dubois",
  "Jensen",
  "Hofer",
  "Horvat",
  "Svensson",
  "Bauer",
];
/** EU residents: no border crossing is asked, as for most guests. */
const PLACES = [
  { country: "DNK", city: "København" },
  { country: "DEU", city: "München" },
  { country: "AUT", city: "Graz" },
  { country: "SVN", city: "Ljubljana" },
  { country: "ITA", city: "Trieste" },
  { country: "POL", city: "Kraków" },
  { country: "FRA", city: "Lyon" },
];

/**
 * Guest number `i` of a run as the check-in form sends it (POST /api/Reservations/Guests): a
 * different name, birth date (adults, teenagers and children: every tourist-tax category),
 * country and document number every time, so no two guests are the same person for the product
 * (document per stay) or for eVisitor (document per facility). `runTag` (4 letters) keeps runs
 * against one simulator apart.
 *
 * @param {number} i
 * @param {string} runTag
 */
export function guestNumber(i, runTag) {
  const place = PLACES[i % PLACES.length];
  const year = 1946 + (i * 7) % 76; // 1946 … 2021
  const month = 1 + (i * 5) % 12;
  const day = 1 + (i * 11) % 28;
  return {
    firstName: FIRST_NAMES[i % FIRST_NAMES.length],
    surname: SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length],
    gender: i % 2, // Gender.Male = 0, Gender.Female = 1
    dateOfBirth: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    citizenship: place.country,
    countryOfBirth: place.country,
    cityOfBirth: place.city,
    countryOfResidence: place.country,
    cityOfResidence: place.city,
    documentType: 1, // DocumentType.Passport
    documentNumber: `${runTag}${String(i).padStart(8, "0")}`,
  };
}
