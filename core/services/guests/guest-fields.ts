import type { GuestForm } from "@shared/schemas/guest.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";

/** A document as eVisitor compares them: type and number, case and spacing aside. */
export function documentIdentity(form: Pick<GuestForm, "documentType" | "documentNumber">) {
  return `${form.documentType}:${form.documentNumber.replace(/\s+/g, "").toUpperCase()}`;
}

/** The stored columns of a guest form: the document number sealed, its fingerprint beside it. */
export async function guestColumnsOf(form: GuestForm, secretBox: SecretBox) {
  const documentNumber = form.documentNumber.replace(/\s+/g, "").toUpperCase();
  return {
    name: form.firstName,
    middleName: form.middleName || null,
    surname: form.surname,
    gender: form.gender,
    dateOfBirth: form.dateOfBirth,
    citizenship: form.citizenship,
    countryOfBirth: form.countryOfBirth,
    cityOfBirth: form.cityOfBirth || null,
    countryOfResidence: form.countryOfResidence,
    cityOfResidence: form.cityOfResidence,
    residenceAddress: form.residenceAddress || null,
    documentType: form.documentType,
    documentNumberSealed: await secretBox.seal(documentNumber),
    documentKey: await secretBox.fingerprint(documentIdentity(form)),
    email: form.email || null,
    telephone: form.telephone || null,
    borderCrossing: form.borderCrossing || null,
    passageDate: form.passageDate || null,
  };
}
