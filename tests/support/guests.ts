import { DocumentType, Gender } from "@shared/enums.ts";

/** A complete guest form (a Danish resident: no border crossing asked), for tests to vary. */
export const BIRGITTE = {
  firstName: "Birgitte",
  surname: "Rasmussen",
  gender: Gender.Female,
  dateOfBirth: "1961-10-25",
  citizenship: "DNK",
  countryOfBirth: "DNK",
  cityOfBirth: "Køge",
  countryOfResidence: "DNK",
  cityOfResidence: "København",
  documentType: DocumentType.Passport,
  documentNumber: "109957822",
};
