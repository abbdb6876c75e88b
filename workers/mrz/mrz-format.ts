/** The three ICAO 9303 MRZ layouts: number of lines and characters per line. */
export const MRZ_LAYOUTS = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
} as const;
export type MrzFormat = keyof typeof MRZ_LAYOUTS;
export const MRZ_FORMATS = Object.keys(MRZ_LAYOUTS) as MrzFormat[];

/** The MRZ alphabet: the only characters the OCR may answer. */
export const MRZ_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
