import { z } from "zod";
import { DocumentTypeSchema, GenderSchema } from "../enums.ts";
import { CountryCode, DateOnly } from "./fields.ts";

export const MRZ_FORMATS = ["TD1", "TD2", "TD3"] as const;

/**
 * What POST /Reservations/Guests/MRZ answers: the guest fields a document's MRZ gives, named as
 * in Guest, for the check-in form to fill in. Names are in the MRZ's Latin transliteration
 * (Müller may come back as "Mueller"), so the guest should look them over. `citizenship` is null
 * for MRZ codes that are no country (stateless XXA, refugee XXB, United Nations UNO, ...).
 */
export const MrzGuest = z
  .object({
    name: z.string(),
    middleName: z.string().nullable(),
    surname: z.string(),
    gender: GenderSchema,
    dateOfBirth: DateOnly,
    citizenship: CountryCode.nullable(),
    documentType: DocumentTypeSchema,
    documentNumber: z.string(),
    /** Not part of the guest record; lets the form warn about an expired document. */
    documentExpiryDate: DateOnly,
    mrzFormat: z.enum(MRZ_FORMATS),
  })
  .meta({ id: "MrzGuest" });
export type MrzGuest = z.infer<typeof MrzGuest>;
