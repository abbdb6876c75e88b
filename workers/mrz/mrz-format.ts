/** The three ICAO 9303 MRZ layouts: number of lines and characters per line. */
export const MRZ_LAYOUTS = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
} as const;
export type MrzFormat = keyof typeof MRZ_LAYOUTS;
export const MRZ_FORMATS = Object.keys(MRZ_LAYOUTS) as MrzFormat[];

/**
 * Visas (ICAO 9303 part 7) have the zones of passports and TD2 cards: MRV-A is 2 × 44, MRV-B
 * 2 × 36. Their document code starts with V; they carry no composite check digit and no check
 * digit on the optional data.
 */
export const VISA_OF = { TD3: "MRVA", TD2: "MRVB" } as const;
export type VisaFormat = (typeof VISA_OF)[keyof typeof VISA_OF];
/**
 * The French national identity card of the old format (issued until 2021, valid for years yet):
 * 2 × 36 like TD2 but not ICAO's layout. Line 1: ID, FRA, the surname (25), the issuing office
 * (6); line 2: the card number (12) and its check digit, the given names (14), the birth date and
 * its check digit, the sex, a check digit over both lines. No expiry date.
 */
export const FRENCH_ID = "FRENCH_ID";
/** What a read document is: its zone's layout, a visa, or the old French identity card. */
export type DocumentFormat = MrzFormat | VisaFormat | typeof FRENCH_ID;
export const isVisa = (format: DocumentFormat): format is VisaFormat =>
  format === "MRVA" || format === "MRVB";
/** The zone layout of a document format. */
export const layoutOf = (format: DocumentFormat): MrzFormat =>
  format === "MRVA" ? "TD3" : format === "MRVB" || format === FRENCH_ID ? "TD2" : format;

/** The MRZ alphabet: the only characters the OCR may answer. */
export const MRZ_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
