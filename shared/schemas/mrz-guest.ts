import { z } from "zod";
import { DocumentTypeSchema, GenderSchema } from "../enums.ts";
import { CountryCode, DateOnly } from "./fields.ts";

/**
 * ICAO 9303 layouts: passports (TD3), cards (TD1, TD2) and visas (MRV-A, MRV-B); and the old
 * French identity card (2 × 36, its own layout, no expiry date in the zone).
 */
export const MRZ_FORMATS = ["TD1", "TD2", "TD3", "MRVA", "MRVB", "FRENCH_ID"] as const;

/** The fields of MrzGuest an MRZ reads, in the answer's order: those `uncertainFields` may name. */
export const MRZ_GUEST_READ_FIELDS = [
  "name",
  "surname",
  "gender",
  "dateOfBirth",
  "citizenship",
  "documentType",
  "documentNumber",
  "documentExpiryDate",
] as const;
export const MrzGuestReadField = z.enum(MRZ_GUEST_READ_FIELDS).meta({ id: "MrzGuestReadField" });
export type MrzGuestReadField = z.infer<typeof MrzGuestReadField>;

/**
 * What POST /Reservations/Guests/MRZ answers: the guest fields a document's MRZ gives, named as
 * in Guest, for the check-in form to fill in. Names are in the MRZ's Latin transliteration
 * (Müller may come back as "Mueller"), so the guest should look them over. `citizenship` is null
 * for MRZ codes that are no country (stateless XXA, refugee XXB, United Nations UNO, ...).
 * `uncertainFields` names the fields whose reading is not certain, for the guest to check against
 * the document; it is always there, empty when every field was read for sure. A visa (mrzFormat
 * MRVA or MRVB) gives its holder's fields only: it is not the identity document a guest registers
 * with, so documentType, documentNumber and documentExpiryDate are null.
 */
export const MrzGuest = z
  .object({
    name: z.string(),
    middleName: z.string().nullable(),
    surname: z.string(),
    gender: GenderSchema,
    dateOfBirth: DateOnly,
    citizenship: CountryCode.nullable(),
    /** Null for a visa, which is not the document a guest registers with. */
    documentType: DocumentTypeSchema.nullable(),
    documentNumber: z.string().nullable(),
    /**
     * Not part of the guest record; lets the form warn about an expired document. Null for a
     * visa and for a document whose zone has none (the old French identity card).
     */
    documentExpiryDate: DateOnly.nullable(),
    mrzFormat: z.enum(MRZ_FORMATS),
    uncertainFields: z.array(MrzGuestReadField).meta({
      description: "The fields of this answer whose reading is not certain (the readings " +
        "disagreed, a character was changed to satisfy a check digit, a look-alike such as 0/O " +
        "or 8/B sits where no check digit can tell, or the confidence is low), in the answer's " +
        "order; empty when every field was read for sure. Ask the guest to check each against " +
        "the document before going on.",
    }),
  })
  .meta({ id: "MrzGuest" });
export type MrzGuest = z.infer<typeof MrzGuest>;
