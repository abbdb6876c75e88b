/**
 * "I. B.": the first letter of the name and of the surname, as the check-in page shows guests
 * other than one's own (issue 20); empty parts (an anonymised guest) are left out.
 */
export function initialsOf(name: string, surname: string): string {
  return [name, surname].map((part) => part.trim()).filter(Boolean)
    .map((part) => `${Array.from(part)[0].toLocaleUpperCase("hr")}.`).join(" ");
}
