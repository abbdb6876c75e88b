import { states } from "mrz";

/**
 * The codes an MRZ may carry for an issuing state or a nationality, padded to three characters:
 * the `mrz` library's list (ISO 3166-1 alpha-3 and ICAO's own, such as `D<<`, `XXA`, `GBN`), and
 * `UTO`, the fictional Utopia of ICAO 9303's specimen documents (it names no country: the guest's
 * citizenship stays empty, to-guest.ts).
 */
export const MRZ_STATE_CODES: ReadonlySet<string> = new Set(
  [...Object.keys(states), "UTO"].map((code) => code.padEnd(3, "<")),
);

/** Whether three MRZ characters are a state code (`D<<` included). */
export const isMrzState = (text: string) => MRZ_STATE_CODES.has(text);
