import { message } from "@shared/messages.ts";
import type { ImportRowResult } from "@shared/schemas/reservation-import.ts";
import { documentIdentity } from "../../guests/guest-fields.ts";
import type { ParsedRow } from "./import-rows.ts";

/**
 * Ties each guest row to the stay row above it and settles both: a guest row without a stay, or
 * with errors or a document its stay already lists, is invalid, and so is its stay (a stay is
 * added with all its guests or not at all), as is a stay listing more guests than its number.
 * A valid guest row then follows its stay's outcome.
 */
export function withGuests(results: ImportRowResult[], rows: ParsedRow[]): ImportRowResult[] {
  const fail = (result: ImportRowResult, field: string, message: string) => {
    result.errors = { ...result.errors, [field]: [...(result.errors[field] ?? []), message] };
    result.outcome = "invalid";
  };
  let stay: { result: ImportRowResult; listed: number; documents: Set<string> } | undefined;
  const guestsOf = new Map<ImportRowResult, ImportRowResult[]>();
  results.forEach((result, i) => {
    const guest = rows[i].guest;
    if (result.kind === "stay") {
      stay = { result, listed: 0, documents: new Set() };
      guestsOf.set(result, []);
    } else if (!stay) {
      fail(result, "unit", message("importGuestWithoutStay"));
      return;
    } else {
      result.stayRow = stay.result.row;
      guestsOf.get(stay.result)!.push(result);
    }
    if (guest) {
      const document = documentIdentity(guest);
      if (stay.documents.has(document)) {
        fail(result, "documentNumber", message("importDocumentTwice"));
      }
      stay.documents.add(document);
      stay.listed++;
      if (stay.result.guests !== null && stay.listed === stay.result.guests + 1) {
        fail(stay.result, "guests", message("importTooManyGuests"));
      }
    }
    if (result.kind === "guest" && result.outcome === "invalid" && hasErrors(result)) {
      fail(stay.result, "guestRows", message("importGuestRowInvalid"));
    }
  });
  for (const [stayResult, guestRows] of guestsOf) {
    for (const guestRow of guestRows) {
      if (!hasErrors(guestRow)) guestRow.outcome = stayResult.outcome;
    }
  }
  return results;
}

const hasErrors = (result: ImportRowResult) => Object.keys(result.errors).length > 0;
